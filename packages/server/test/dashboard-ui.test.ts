import { existsSync } from 'node:fs';
import { SANDBOX_DATE_OF_BIRTH } from '@sharecode/core/sandbox';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './support/async-server.js';
import { newKey } from './support/test-server.js';
import { startTestReceiver, type TestReceiver } from './support/webhook-receiver.js';
import { startWebhookTestServer, type WebhookTestServer } from './support/webhook-server.js';
import { makeTestCertificate, type TestCertificate } from './support/webhook-tls.js';

// The dashboard driven in Debian's Chromium, as an account owner would: sign in, set the default URL,
// reveal and rotate the secret, send a test event and see it in the log, resend a given-up delivery.

const CHROMIUM = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));
const PASSWORD = 'correct horse battery staple';

let tls: TestCertificate;
let receiver: TestReceiver;
let ctx: WebhookTestServer;
let browser: Browser;
let page: Page;
let owner: { key: string; accountId: string; email: string };

beforeAll(async () => {
  tls = makeTestCertificate();
  receiver = await startTestReceiver(tls, () => 204);
  ctx = await startWebhookTestServer('pglite', {
    RTW_WEBHOOKS_UNSAFE_ALLOW_HOSTS: '127.0.0.1',
    RTW_WEBHOOKS_CA_FILE: tls.certFile,
    RTW_WEBHOOKS_RETRY_SECONDS: '0.05,0.05,0.05,0.05,0.05,0.05,0.05',
    RTW_WEBHOOKS_POLL_INTERVAL_MS: '20',
  });
  const { key, accountId } = await newKey(ctx.server.admin, 'pro', 'test');
  const account = await ctx.server.admin.getAccount(accountId);
  if (!account.ok) throw new Error(account.error);
  const set = await ctx.server.dashboardAdmin.setPassword(accountId, PASSWORD);
  if (!set.ok) throw new Error(set.error);
  owner = { key, accountId, email: account.value.email };
  if (!CHROMIUM) throw new Error('Chromium is needed: apt-get install chromium-headless-shell');
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await ctx?.close();
  await receiver?.close();
  tls?.cleanup();
});

const receiverUrl = (path: string) => `https://127.0.0.1:${receiver.port}${path}`;

