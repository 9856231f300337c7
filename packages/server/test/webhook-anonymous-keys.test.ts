import { SANDBOX_DATE_OF_BIRTH } from '@sharecode/core/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from './support/api.js';
import { BACKENDS, newKey } from './support/test-server.js';
import { startWebhookTestServer, type WebhookTestServer } from './support/webhook-server.js';

// Spec 5.5: a sandbox key obtained without an account can poll but cannot use callback_url until it
// is claimed by an account.

describe.each(BACKENDS)('anonymous sandbox keys on %s', (backend) => {
  let ctx: WebhookTestServer;
  beforeAll(async () => {
    ctx = await startWebhookTestServer(backend, {});
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const post = (key: string, extra: Record<string, unknown> = {}) =>
    call(ctx.server.url, 'POST', '/api/check/async', {
      key,
      json: {
        share_code: 'WACPT0001',
        date_of_birth: SANDBOX_DATE_OF_BIRTH,
        company_name: 'Acme Ltd',
        ...extra,
      },
    });

  it('polls, refuses callback_url until claimed, then keeps its checks under the account', async () => {
    const anonymous = await ctx.server.admin.createAnonymousTestKey();
    expect(anonymous.ok).toBe(true);
    if (!anonymous.ok) return;
    const { key, record } = anonymous.value;
    expect(key).toMatch(/^rtw_test_/);

    const polled = await post(key);
    expect(polled.status).toBe(202);
    const checkId = (polled.body as { id: string }).id;

    const refused = await post(key, { callback_url: 'https://hooks.example.com/rtw' });
    expect(refused.status).toBe(400);
    expect(errorOf(refused).code).toBe('INVALID_INPUT');
    expect(errorOf(refused).message).toContain('callback_url');
    expect(errorOf(refused).message).toContain('claim');

    const owner = await newKey(ctx.server.admin, 'free', 'test');
    const liveOwner = await newKey(ctx.server.admin, 'free', 'live');
    const notLive = await ctx.server.admin.claimKey(record.id, 'acc_unknown');
    expect(notLive.ok).toBe(false);
    const claimed = await ctx.server.admin.claimKey(key, owner.accountId);
    expect(claimed).toMatchObject({ ok: true, value: { accountId: owner.accountId, mode: 'test' } });
    const twice = await ctx.server.admin.claimKey(key, liveOwner.accountId);
    expect(twice.ok).toBe(false);

    const accepted = await post(key, { callback_url: 'https://hooks.example.com/rtw' });
    expect(accepted.status).toBe(202);
    // The check made before the claim moved with the key: the account's other keys read it.
    const read = await call(ctx.server.url, 'GET', `/api/check/async/${checkId}`, { key: owner.key });
    expect(read.status).toBe(200);
    const keys = await ctx.server.admin.listApiKeys(owner.accountId);
    expect(keys.ok && keys.value.map((k) => k.id)).toContain(record.id);
  });

  it('cannot sign in to the dashboard or get a password', async () => {
    const anonymous = await ctx.server.admin.createAnonymousTestKey();
    if (!anonymous.ok) throw new Error(anonymous.error);
    const set = await ctx.server.dashboardAdmin.setPassword(
      anonymous.value.record.accountId,
      'a long password 123',
    );
    expect(set.ok).toBe(false);
  });
});
