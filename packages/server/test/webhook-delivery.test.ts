import { SANDBOX_DATE_OF_BIRTH, SANDBOX_TEST_CHECK_ID } from '@sharecode/core/sandbox';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryRecord } from '../src/webhooks/webhook-ports.js';
import { call } from './support/api.js';
import { eventually } from './support/async-server.js';
import { BACKENDS, newKey } from './support/test-server.js';
import { type AnswerFn, startTestReceiver, type TestReceiver } from './support/webhook-receiver.js';
import { startWebhookTestServer, type WebhookTestServer } from './support/webhook-server.js';
import { startTestSmtpServer, type TestSmtpServer } from './support/webhook-smtp.js';
import { makeTestCertificate, type TestCertificate } from './support/webhook-tls.js';

// Delivery to a local HTTPS receiver that verifies every request with the standardwebhooks library,
// as a customer would. The 22-hour schedule is compressed to 0.1 s steps through the environment.

const FAST_SCHEDULE = '0.1,0.1,0.1,0.1,0.1,0.1,0.1';

let tls: TestCertificate;
let smtp: TestSmtpServer;

beforeAll(async () => {
  tls = makeTestCertificate();
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
  tls?.cleanup();
});

const webhookEnv = (schedule: string) => ({
  RTW_WEBHOOKS_UNSAFE_ALLOW_HOSTS: '127.0.0.1',
  RTW_WEBHOOKS_CA_FILE: tls.certFile,
  RTW_WEBHOOKS_RETRY_SECONDS: schedule,
  RTW_WEBHOOKS_POLL_INTERVAL_MS: '20',
  RTW_SMTP_URL: smtp.url,
  RTW_MAIL_FROM: 'ShareCode webhooks <webhooks@rtw.example>',
});

interface Customer {
  readonly key: string;
  readonly accountId: string;
  readonly email: string;
  readonly secret: string;
}

async function newCustomer(ctx: WebhookTestServer): Promise<Customer> {
  const { key, accountId } = await newKey(ctx.server.admin, 'free', 'test');
  const account = await ctx.server.admin.getAccount(accountId);
  if (!account.ok) throw new Error(account.error);
  const secret = await ctx.server.webhooks.secret(accountId, 'test');
  return { key, accountId, email: account.value.email, secret };
}

async function queueCheck(ctx: WebhookTestServer, customer: Customer, callbackUrl: string): Promise<string> {
  const response = await call(ctx.server.url, 'POST', '/api/check/async', {
    key: customer.key,
    json: {
      share_code: 'WACPT0001',
      date_of_birth: SANDBOX_DATE_OF_BIRTH,
      company_name: 'Acme Ltd',
      callback_url: callbackUrl,
    },
  });
  expect(response.status, response.text).toBe(202);
  return (response.body as { id: string }).id;
}

async function deliveryOf(
  ctx: WebhookTestServer,
  customer: Customer,
  checkId: string,
  until: (delivery: DeliveryRecord) => boolean,
  timeoutMs = 15_000,
): Promise<DeliveryRecord> {
  return eventually(
    async () => {
      const found = (await ctx.server.webhooks.recent(customer.accountId, 'test')).find(
        (delivery) => delivery.checkId === checkId,
      );
      return found && until(found) ? found : undefined;
    },
    `the delivery of ${checkId}`,
    timeoutMs,
  );
}

async function withReceiver<T>(answer: AnswerFn, fn: (receiver: TestReceiver) => Promise<T>): Promise<T> {
  const receiver = await startTestReceiver(tls, answer);
  try {
    return await fn(receiver);
  } finally {
    await receiver.close();
  }
}

