// The sandbox's signed webhooks verified with the SDK: check.succeeded and check.failed carry the
// final record, check.test the fixed one, and tampered, wrongly keyed or stale deliveries are refused.
import { createSandbox, type WebhookRequest } from '@sharecode/sandbox';
import { setupSandboxServer } from '@sharecode/sandbox/node';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  isShareCodeWebhookError,
  ShareCodeClient,
  ShareCodeWebhookError,
  type WebhookErrorReason,
} from '../src/index.js';
import { verifyWebhook, verifyWebhookSignature } from '../src/webhooks-entry.js';
import { API_KEY, BASE, createCheck } from './sandbox-helpers.js';

const { server, sandbox } = setupSandboxServer({
  delays: { startMs: 5, runMs: 5, retrySchedule: [0.02, 0.04] },
});
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sandbox.reset();
});
afterAll(() => server.close());

const client = new ShareCodeClient({ apiKey: API_KEY, baseUrl: BASE });
const WAIT = { interval: 5, maxInterval: 20, timeout: 15_000 } as const;
const RECEIVER = 'https://hooks.example.com/sharecode/rtw';
// The query string carries the integrator's own id (spec 6.3); MSW matches the path alone.
const CALLBACK = `${RECEIVER}?tenant=7`;
// A valid secret that is not the sandbox's: 32 bytes, base64.
const OTHER_SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

/** The next delivery the sandbox makes to a handler. */
function nextWebhook(): Promise<WebhookRequest> {
  return new Promise((resolve) => {
    const off = sandbox.onWebhook((request) => {
      off();
      resolve(request);
    });
  });
}

function refusal(run: () => unknown): WebhookErrorReason | 'accepted' | 'other error' {
  try {
    run();
    return 'accepted';
  } catch (error) {
    return error instanceof ShareCodeWebhookError ? error.reason : 'other error';
  }
}

