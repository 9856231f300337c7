// Issue 27's review findings at the dashboard, through a trusted proxy: a guesser cannot lock the
// owner out, cookies are Secure and __Host- over https, test events are limited, and the portal's
// operator details need the operator token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_ADDRESS_LIMIT } from '../src/dashboard/sign-in-throttle.js';
import { TEST_EVENTS_PER_MINUTE } from '../src/webhooks/test-event-limit.js';
import { newDashboardOwner } from './support/dashboard.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const PASSWORD = 'a long enough password';
const OPERATOR_TOKEN = 'op_dashboard_test_0123456789abcdef0123';
let ctx: TestServer;
let owner: { accountId: string; email: string };

beforeAll(async () => {
  ctx = await startTestServer('pglite', {
    // 2026-03-10 12:00:20: 20 s into the sign-in windows.
    start: '2026-03-10T12:00:20Z',
    env: {
      RTW_TRUST_PROXY: '127.0.0.1',
      RTW_OPERATOR_TOKEN: OPERATOR_TOKEN,
      RTW_WEBHOOKS_UNSAFE_ALLOW_HOSTS: '127.0.0.1',
    },
  });
  owner = await newDashboardOwner(ctx.server, PASSWORD);
});
afterAll(async () => {
  await ctx?.close();
});

