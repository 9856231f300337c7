import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_PAIR_LIMITS } from '../src/dashboard/sign-in-throttle.js';
import { cookieOf, dashboardSignIn, newDashboardOwner } from './support/dashboard.js';
import { startWebhookTestServer, type WebhookTestServer } from './support/webhook-server.js';

// The dashboard's protections over plain HTTP: sign-in, cookies, CSRF on every form, headers.

const PASSWORD = 'a long enough password';
let ctx: WebhookTestServer;
let owner: { accountId: string; email: string };

beforeAll(async () => {
  ctx = await startWebhookTestServer('pglite', {});
  owner = await newDashboardOwner(ctx.server, PASSWORD);
});
afterAll(async () => {
  await ctx?.close();
});

const signIn = (password = PASSWORD, email = owner.email.toUpperCase()) =>
  dashboardSignIn(ctx.server.url, email, password);

describe('dashboard over HTTP', () => {
  it('redirects to sign-in without a session, for pages and for forms', async () => {
    const pageResponse = await fetch(`${ctx.server.url}/dashboard/live`, { redirect: 'manual' });
    expect(pageResponse.status).toBe(303);
    expect(pageResponse.headers.get('location')).toBe('/dashboard/sign-in');
    const post = await fetch(`${ctx.server.url}/dashboard/live/secret/rotate`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'csrf=x',
    });
    expect(post.status).toBe(303);
  });

  it('signs in with a session cookie that is HttpOnly, SameSite=Strict and, over http, not Secure', async () => {
    const wrong = await signIn('wrong password here');
    expect(wrong.response.status).toBe(400);
    expect(wrong.session).toBeUndefined();
    const { response, session } = await signIn();
    expect(response.status).toBe(303);
    const line = response.headers.getSetCookie().find((l) => l.startsWith('rtw_session=')) ?? '';
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Strict');
    expect(line).toContain('Path=/dashboard');
    expect(line).not.toContain('Secure');
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Stored hashed: the token itself is nowhere in the database.
    const { rows } = await ctx.database.db.query('SELECT * FROM dashboard_sessions');
    expect(JSON.stringify(rows)).not.toContain(session);
  });

  it('delays a browser after wrong passwords for an address (5 a minute): 429 with Retry-After, even with the right password', async () => {
    const other = await newDashboardOwner(ctx.server, PASSWORD);
    // This server runs on the real clock, failures count in fixed windows (a minute, then 15
    // minutes) and each wrong password costs a slow hash: guess until refused, then at once try the
    // right password, from a refusal with time left in its window.
    const limit = SIGN_IN_PAIR_LIMITS[0] ?? { seconds: 60, failures: 5 };
    let wrong = 0;
    for (;;) {
      const guess = await signIn(`wrong guess number ${wrong}`, other.email);
      if (guess.response.status === 429 && Number(guess.response.headers.get('retry-after')) >= 10) break;
      if (guess.response.status === 429) await sleep(11_000);
      else expect(guess.response.status).toBe(400);
      wrong += 1;
      expect(wrong).toBeLessThan(30);
    }
    expect(wrong).toBeGreaterThanOrEqual(limit.failures);
    const refused = await signIn(PASSWORD, other.email);
    expect(refused.response.status).toBe(429);
    expect(refused.session).toBeUndefined();
    const retryAfter = Number(refused.response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    const page = await refused.response.text();
    expect(page).toContain('Too many sign-in attempts. Wait');
    // The form comes back usable, and another owner is not held up.
    expect(page).toMatch(/name="csrf" value="[^"]+"/);
    expect((await signIn()).session).toBeDefined();
  }, 300_000);

  it('refuses a sign-in whose form token does not match its cookie', async () => {
    const response = await fetch(`${ctx.server.url}/dashboard/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'rtw_sign_in=abc' },
      body: new URLSearchParams({ csrf: 'def', email: owner.email, password: PASSWORD }).toString(),
    });
    expect(response.status).toBe(400);
    expect(cookieOf(response, 'rtw_session')).toBeUndefined();
  });

  it('refuses every form without the session CSRF token, and changes nothing', async () => {
    const { session } = await signIn();
    const before = await ctx.server.webhooks.secret(owner.accountId, 'live');
    for (const path of [
      '/dashboard/live/secret/rotate',
      '/dashboard/live/secret/reveal',
      '/dashboard/live/callback-url',
      '/dashboard/live/test-event',
      '/dashboard/live/keys',
      '/dashboard/live/deliveries/dlv_x/resend',
      '/dashboard/live/keys/key_x/revoke',
      '/dashboard/sign-out',
    ]) {
      const response = await fetch(`${ctx.server.url}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `rtw_session=${session}` },
        body: new URLSearchParams({ csrf: 'forged', url: 'https://hooks.example.com/x' }).toString(),
      });
      expect(response.status, path).toBe(400);
      expect(await response.text(), path).toContain('This form has expired');
    }
    expect(await ctx.server.webhooks.secret(owner.accountId, 'live')).toBe(before);
    const keys = await ctx.server.admin.listApiKeys(owner.accountId);
    expect(keys.ok && keys.value).toHaveLength(1);
  });

  it('sends pages with a strict Content-Security-Policy, no caching and no framing', async () => {
    const { session } = await signIn();
    const response = await fetch(`${ctx.server.url}/dashboard/live`, {
      headers: { cookie: `rtw_session=${session}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const body = await response.text();
    expect(body).toContain('<h1>Live: webhooks and keys</h1>');
    expect(body).not.toContain('<script');
    const css = await fetch(`${ctx.server.url}/dashboard/assets/dashboard.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const billing = await fetch(`${ctx.server.url}/dashboard/billing`, {
      headers: { cookie: `rtw_session=${session}` },
    });
    expect(await billing.text()).toContain('<h1>Billing</h1>');
  });

  it('lists recent checks of the mode: metadata only, never the applicant', async () => {
    const testKey = await ctx.server.admin.createApiKey(owner.accountId, 'test');
    const liveKey = await ctx.server.admin.createApiKey(owner.accountId, 'live');
    if (!testKey.ok || !liveKey.ok) throw new Error('no key');
    const post = (key: string, path: string) =>
      fetch(`${ctx.server.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          share_code: 'WACPT0001',
          date_of_birth: '1990-01-01',
          company_name: 'Acme Ltd',
        }),
      });
    const queued = await post(testKey.value.key, '/api/check/async');
    expect(queued.status).toBe(202);
    const { id } = (await queued.json()) as { id: string };
    // No portal driver in this server: the live check ends 503 BUSY, and is kept as a copy.
    const live = await post(liveKey.value.key, '/api/check');
    expect(live.status).toBe(503);

    const { session } = await signIn();
    const tableOf = async (mode: string) => {
      const page = await (
        await fetch(`${ctx.server.url}/dashboard/${mode}`, { headers: { cookie: `rtw_session=${session}` } })
      ).text();
      return page.slice(page.indexOf('id="recent-checks"'), page.indexOf('id="usage"'));
    };
    const sandbox = await tableOf('test');
    expect(sandbox).toContain(`<code>${id}</code>`);
    expect(sandbox).toContain('Asynchronous');
    expect(sandbox).toContain('Right to work');
    const livePage = await tableOf('live');
    expect(livePage).not.toContain(id);
    expect(livePage).toContain('Synchronous');
    expect(livePage).toContain('<code>BUSY</code>');
    for (const personal of ['WACPT0001', '1990-01-01', 'Acme Ltd']) {
      expect(sandbox, personal).not.toContain(personal);
      expect(livePage, personal).not.toContain(personal);
    }
  });

  it('signs out: the session no longer works', async () => {
    const { session } = await signIn();
    const pageResponse = await fetch(`${ctx.server.url}/dashboard/live`, {
      headers: { cookie: `rtw_session=${session}` },
    });
    const csrf = /name="csrf" value="([^"]+)"/.exec(await pageResponse.text())?.[1] ?? '';
    const out = await fetch(`${ctx.server.url}/dashboard/sign-out`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `rtw_session=${session}` },
      body: new URLSearchParams({ csrf }).toString(),
    });
    expect(out.status).toBe(303);
    const after = await fetch(`${ctx.server.url}/dashboard/live`, {
      redirect: 'manual',
      headers: { cookie: `rtw_session=${session}` },
    });
    expect(after.status).toBe(303);
  });
});