describe.each(BACKENDS)('webhook delivery on %s', (backend) => {
  let ctx: WebhookTestServer;
  beforeAll(async () => {
    ctx = await startWebhookTestServer(backend, webhookEnv(FAST_SCHEDULE));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('delivers a check.succeeded event the first time, signed, with the record as data', async () => {
    const customer = await newCustomer(ctx);
    await withReceiver(
      () => 204,
      async (receiver) => {
        receiver.secrets = [customer.secret];
        const url = `https://127.0.0.1:${receiver.port}/hooks?customer=42`;
        const checkId = await queueCheck(ctx, customer, url);
        const delivery = await deliveryOf(ctx, customer, checkId, (d) => d.state === 'delivered');
        expect(delivery).toMatchObject({ type: 'check.succeeded', attempts: 1, lastStatusCode: 204, url });
        expect(receiver.received).toHaveLength(1);
        const [request] = receiver.received;
        expect(request?.verifiedWith).toBe(customer.secret);
        expect(request?.headers).toMatchObject({
          'content-type': 'application/json',
          'user-agent': 'ShareCode-Webhooks/1',
          'webhook-id': delivery.eventId,
        });
        expect(request?.headers['webhook-id']).toMatch(/^evt_[A-Za-z0-9]{32}$/);
        expect(request?.headers['webhook-timestamp']).toMatch(/^\d+$/);
        const event = JSON.parse(request?.body ?? '') as { type: string; created_at: string; data: unknown };
        expect(Object.keys(event)).toEqual(['type', 'created_at', 'data']);
        expect(event.type).toBe('check.succeeded');
        const record = await call(ctx.server.url, 'GET', `/api/check/async/${checkId}`, {
          key: customer.key,
        });
        expect(event.data).toEqual(record.body);
        expect(event.created_at).toBe((record.body as { completed_at: string }).completed_at);
      },
    );
  });

  it('keeps trying while the receiver is down and delivers on the 6th attempt, same id and bytes', async () => {
    const customer = await newCustomer(ctx);
    await withReceiver(
      (n) => (n <= 5 ? 503 : 200),
      async (receiver) => {
        receiver.secrets = [customer.secret];
        const checkId = await queueCheck(ctx, customer, `https://127.0.0.1:${receiver.port}/hooks`);
        const delivery = await deliveryOf(ctx, customer, checkId, (d) => d.state === 'delivered');
        expect(delivery).toMatchObject({ attempts: 6, lastStatusCode: 200, series: 1 });
        expect(receiver.received.map((r) => r.status)).toEqual([503, 503, 503, 503, 503, 200]);
        expect(receiver.received.every((r) => r.verifiedWith === customer.secret)).toBe(true);
        expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(
          new Set([delivery.eventId]),
        );
        expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
      },
    );
  });

  it('gives up after 8 attempts, e-mails the owner once a day per mode, and can resend', async () => {
    const customer = await newCustomer(ctx);
    await withReceiver(
      () => 500,
      async (receiver) => {
        receiver.secrets = [customer.secret];
        const url = `https://127.0.0.1:${receiver.port}/private/path?ref=abc`;
        const first = await queueCheck(ctx, customer, url);
        const given = await deliveryOf(ctx, customer, first, (d) => d.state === 'given_up');
        expect(given).toMatchObject({ attempts: 8, lastStatusCode: 500, lastErrorClass: 'http_status' });
        expect(receiver.received).toHaveLength(8);
        const mails = await eventually(async () => {
          const mine = smtp.mails.filter((mail) => mail.to.includes(customer.email));
          return mine.length > 0 ? mine : undefined;
        }, 'the give-up e-mail');
        expect(mails).toHaveLength(1);
        const raw = mails[0]?.raw ?? '';
        expect(raw).toContain(first);
        expect(raw).toContain(`127.0.0.1:${receiver.port}`);
        expect(raw).not.toContain('/private/path');
        expect(raw).not.toContain('ref=abc');
        expect(raw).not.toContain('WACPT0001');

        // A second give-up the same day for the same mode sends nothing.
        const second = await queueCheck(ctx, customer, url);
        await deliveryOf(ctx, customer, second, (d) => d.state === 'given_up');
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(smtp.mails.filter((mail) => mail.to.includes(customer.email))).toHaveLength(1);

        // Resent from the dashboard: a new series with the same webhook-id.
        receiver.answer = () => 200;
        const resent = await ctx.server.webhooks.resend(customer.accountId, 'test', given.id);
        expect(resent.ok).toBe(true);
        const delivered = await deliveryOf(ctx, customer, first, (d) => d.state === 'delivered');
        expect(delivered).toMatchObject({ series: 2, attempts: 1, eventId: given.eventId });
        const last = receiver.received.at(-1);
        expect(last?.headers['webhook-id']).toBe(given.eventId);
        expect(last?.verifiedWith).toBe(customer.secret);
        const again = await ctx.server.webhooks.resend(customer.accountId, 'test', 'dlv_unknown');
        expect(again.ok).toBe(false);
      },
    );
  });

  it('signs each attempt with the secret current then: rotation applies to retries at once', async () => {
    const customer = await newCustomer(ctx);
    let rotated = '';
    await withReceiver(
      async (n) => {
        if (n === 1) {
          rotated = await ctx.server.webhooks.rotateSecret(customer.accountId, 'test');
          return 500;
        }
        return 204;
      },
      async (receiver) => {
        receiver.secrets = [customer.secret];
        const checkId = await queueCheck(ctx, customer, `https://127.0.0.1:${receiver.port}/hooks`);
        receiver.secrets = [customer.secret];
        await eventually(async () => (rotated === '' ? undefined : true), 'the rotation');
        receiver.secrets = [customer.secret, rotated];
        await deliveryOf(ctx, customer, checkId, (d) => d.state === 'delivered');
        expect(rotated).not.toBe(customer.secret);
        expect(receiver.received.map((r) => r.verifiedWith)).toEqual([customer.secret, rotated]);
        const later = receiver.received[1];
        expect(() => new Webhook(customer.secret).verify(later?.body ?? '', later?.headers ?? {})).toThrow();
        expect(await ctx.server.webhooks.secret(customer.accountId, 'test')).toBe(rotated);
      },
    );
  });

  it('sends a signed check.test event once and logs it; stores no bodies and no clear URL', async () => {
    const customer = await newCustomer(ctx);
    await withReceiver(
      () => 202,
      async (receiver) => {
        receiver.secrets = [customer.secret];
        const url = `https://127.0.0.1:${receiver.port}/test-events`;
        const sent = await ctx.server.webhooks.sendTestEvent(customer.accountId, 'test', url);
        expect(sent.ok).toBe(true);
        if (!sent.ok) return;
        expect(sent.value.outcome).toMatchObject({ delivered: true, statusCode: 202 });
        expect(sent.value.delivery).toMatchObject({ type: 'check.test', state: 'delivered', attempts: 1 });
        const event = JSON.parse(receiver.received[0]?.body ?? '') as { type: string; data: { id: string } };
        expect(event.type).toBe('check.test');
        expect(event.data.id).toBe(SANDBOX_TEST_CHECK_ID);
        expect(receiver.received[0]?.verifiedWith).toBe(customer.secret);
        const none = await ctx.server.webhooks.sendTestEvent(customer.accountId, 'test', null);
        expect(none.ok).toBe(false);
        const bad = await ctx.server.webhooks.sendTestEvent(customer.accountId, 'test', 'https://10.0.0.1/');
        expect(bad.ok).toBe(false);
      },
    );
    // The delivery tables never hold a body, a result or a clear URL.
    for (const table of ['webhook_deliveries', 'webhook_attempts']) {
      const { rows } = await ctx.database.db.query(`SELECT * FROM ${table}`);
      expect(rows.length).toBeGreaterThan(0);
      const text = JSON.stringify(rows);
      expect(text).not.toContain('WACPT0001');
      expect(text).not.toContain('Sandbox Ltd');
      expect(text).not.toContain('127.0.0.1');
    }
  });
});

describe.each(BACKENDS)('webhook delivery across a restart on %s', (backend) => {
  let ctx: WebhookTestServer;
  beforeAll(async () => {
    ctx = await startWebhookTestServer(backend, webhookEnv('1.5,0.1,0.1,0.1,0.1,0.1,0.1'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('keeps a waiting retry in the database and the next server delivers it', async () => {
    const customer = await newCustomer(ctx);
    await withReceiver(
      (n) => (n === 1 ? 500 : 204),
      async (receiver) => {
        receiver.secrets = [customer.secret];
        const checkId = await queueCheck(ctx, customer, `https://127.0.0.1:${receiver.port}/hooks`);
        await eventually(async () => (receiver.received.length === 1 ? true : undefined), 'attempt 1');
        await ctx.restart();
        const delivery = await deliveryOf(ctx, customer, checkId, (d) => d.state === 'delivered');
        expect(delivery.attempts).toBe(2);
        expect(receiver.received).toHaveLength(2);
        expect(receiver.received[1]?.headers['webhook-id']).toBe(delivery.eventId);
        expect(receiver.received[1]?.verifiedWith).toBe(customer.secret);
      },
    );
  });
});