describe('deliveries of asynchronous checks', () => {
  it('check.succeeded, verified with sandbox.webhookSecret, carries the final GET record', async () => {
    const received = nextWebhook();
    const created = await createCheck(client, 'right_to_work', 'WACPT0001', {
      callback_url: CALLBACK,
      client_reference: 'hire-1',
    });
    await client.waitForCheck(created.check.id, WAIT);
    const delivery = await received;
    const record = await client.getCheck(created.check.id);

    expect(delivery.url).toBe(CALLBACK);
    const event = verifyWebhook(delivery.body, delivery.headers, sandbox.webhookSecret);
    expect(event.type).toBe('check.succeeded');
    expect(event.data).toEqual(record);
    expect(event.data).toMatchObject({
      status: 'succeeded',
      callback_url: CALLBACK,
      client_reference: 'hire-1',
      attempts: 1,
    });
    // The event types narrow `data`: a check event's is a check record.
    expect(event.type === 'check.succeeded' && event.data.result?.share_code).toBe('WACPT0001');
    // Raw bytes verify the same way as the string.
    expect(
      verifyWebhook(new TextEncoder().encode(delivery.body), delivery.headers, sandbox.webhookSecret),
    ).toEqual(event);
    const signed = verifyWebhookSignature(delivery.body, delivery.headers, sandbox.webhookSecret);
    expect(signed.id).toMatch(/^evt_[A-Za-z0-9]{32}$/);
    expect(signed.id).toBe(delivery.headers['webhook-id']);
    expect(sandbox.deliveries).toEqual([
      expect.objectContaining({
        eventId: signed.id,
        type: 'check.succeeded',
        checkId: created.check.id,
        transport: 'handler',
        delivered: true,
      }),
    ]);
  });

  it('check.failed, posted over HTTP to an MSW handler for the callback URL, carries the error', async () => {
    const posts: { body: string; headers: Headers; query: string }[] = [];
    let arrived: () => void = () => undefined;
    const posted = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    server.use(
      http.post(RECEIVER, async ({ request }) => {
        posts.push({
          body: await request.text(),
          headers: request.headers,
          query: new URL(request.url).search,
        });
        arrived();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const created = await createCheck(client, 'right_to_rent', 'RUPEX0001', { callback_url: CALLBACK });
    const final = await client.waitForCheck(created.check.id, WAIT);
    await posted;

    expect(posts).toHaveLength(1);
    const post = posts[0];
    if (post === undefined) return expect.fail('no webhook arrived');
    expect(post.query).toBe('?tenant=7');
    expect(post.headers.get('content-type')).toBe('application/json');
    expect(post.headers.get('user-agent')).toMatch(/-Webhooks\/1$/);
    const event = verifyWebhook(post.body, post.headers, sandbox.webhookSecret);
    expect(event.type).toBe('check.failed');
    expect(event.data).toEqual(final);
    expect(event.data).toMatchObject({ status: 'failed', attempts: 2, result: null });
    expect(event.type === 'check.failed' && event.data.error.code).toBe('UPSTREAM_UNEXPECTED');
    expect(sandbox.deliveries).toEqual([
      expect.objectContaining({ type: 'check.failed', transport: 'fetch', delivered: true, status: 204 }),
    ]);
  });
});

describe('test events and refused deliveries', () => {
  async function testDelivery(): Promise<WebhookRequest> {
    const received = nextWebhook();
    const delivery = await sandbox.sendTestEvent('https://hooks.example.com/sharecode/test');
    expect(delivery).toMatchObject({ type: 'check.test', delivered: true });
    return received;
  }

  it('sendTestEvent() delivers a verified check.test with the fixed sandbox record', async () => {
    const delivery = await testDelivery();
    const event = verifyWebhook(delivery.body, delivery.headers, sandbox.webhookSecret);
    expect(event.type).toBe('check.test');
    expect(event.data).toMatchObject({ id: `chk_${'0'.repeat(32)}`, status: 'succeeded', mode: 'test' });
    expect(event.type === 'check.test' && event.data.result.share_code).toBe('WACPT0001');
  });

  it('refuses a tampered body, a re-serialised body, a wrong secret and a missing header', async () => {
    const { body, headers } = await testDelivery();
    const secret = sandbox.webhookSecret;
    expect(refusal(() => verifyWebhook(body, headers, secret))).toBe('accepted');
    expect(refusal(() => verifyWebhook(body.replace('WACPT0001', 'WACPT0002'), headers, secret))).toBe(
      'bad_signature',
    );
    expect(refusal(() => verifyWebhook(JSON.stringify(JSON.parse(body), null, 2), headers, secret))).toBe(
      'bad_signature',
    );
    expect(refusal(() => verifyWebhook(body, headers, OTHER_SECRET))).toBe('bad_signature');
    // During a rotation either secret may match.
    expect(refusal(() => verifyWebhook(body, headers, [OTHER_SECRET, secret]))).toBe('accepted');
    const { 'webhook-signature': _dropped, ...unsigned } = headers;
    expect(refusal(() => verifyWebhook(body, unsigned, secret))).toBe('missing_headers');
    expect(refusal(() => verifyWebhook(JSON.parse(body), headers, secret))).toBe('not_raw_body');
    expect(refusal(() => verifyWebhook(body, headers, 'whsec_short'))).toBe('bad_secret');
  });

  it('refuses a delivery outside the 5-minute window, by the injected clock', async () => {
    const { body, headers } = await testDelivery();
    const secret = sandbox.webhookSecret;
    const sentAt = Number(headers['webhook-timestamp']) * 1000;
    const at = (offsetSeconds: number) => ({ now: new Date(sentAt + offsetSeconds * 1000) });
    expect(refusal(() => verifyWebhook(body, headers, secret, at(300)))).toBe('accepted');
    expect(refusal(() => verifyWebhook(body, headers, secret, at(301)))).toBe('timestamp_too_old');
    expect(refusal(() => verifyWebhook(body, headers, secret, at(-301)))).toBe('timestamp_in_future');
    expect(refusal(() => verifyWebhook(body, headers, secret, { ...at(61), toleranceSeconds: 60 }))).toBe(
      'timestamp_too_old',
    );
    let thrown: unknown;
    try {
      verifyWebhook(body, headers, secret, at(3_600));
    } catch (error) {
      thrown = error;
    }
    expect(isShareCodeWebhookError(thrown, 'timestamp_too_old')).toBe(true);
  });

  it('refuses a delivery the sandbox signed an hour ago (its clock injected) at the real time', async () => {
    const hourAgo = () => new Date(Date.now() - 3_600_000);
    // Test events go to the handler without any HTTP, so this sandbox needs no server of its own.
    const past = createSandbox({ now: hourAgo });
    const received = new Promise<WebhookRequest>((resolve) => {
      past.onWebhook(resolve);
    });
    await past.sendTestEvent('https://hooks.example.com/sharecode/test');
    const { body, headers } = await received;
    expect(refusal(() => verifyWebhook(body, headers, past.webhookSecret))).toBe('timestamp_too_old');
    expect(refusal(() => verifyWebhook(body, headers, past.webhookSecret, { now: hourAgo() }))).toBe(
      'accepted',
    );
    past.reset();
  });
});