describe('the dashboard in a browser', () => {
  it('asks for sign-in, shows an error summary for a wrong password, then signs in', async () => {
    await page.goto(`${ctx.server.url}/dashboard`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' }).isVisible()).resolves.toBe(true);
    await page.getByLabel('E-mail address').fill(owner.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
    expect(await page.title()).toMatch(/^Error: /);
    // The summary takes focus, so keyboard and screen-reader users land on it.
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('error-summary');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The owner lands on the first tab, Live.
    await page.getByRole('heading', { level: 1, name: 'Live: webhooks and keys' }).waitFor();
    expect(await page.getByRole('link', { name: 'Live' }).getAttribute('aria-current')).toBe('page');
    await page.getByRole('link', { name: 'Sandbox' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sandbox: webhooks and keys' }).waitFor();
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name === 'rtw_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: false });
  });

  it('refuses a private default URL, then saves a good one', async () => {
    await page.getByLabel('Default callback URL').fill('https://10.0.0.1/hooks');
    await page.getByRole('button', { name: 'Save URL' }).click();
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
    expect(await page.getByRole('link', { name: /private, internal or reserved/ }).count()).toBe(1);
    await page.getByLabel('Default callback URL').fill(receiverUrl('/hooks'));
    await page.getByRole('button', { name: 'Save URL' }).click();
    await page.getByText('Default callback URL saved.').waitFor();
    expect(await page.locator('#current-default-url').textContent()).toBe(receiverUrl('/hooks'));
    expect(await ctx.server.admin.defaultCallbackUrl(owner.accountId, 'test')).toEqual({
      ok: true,
      value: receiverUrl('/hooks'),
    });
  });

  it('reveals and rotates the signing secret', async () => {
    await page.getByRole('button', { name: 'Reveal secret' }).click();
    const revealed = (await page.locator('#revealed-secret').textContent()) ?? '';
    expect(revealed).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(revealed).toBe(await ctx.server.webhooks.secret(owner.accountId, 'test'));
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    // One click only asks: nothing has changed yet, and Cancel leads back.
    await page.getByRole('heading', { level: 1, name: 'Rotate the sandbox signing secret?' }).waitFor();
    expect(await ctx.server.webhooks.secret(owner.accountId, 'test')).toBe(revealed);
    await page.getByRole('link', { name: /Cancel/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Sandbox: webhooks and keys' }).waitFor();
    expect(await ctx.server.webhooks.secret(owner.accountId, 'test')).toBe(revealed);
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('button', { name: 'Yes, rotate the secret' }).click();
    const rotated = (await page.locator('#rotated-secret').textContent()) ?? '';
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(revealed);
    expect(await ctx.server.webhooks.secret(owner.accountId, 'test')).toBe(rotated);
    receiver.secrets = [rotated];
  });

  it('sends a test event to the default URL and shows it in the log', async () => {
    receiver.answer = () => 204;
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByRole('heading', { name: 'Test event delivered' }).waitFor();
    expect(await page.locator('#test-result').textContent()).toContain('HTTP 204');
    const row = page.locator('tbody tr', { hasText: 'check.test' }).first();
    expect(await row.textContent()).toContain('Delivered');
    expect(receiver.received.at(-1)?.verifiedWith).toBe(receiver.secrets[0]);
  });

  it('shows a failed test event as a problem, not in the green box', async () => {
    receiver.answer = () => 500;
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByRole('heading', { name: 'Test event not delivered' }).waitFor();
    const box = page.locator('.notice', { hasText: 'Test event not delivered' });
    expect(await box.getAttribute('class')).toContain('notice-failed');
    expect(await box.getAttribute('role')).toBe('alert');
    receiver.answer = () => 204;
  });

  it('shows a given-up delivery and resends it', async () => {
    receiver.answer = () => 500;
    const response = await fetch(`${ctx.server.url}/api/check/async`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        share_code: 'WACPT0001',
        date_of_birth: SANDBOX_DATE_OF_BIRTH,
        company_name: 'Acme Ltd',
      }),
    });
    expect(response.status).toBe(202);
    const checkId = ((await response.json()) as { id: string }).id;
    await eventually(async () => {
      const deliveries = await ctx.server.webhooks.recent(owner.accountId, 'test');
      return deliveries.find((d) => d.checkId === checkId && d.state === 'given_up');
    }, 'the give-up');
    await page.goto(`${ctx.server.url}/dashboard/test`);
    const row = page.locator('tr[id^="delivery-"]', { hasText: checkId });
    expect(await row.textContent()).toContain('Given up');
    receiver.answer = () => 200;
    await row.getByRole('button', { name: /Resend/ }).click();
    await page.getByText(`Resending the check.succeeded event of ${checkId}`).waitFor();
    await eventually(async () => {
      const deliveries = await ctx.server.webhooks.recent(owner.accountId, 'test');
      return deliveries.find((d) => d.checkId === checkId && d.state === 'delivered');
    }, 'the resent delivery');
    await page.goto(`${ctx.server.url}/dashboard/test`);
    expect(await page.locator('tr[id^="delivery-"]', { hasText: checkId }).textContent()).toContain(
      'Delivered',
    );
    expect(receiver.received.at(-1)?.status).toBe(200);
  });

  it('creates a key shown once, revokes it, and signs out', async () => {
    await page.getByRole('button', { name: 'Create a sandbox key' }).click();
    const key = (await page.locator('#new-key').textContent()) ?? '';
    expect(key).toMatch(/^rtw_test_[A-Za-z0-9]{40}$/);
    const works = await fetch(`${ctx.server.url}/api/check/async/chk_${'1'.repeat(32)}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(works.status).toBe(404);
    await page.reload();
    expect(await page.content()).not.toContain(key);
    const prefix = `${key.slice(0, 13)}…`;
    await page
      .locator('tbody tr', { hasText: prefix })
      .getByRole('button', { name: /Revoke/ })
      .click();
    await page.getByRole('heading', { level: 1, name: `Revoke key ${prefix}?` }).waitFor();
    const stillWorks = await fetch(`${ctx.server.url}/api/check/async/chk_${'1'.repeat(32)}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(stillWorks.status).toBe(404);
    await page.getByRole('button', { name: 'Yes, revoke this key' }).click();
    await page.getByText(/revoked: it no longer works/).waitFor();
    const refused = await fetch(`${ctx.server.url}/api/check/async/chk_${'1'.repeat(32)}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(refused.status).toBe(401);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You have signed out.').waitFor();
    await page.goto(`${ctx.server.url}/dashboard/test`);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  });
});
