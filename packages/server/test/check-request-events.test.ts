import { SANDBOX_DATE_OF_BIRTH } from '@sharecode/core/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryRecord } from '../src/webhooks/webhook-ports.js';
import { call } from './support/api.js';
import { eventually } from './support/async-server.js';
import { schemaProblems } from './support/openapi-validator.js';
import { BACKENDS, newKey } from './support/test-server.js';
import { startTestReceiver, type TestReceiver } from './support/webhook-receiver.js';
import { startWebhookTestServer, type WebhookTestServer } from './support/webhook-server.js';
import { makeTestCertificate, type TestCertificate } from './support/webhook-tls.js';

// A check request's events, delivered and verified as a customer would (standardwebhooks): the
// check's own event carries the request's id; the lock sends check_request.locked with the request as
// its GET answers it; the expiry sweep sends check_request.expired once, to the account's default URL.

let tls: TestCertificate;
beforeAll(() => {
  tls = makeTestCertificate();
});
afterAll(() => tls?.cleanup());

const [year, month, day] = SANDBOX_DATE_OF_BIRTH.split('-');
const FORM = { dob_day: day, dob_month: month, dob_year: year };

describe.each(BACKENDS)('check request events on %s', (backend) => {
  let ctx: WebhookTestServer;
  let receiver: TestReceiver;
  beforeAll(async () => {
    ctx = await startWebhookTestServer(backend, {
      RTW_WEBHOOKS_UNSAFE_ALLOW_HOSTS: '127.0.0.1',
      RTW_WEBHOOKS_CA_FILE: tls.certFile,
      RTW_WEBHOOKS_POLL_INTERVAL_MS: '20',
    });
    receiver = await startTestReceiver(tls, () => 204);
  });
  afterAll(async () => {
    await receiver?.close();
    await ctx?.close();
  });

  const customer = async () => {
    const { key, accountId } = await newKey(ctx.server.admin, 'pro', 'test');
    receiver.secrets = [...receiver.secrets, await ctx.server.webhooks.secret(accountId, 'test')];
    return { key, accountId };
  };
  const createRequest = async (key: string, extra: Record<string, unknown>) => {
    const created = await call(ctx.server.url, 'POST', '/api/check-requests', {
      key,
      json: { kind: 'right_to_work', company_name: 'Acme Ltd', ...extra },
    });
    expect(created.status, created.text).toBe(201);
    const body = created.body as { id: string; url: string };
    return { id: body.id, token: body.url.split('/r/')[1] ?? '' };
  };
  const delivered = (accountId: string, id: string, type: string) =>
    eventually(async () => {
      const found = (await ctx.server.webhooks.recent(accountId, 'test')).find(
        (d: DeliveryRecord) => d.checkId === id && d.type === type && d.state === 'delivered',
      );
      return found;
    }, `the ${type} of ${id}`);
  const eventBodyOf = (delivery: DeliveryRecord) => {
    const received = receiver.received.find((r) => r.headers['webhook-id'] === delivery.eventId);
    expect(received?.verifiedWith).toEqual(expect.any(String));
    return JSON.parse(received?.body ?? '') as {
      type: string;
      created_at: string;
      data: Record<string, unknown>;
    };
  };

  it('the check made from a request carries its id in check.succeeded', async () => {
    const { key, accountId } = await customer();
    const url = `https://127.0.0.1:${receiver.port}/hooks`;
    const request = await createRequest(key, { callback_url: url });
    const sent = await ctx.server.checkRequests.applicant.submitByToken(
      request.token,
      { share_code: 'WACPT0001', ...FORM },
      '203.0.113.1',
      new Date(),
    );
    expect(sent.phase.page).toBe('sent');
    const read = await call(ctx.server.url, 'GET', `/api/check-requests/${request.id}`, { key });
    const checkId = (read.body as { check: { id: string } }).check.id;
    const event = eventBodyOf(await delivered(accountId, checkId, 'check.succeeded'));
    expect(event.data.check_request_id).toBe(request.id);
    expect(schemaProblems('CheckRecord', event.data)).toEqual([]);
  });

  it('the third failed attempt sends check_request.locked with the request as its GET answers it', async () => {
    const { key, accountId } = await customer();
    const url = `https://127.0.0.1:${receiver.port}/hooks?locked=1`;
    const request = await createRequest(key, { callback_url: url, applicant_email: 'sam@example.com' });
    for (let i = 0; i < 3; i++) {
      await ctx.server.checkRequests.applicant.submitByToken(
        request.token,
        { share_code: 'WNFND0001', ...FORM },
        '203.0.113.1',
        new Date(),
      );
    }
    const delivery = await delivered(accountId, request.id, 'check_request.locked');
    expect(delivery.url).toBe(url);
    const event = eventBodyOf(delivery);
    expect(schemaProblems('CheckRequestEndedEvent', event)).toEqual([]);
    const read = await call(ctx.server.url, 'GET', `/api/check-requests/${request.id}`, { key });
    expect(event).toEqual({
      type: 'check_request.locked',
      created_at: (read.body as { ended_at: string }).ended_at,
      data: read.body,
    });
  });

  it('the expiry sweep sends check_request.expired once, to the default URL of the mode', async () => {
    const { key, accountId } = await customer();
    const url = `https://127.0.0.1:${receiver.port}/hooks?default=1`;
    const set = await ctx.server.admin.setDefaultCallbackUrl(accountId, 'test', url);
    expect(set.ok).toBe(true);
    const request = await createRequest(key, { expires_in_days: 1 });
    const later = new Date(Date.now() + 2 * 86_400_000);
    await ctx.server.sweep(later);
    await ctx.server.sweep(later);
    const delivery = await delivered(accountId, request.id, 'check_request.expired');
    expect(delivery.url).toBe(url);
    const event = eventBodyOf(delivery);
    expect(schemaProblems('CheckRequestEndedEvent', event)).toEqual([]);
    expect(event.data).toMatchObject({ id: request.id, status: 'expired', callback_url: null, url: null });
    const all = (await ctx.server.webhooks.recent(accountId, 'test')).filter((d) => d.checkId === request.id);
    expect(all).toHaveLength(1);
  });
});
