// Sandbox webhooks: signed per Standard Webhooks (checked with the standardwebhooks library), headers
// per spec 6.2, one attempt, to a registered handler or over HTTP (here into an MSW receiver).
import type { CheckRecord } from '@sharecode/core';
import { sandboxTestEventRecord } from '@sharecode/core/sandbox';
import { HttpResponse, http } from 'msw';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX_WEBHOOK_SECRET } from '../src/sandbox-options.js';
import type { WebhookRequest } from '../src/webhook-types.js';
import { validBody } from './check-bodies.js';
import { call, contract, useSandboxServer } from './sandbox-harness.js';

const harness = useSandboxServer();
const NOW = new Date('2025-04-01T08:30:00.000Z');
const HOOK = 'https://hooks.example.com/sharecode';
const RTW = validBody('right_to_work', 'WACPT0001');

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

interface Received {
  body: string;
  headers: Record<string, string>;
}

/** An MSW receiver at `url` answering `status`; collects what it gets. */
function receiver(url: string, status = 204): Received[] {
  const got: Received[] = [];
  harness.server.use(
    http.post(url, async ({ request }) => {
      got.push({ body: await request.text(), headers: Object.fromEntries(request.headers) });
      return new HttpResponse(null, {
        status,
        headers: status === 302 ? { location: 'https://elsewhere.example.com/' } : {},
      });
    }),
  );
  return got;
}

const parameter = (name: string): RegExp => {
  const params = (
    contract.document.components as { parameters: Record<string, { schema: { pattern?: string } }> }
  ).parameters;
  return new RegExp(params[name]?.schema.pattern ?? '^$');
};

function expectSpecHeaders(headers: Record<string, string>, at: Date): void {
  expect(headers['content-type']).toBe('application/json');
  expect(headers['user-agent']).toBe('ShareCode-Webhooks/1');
  expect(headers['webhook-id']).toMatch(parameter('WebhookId'));
  expect(headers['webhook-timestamp']).toBe(String(Math.floor(at.getTime() / 1000)));
  expect(headers['webhook-signature']).toMatch(parameter('WebhookSignature'));
}