/** A browser behind the proxy: its own address, https or not, and the cookies it was given. */
function browser(client: string, https = true) {
  const jar = new Map<string, string>();
  const headers = (): Record<string, string> => ({
    'x-forwarded-for': client,
    'x-forwarded-proto': https ? 'https' : 'http',
    cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
  });
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (/Max-Age=0/.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
  };
  return {
    jar,
    async signIn(email: string, password: string) {
      const form = await fetch(`${ctx.url}/dashboard/sign-in`, { headers: headers() });
      keep(form);
      const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
      const response = await fetch(`${ctx.url}/dashboard/sign-in`, {
        method: 'POST',
        redirect: 'manual',
        headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrf, email, password }).toString(),
      });
      keep(response);
      return response;
    },
    async post(path: string, fields: Record<string, string>) {
      const page = await fetch(`${ctx.url}/dashboard/live`, { headers: headers() });
      const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
      return fetch(`${ctx.url}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrf, ...fields }).toString(),
      });
    },
  };
}

describe('sign-in behind a trusted proxy', () => {
  it('marks cookies Secure and __Host- when the proxy says https, and plain when it says http', async () => {
    const secure = browser('203.0.113.20');
    const response = await secure.signIn(owner.email, PASSWORD);
    expect(response.status).toBe(303);
    const lines = response.headers.getSetCookie();
    const session = lines.find((l) => l.startsWith('__Host-rtw_session='));
    expect(session).toContain('Secure');
    expect(session).toContain('Path=/;');
    expect(session).not.toContain('Domain');
    expect(lines.find((l) => l.startsWith('__Host-rtw_device='))).toContain('Secure');
    expect(lines.some((l) => l.startsWith('rtw_session='))).toBe(false);
    // The __Host- session works on the next page.
    const page = await fetch(`${ctx.url}/dashboard/live`, {
      redirect: 'manual',
      headers: {
        'x-forwarded-proto': 'https',
        cookie: `__Host-rtw_session=${secure.jar.get('__Host-rtw_session')}`,
      },
    });
    expect(page.status).toBe(200);

    const plain = browser('203.0.113.21', false);
    const over = await plain.signIn(owner.email, PASSWORD);
    expect(over.status).toBe(303);
    const line = over.headers.getSetCookie().find((l) => l.startsWith('rtw_session=')) ?? '';
    expect(line).not.toContain('Secure');
    expect(line).toContain('Path=/dashboard');
  });

  it('a guesser from many addresses locks the address for new browsers, never for a browser that signed in before', async () => {
    const known = browser('203.0.113.10');
    expect((await known.signIn(owner.email, PASSWORD)).status).toBe(303);
    expect(known.jar.has('__Host-rtw_device')).toBe(true);

    // The guesser: each client address is its own, so only the e-mail address's limit stops it.
    for (let i = 0; i < SIGN_IN_ADDRESS_LIMIT.failures; i++) {
      expect((await browser(`198.51.100.${i}`).signIn(owner.email, `wrong guess ${i}`)).status).toBe(400);
    }
    const refused = await browser('198.51.100.200').signIn(owner.email, 'wrong guess again');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // A new browser of the owner waits too, even with the right password...
    const fresh = browser('203.0.113.11');
    const locked = await fresh.signIn(owner.email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain('Too many sign-in attempts. Wait');
    // ...but the browser that signed in before (its session since ended) gets in, from its own
    // address or the guesser's.
    known.jar.delete('__Host-rtw_session');
    expect((await known.signIn(owner.email, PASSWORD)).status).toBe(303);
    const movedKnown = browser('198.51.100.3');
    movedKnown.jar.set('__Host-rtw_device', known.jar.get('__Host-rtw_device') ?? '');
    expect((await movedKnown.signIn(owner.email, PASSWORD)).status).toBe(303);
    // A device cookie of this account is no key by itself: the wrong password still fails.
    known.jar.delete('__Host-rtw_session');
    expect((await known.signIn(owner.email, 'wrong guess 99')).status).toBe(400);
    // A forged or tampered device cookie is ignored: the browser is a new one.
    const forged = browser('203.0.113.12');
    forged.jar.set('__Host-rtw_device', `${known.jar.get('__Host-rtw_device')?.slice(0, -2)}AA`);
    expect((await forged.signIn(owner.email, PASSWORD)).status).toBe(429);

    // Once the window is over, the right password gets in from a new browser.
    ctx.clock.advance(SIGN_IN_ADDRESS_LIMIT.seconds * 1000);
    expect((await fresh.signIn(owner.email, PASSWORD)).status).toBe(303);
  }, 180_000);

  it('ignores X-Forwarded-For from addresses that are not trusted proxies', async () => {
    // Covered end to end by edge.test.ts (no RTW_TRUST_PROXY): here the parsing of the setting.
    const { loadEdgeConfig } = await import('../src/http/edge-config.js');
    expect(loadEdgeConfig({}, { RTW_TRUST_PROXY: '10.0.0.0/8, ::1, loopback' })).toMatchObject({
      ok: true,
      value: { trustProxy: ['10.0.0.0/8', '::1', 'loopback'] },
    });
    const bad = loadEdgeConfig({}, { RTW_TRUST_PROXY: 'true' });
    expect(bad.ok).toBe(false);
  });
});

describe('test events', () => {
  it(`allows ${TEST_EVENTS_PER_MINUTE} a minute per account, then 429 with Retry-After on the page`, async () => {
    const owned = browser('203.0.113.30');
    expect((await owned.signIn(owner.email, PASSWORD)).status).toBe(303);
    // Nothing listens on port 9: each event fails at once, and still counts.
    const url = 'https://127.0.0.1:9/hooks';
    for (let i = 0; i < TEST_EVENTS_PER_MINUTE; i++) {
      const sent = await owned.post('/dashboard/live/test-event', { url });
      expect(sent.status, `event ${i + 1}`).toBe(200);
    }
    const limited = await owned.post('/dashboard/live/test-event', { url });
    expect(limited.status).toBe(429);
    const wait = Number(limited.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await limited.text()).toContain('Too many test events');
    // The library's own call is held to the same limit.
    const direct = await ctx.server.webhooks.sendTestEvent(owner.accountId, 'test', url);
    expect(direct.ok).toBe(false);
    if (!direct.ok) expect(direct.error.retryAfterSeconds).toBe(wait);
    ctx.clock.advance(60_000);
    expect((await owned.post('/dashboard/live/test-event', { url })).status).toBe(200);
  });
});

describe('GET /healthz/portal', () => {
  it('answers without a token, refuses a wrong one with 401, and takes the operator token', async () => {
    const open = await fetch(`${ctx.url}/healthz/portal`);
    expect(open.status).toBe(200);
    // No driver here: the cluster's health (nothing recorded yet) all the same.
    expect(await open.json()).toEqual({
      status: 'ok',
      portal_driver: false,
      kinds: {
        right_to_work: { healthy: true },
        right_to_rent: { healthy: true },
        immigration_status: { healthy: true },
      },
    });
    const wrong = await fetch(`${ctx.url}/healthz/portal`, {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}x` },
    });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${ctx.url}/healthz/portal`, {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(right.status).toBe(200);
  });
});