describe('check events', () => {
  it('posts one signed check.succeeded to the callback URL, verifiable with standardwebhooks', async () => {
    const sandbox = harness.use();
    const got = receiver(HOOK);
    const created = await call('POST', '/api/check/async', { body: { ...RTW, callback_url: HOOK } });
    await vi.advanceTimersByTimeAsync(100);
    expect(got).toHaveLength(1);
    const [delivery] = got;
    if (!delivery) throw new Error('no delivery');
    expectSpecHeaders(delivery.headers, new Date(Date.now()));

    const verified = new Webhook(sandbox.webhookSecret).verify(delivery.body, delivery.headers) as {
      type: string;
      data: CheckRecord;
    };
    expect(verified.type).toBe('check.succeeded');
    expect(verified.data.id).toBe((created.body as CheckRecord).id);
    expect(contract.validateSchema('CheckSucceededEvent', verified).errors).toEqual([]);
    // The event carries the record exactly as a GET shows it.
    const read = await call('GET', `/api/check/async/${verified.data.id}`);
    expect(verified.data).toEqual(read.body);

    // A changed byte, or another secret, fails verification.
    expect(() => new Webhook(sandbox.webhookSecret).verify(`${delivery.body} `, delivery.headers)).toThrow();
    expect(() =>
      new Webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').verify(delivery.body, delivery.headers),
    ).toThrow();

    expect(sandbox.deliveries).toMatchObject([
      { type: 'check.succeeded', url: HOOK, transport: 'fetch', delivered: true, status: 204, error: null },
    ]);
    expect(sandbox.deliveries[0]?.eventId).toBe(delivery.headers['webhook-id']);
  });

  it('posts check.failed with the error once retries are exhausted', async () => {
    const sandbox = harness.use();
    const got = receiver(HOOK);
    await call('POST', '/api/check/async', {
      body: { ...validBody('right_to_work', 'WTIME0001'), callback_url: HOOK },
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(got).toHaveLength(1);
    const event = new Webhook(sandbox.webhookSecret).verify(got[0]?.body ?? '', got[0]?.headers ?? {}) as {
      type: string;
      data: CheckRecord;
    };
    expect(event.type).toBe('check.failed');
    expect(event.data).toMatchObject({ status: 'failed', attempts: 3, error: { code: 'TIMEOUT' } });
    expect(contract.validateSchema('CheckFailedEvent', event).errors).toEqual([]);
  });

  it('makes one attempt only, whatever the receiver answers, and never follows a redirect', async () => {
    const sandbox = harness.use();
    const failing = receiver('https://hooks.example.com/failing', 500);
    const moved = receiver('https://hooks.example.com/moved', 302);
    const elsewhere = receiver('https://elsewhere.example.com/');
    await call('POST', '/api/check/async', {
      body: { ...RTW, callback_url: 'https://hooks.example.com/failing' },
    });
    await call('POST', '/api/check/async', {
      body: { ...RTW, callback_url: 'https://hooks.example.com/moved' },
    });
    await vi.advanceTimersByTimeAsync(24 * 3_600_000);
    expect(failing).toHaveLength(1);
    expect(moved).toHaveLength(1);
    expect(elsewhere).toHaveLength(0);
    const byUrl = Object.fromEntries(sandbox.deliveries.map((d) => [d.url, d]));
    expect(byUrl['https://hooks.example.com/failing']).toMatchObject({ delivered: false, status: 500 });
    expect(byUrl['https://hooks.example.com/moved']).toMatchObject({ delivered: false, status: 302 });
  });

  it('sends nothing for a poll-only check', async () => {
    const events: WebhookRequest[] = [];
    const sandbox = harness.use({ webhookHandler: (request) => void events.push(request) });
    await call('POST', '/api/check/async', { body: RTW });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(events).toEqual([]);
    expect(sandbox.deliveries).toEqual([]);
  });

  it("uses the default callback URL when the request has none, and the request's URL before it", async () => {
    const events: WebhookRequest[] = [];
    const sandbox = harness.use({
      defaultCallbackUrl: 'https://default.example.com/hook',
      webhookHandler: (request) => void events.push(request),
    });
    const plain = await call('POST', '/api/check/async', { body: RTW });
    expect((plain.body as CheckRecord).callback_url).toBe('https://default.example.com/hook');
    await call('POST', '/api/check/async', { body: { ...RTW, callback_url: HOOK } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(events.map((e) => e.url).sort()).toEqual(['https://default.example.com/hook', HOOK]);
    expect(sandbox.deliveries.every((d) => d.transport === 'handler' && d.delivered)).toBe(true);
  });

  it('hands the exact signed bytes and the headers to a registered handler instead of posting', async () => {
    const sandbox = harness.use({ webhookSecret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' });
    expect(sandbox.webhookSecret).toBe('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
    const got = receiver(HOOK);
    const events: WebhookRequest[] = [];
    const off = sandbox.onWebhook((request) => {
      events.push(request);
    });
    await call('POST', '/api/check/async', { body: { ...RTW, callback_url: HOOK } });
    await vi.advanceTimersByTimeAsync(100);
    expect(got).toHaveLength(0);
    expect(events).toHaveLength(1);
    const [event] = events;
    if (!event) throw new Error('no event');
    expect(event.url).toBe(HOOK);
    expectSpecHeaders({ ...event.headers }, new Date(Date.now()));
    expect(
      new Webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').verify(event.body, { ...event.headers }),
    ).toMatchObject({
      type: 'check.succeeded',
    });
    expect(() => new Webhook(SANDBOX_WEBHOOK_SECRET).verify(event.body, { ...event.headers })).toThrow();

    // Removed: the next event goes over HTTP again.
    off();
    await call('POST', '/api/check/async', { body: { ...RTW, callback_url: HOOK } });
    await vi.advanceTimersByTimeAsync(100);
    expect(got).toHaveLength(1);
  });

  it('records a handler that throws as not delivered, and carries on', async () => {
    const sandbox = harness.use({
      webhookHandler: () => {
        throw new Error('receiver down');
      },
    });
    await call('POST', '/api/check/async', { body: { ...RTW, callback_url: HOOK } });
    await vi.advanceTimersByTimeAsync(100);
    expect(sandbox.deliveries).toMatchObject([
      { transport: 'handler', delivered: false, error: expect.stringMatching(/receiver down/) },
    ]);
  });

  it('records a POST that fails to connect as not delivered', async () => {
    const sandbox = harness.use({
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    await call('POST', '/api/check/async', { body: { ...RTW, callback_url: HOOK } });
    await vi.advanceTimersByTimeAsync(100);
    expect(sandbox.deliveries).toMatchObject([{ transport: 'fetch', delivered: false, status: null }]);
  });
});

describe('sendTestEvent', () => {
  it("signs a check.test carrying core's fixed record", async () => {
    const sandbox = harness.use();
    const got = receiver(HOOK);
    const delivery = await sandbox.sendTestEvent(HOOK);
    expect(delivery).toMatchObject({ type: 'check.test', url: HOOK, delivered: true, status: 204 });
    const event = new Webhook(sandbox.webhookSecret).verify(got[0]?.body ?? '', got[0]?.headers ?? {}) as {
      type: string;
      created_at: string;
      data: CheckRecord;
    };
    expectSpecHeaders(got[0]?.headers ?? {}, NOW);
    expect(contract.validateSchema('CheckTestEvent', event).errors).toEqual([]);
    expect(event).toEqual({
      type: 'check.test',
      created_at: NOW.toISOString(),
      data: await sandboxTestEventRecord(NOW),
    });
  });

  it('goes to the default callback URL when no URL is given', async () => {
    const sandbox = harness.use({ defaultCallbackUrl: HOOK });
    const got = receiver(HOOK);
    expect((await sandbox.sendTestEvent()).delivered).toBe(true);
    expect(got).toHaveLength(1);
  });

  it('reports, without sending, when there is no URL at all or the URL breaks the callback rules', async () => {
    const sandbox = harness.use();
    expect(await sandbox.sendTestEvent()).toMatchObject({ delivered: false, transport: 'none', url: null });
    const refused = await sandbox.sendTestEvent('http://hooks.example.com/plain');
    expect(refused).toMatchObject({
      delivered: false,
      transport: 'none',
      error: expect.stringMatching(/callback_url/),
    });
    expect(sandbox.deliveries).toHaveLength(2);
  });
});

describe('options', () => {
  it.each([
    [{ webhookSecret: 'not-a-secret' }, /webhookSecret/],
    [{ webhookSecret: 'whsec_c2hvcnQ=' }, /webhookSecret/],
    [{ baseUrl: 'ftp://example.com' }, /baseUrl/],
    [{ baseUrl: 'not a url' }, /baseUrl/],
    [{ defaultCallbackUrl: 'http://hooks.example.com' }, /defaultCallbackUrl/],
    [{ delays: { startMs: -1 } }, /startMs/],
    [{ delays: { runMs: Number.NaN } }, /runMs/],
    [{ delays: { retrySchedule: [1, -2] } }, /retrySchedule/],
    [{ delays: { retrySchedule: [1000, 2000] } }, /retrySchedule\[0\] is 1000 seconds .*retryScheduleMs/],
    [{ delays: { retryScheduleMs: [1000, 300_001] } }, /retryScheduleMs\[1\] is 300001 ms/],
    [{ delays: { retryScheduleMs: [1000], retrySchedule: [1] } }, /not both/],
  ])('refuses %j with a message naming the option', (options, message) => {
    expect(() => harness.use(options)).toThrow(message);
  });

  it('takes retry waits in milliseconds (retryScheduleMs), like startMs and runMs', () => {
    expect(harness.use({ delays: { retryScheduleMs: [1000, 2500] } }).delays.retrySchedule).toEqual([1, 2.5]);
    expect(harness.use({ delays: { retrySchedule: [0.5, 2] } }).delays.retrySchedule).toEqual([0.5, 2]);
  });

  it('publishes a default secret of 32 bytes that standardwebhooks accepts', () => {
    const sandbox = harness.use();
    expect(sandbox.webhookSecret).toBe(SANDBOX_WEBHOOK_SECRET);
    expect(atob(SANDBOX_WEBHOOK_SECRET.slice('whsec_'.length))).toHaveLength(32);
    expect(() => new Webhook(SANDBOX_WEBHOOK_SECRET)).not.toThrow();
  });
});
