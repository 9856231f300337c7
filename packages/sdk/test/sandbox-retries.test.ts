// The SDK's retries against the MSW sandbox: Retry-After (seconds and HTTP dates) honoured, the body
// and the Idempotency-Key identical on every attempt, one check per key, and no retry of errors that
// a second try cannot fix.
import { setupSandboxServer } from '@sharecode/sandbox/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CheckRecord, ShareCodeApiError, ShareCodeClient } from '../src/index.js';
import {
  API_KEY,
  apiErrorAnswer,
  BASE,
  createCheck,
  intercept,
  REQUEST_ID,
  rejectionOf,
  requestBody,
  syncCheck,
  track,
} from './sandbox-helpers.js';

const { server, sandbox } = setupSandboxServer({
  delays: { startMs: 5, runMs: 5, retrySchedule: [0.02, 0.04] },
});
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  server.resetHandlers();
  sandbox.reset();
});
afterAll(() => server.close());

const client = new ShareCodeClient({ apiKey: API_KEY, baseUrl: BASE });

function noJitter(): void {
  // Full jitter with random() = 0 makes every computed backoff 0 ms, so a retry is immediate.
  vi.spyOn(Math, 'random').mockReturnValue(0);
}

const UPGRADE_URL = 'https://sandbox.example.com/upgrade?plan=pro';

/** A 402 as the live service sends it (the sandbox has no quotas): with `upgrade_url`. */
function paymentAnswer(code: string): Response {
  return Response.json(
    { error: { code, message: `${code}: upgrade your plan.`, upgrade_url: UPGRADE_URL } },
    { status: 402, headers: { 'X-Request-Id': 'req_override0000000000000402' } },
  );
}

describe('Retry-After', () => {
  it('waits exactly Retry-After seconds between attempts of a synchronous check, re-sending the body intact', async () => {
    vi.useFakeTimers({ now: new Date('2025-05-05T09:00:00.000Z') });
    const seen = intercept(server, 'POST', '/api/check', (call) =>
      call <= 2 ? apiErrorAnswer(503, 'BUSY', { 'Retry-After': '1' }) : undefined,
    );
    const call = track(syncCheck(client, 'right_to_work', 'wac pt0 001'));

    await vi.advanceTimersByTimeAsync(999);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(seen).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(0);

    expect(call.error).toBeUndefined();
    expect(call.value).toMatchObject({ outcome: 'ACCEPTED', share_code: 'WACPT0001' });
    const sent = JSON.stringify(requestBody('right_to_work', 'wac pt0 001'));
    for (const request of seen) {
      expect(request.body).toBe(sent);
      expect(request.headers.get('content-type')).toBe('application/json');
      expect(request.headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
      expect(request.headers.get('idempotency-key')).toBeNull();
    }
    expect((seen[1]?.at ?? 0) - (seen[0]?.at ?? 0)).toBeGreaterThanOrEqual(1_000);
    expect((seen[2]?.at ?? 0) - (seen[1]?.at ?? 0)).toBeGreaterThanOrEqual(1_000);
  });

  it('waits until the HTTP date of a 429, keeps the Idempotency-Key, and queues exactly one check', async () => {
    vi.useFakeTimers({ now: new Date('2025-05-05T09:00:00.250Z') });
    const namedDates: number[] = [];
    const seen = intercept(server, 'POST', '/api/check/right-to-rent/async', (call) => {
      if (call > 2) return undefined;
      const at = Math.floor(Date.now() / 1000) * 1000 + 3_000; // HTTP dates have whole seconds
      namedDates.push(at);
      return apiErrorAnswer(429, 'RATE_LIMITED', { 'Retry-After': new Date(at).toUTCString() });
    });
    const body = { client_reference: 'tenant-42' };
    const call = track(createCheck(client, 'right_to_rent', 'RACPT0002', body));
    await vi.advanceTimersByTimeAsync(10_000);

    expect(call.error).toBeUndefined();
    const created = call.value;
    if (created === undefined) return expect.fail('the create did not resolve');
    expect(seen).toHaveLength(3);
    // No retry before the date the server named.
    expect(seen[1]?.at).toBeGreaterThanOrEqual(namedDates[0] ?? Number.POSITIVE_INFINITY);
    expect(seen[2]?.at).toBeGreaterThanOrEqual(namedDates[1] ?? Number.POSITIVE_INFINITY);
    const keys = new Set(seen.map((request) => request.headers.get('idempotency-key')));
    expect([...keys]).toEqual([created.idempotencyKey]);
    expect(new Set(seen.map((request) => request.body)).size).toBe(1);
    expect(created).toMatchObject({ replayed: false, check: { status: 'queued', attempts: 0 } });

    // The key names one check: sending it again replays that check instead of queuing another.
    vi.useRealTimers();
    const again = await createCheck(client, 'right_to_rent', 'RACPT0002', body, {
      idempotencyKey: created.idempotencyKey,
    });
    expect(again.replayed).toBe(true);
    expect(again.check.id).toBe(created.check.id);
    const other = await createCheck(client, 'right_to_rent', 'RACPT0002', body);
    expect(other.replayed).toBe(false);
    expect(other.check.id).not.toBe(created.check.id);
  });

  it("honours the sandbox's own Retry-After: 1 of BUSY with real timers, then reports the last error", async () => {
    const seen = intercept(server, 'POST', '/api/check/immigration-status');
    const error = await rejectionOf(syncCheck(client, 'immigration_status', 'SBUSY0001', { maxRetries: 1 }));
    if (!(error instanceof ShareCodeApiError)) return expect.fail('expected a ShareCodeApiError');
    expect(error).toMatchObject({ code: 'BUSY', status: 503, retryAfter: 1, attempts: 2 });
    expect(error.requestId).toMatch(REQUEST_ID);
    expect(seen).toHaveLength(2);
    // Timers and Date.now() may disagree by a millisecond or two; the wait itself is 1 000 ms.
    expect((seen[1]?.at ?? 0) - (seen[0]?.at ?? 0)).toBeGreaterThanOrEqual(995);
    expect(seen[0]?.body).toBe(seen[1]?.body);
  });
});

describe('one check per Idempotency-Key', () => {
  it('a create whose 202 was lost is retried with the same key and answered with the same check', async () => {
    noJitter();
    let queued: CheckRecord | undefined;
    const seen = intercept(server, 'POST', '/api/check/async', async (call, request) => {
      if (call !== 1) return undefined; // the nested forward (2) and the SDK's retry (3) reach the sandbox
      // The create reaches the sandbox and is queued, but a gateway loses the answer: 504.
      const forwarded = await fetch(request.clone());
      expect(forwarded.status).toBe(202);
      queued = (await forwarded.json()) as CheckRecord;
      return apiErrorAnswer(504, 'TIMEOUT');
    });

    const created = await createCheck(client, 'right_to_work', 'WNOEX0001', { client_reference: 'hire-9' });
    expect(seen).toHaveLength(3);
    expect(queued?.id).toMatch(/^chk_/);
    expect(created.replayed).toBe(true);
    expect(created.check.id).toBe(queued?.id);
    expect(new Set(seen.map((request) => request.headers.get('idempotency-key')))).toEqual(
      new Set([created.idempotencyKey]),
    );
    expect(new Set(seen.map((request) => request.body)).size).toBe(1);

    const final = await client.waitForCheck(created.check.id, { interval: 5, maxInterval: 20 });
    expect(final).toMatchObject({ status: 'succeeded', attempts: 1, client_reference: 'hire-9' });
  });
});

describe('errors a retry cannot fix are not retried', () => {
  const cases: {
    name: string;
    code: string;
    status: number;
    method: 'GET' | 'POST';
    path: string;
    run: (c: ShareCodeClient) => Promise<unknown>;
    answer?: () => Response;
    clientKey?: string;
    /** Headers of the client (an empty Authorization: the SDK itself refuses to be built without a key). */
    clientHeaders?: Record<string, string>;
  }[] = [
    {
      name: 'INVALID_INPUT (a right-to-work code on the right-to-rent endpoint)',
      code: 'INVALID_INPUT',
      status: 400,
      method: 'POST',
      path: '/api/check/right-to-rent',
      run: (c) => syncCheck(c, 'right_to_rent', 'WACPT0001'),
    },
    {
      name: 'INVALID_INPUT on an asynchronous create (a callback URL that is not https)',
      code: 'INVALID_INPUT',
      status: 400,
      method: 'POST',
      path: '/api/check/async',
      run: (c) =>
        createCheck(c, 'right_to_work', 'WACPT0001', { callback_url: 'http://hooks.example.com/x' }),
    },
    {
      name: 'NOT_FOUND',
      code: 'NOT_FOUND',
      status: 404,
      method: 'POST',
      path: '/api/check',
      run: (c) => syncCheck(c, 'right_to_work', 'WNFND0001'),
    },
    {
      name: 'DOB_MISMATCH',
      code: 'DOB_MISMATCH',
      status: 404,
      method: 'POST',
      path: '/api/check/immigration-status',
      run: (c) => syncCheck(c, 'immigration_status', 'SACPT0002', undefined, '1991-03-04'),
    },
    {
      name: 'CHECK_NOT_FOUND',
      code: 'CHECK_NOT_FOUND',
      status: 404,
      method: 'GET',
      path: '/api/check/async/:id',
      run: (c) => c.getCheck(`chk_${'a'.repeat(32)}`),
    },
    {
      name: '401 INVALID_KEY (a live key)',
      code: 'INVALID_KEY',
      status: 401,
      method: 'POST',
      path: '/api/check',
      run: (c) => syncCheck(c, 'right_to_work', 'WACPT0001'),
      clientKey: 'rtw_live_0000000000000000000000000000000000000000',
    },
    {
      name: '401 UNAUTHENTICATED (an empty key)',
      code: 'UNAUTHENTICATED',
      status: 401,
      method: 'POST',
      path: '/api/check',
      run: (c) => syncCheck(c, 'right_to_work', 'WACPT0001'),
      clientHeaders: { authorization: '' },
    },
    {
      name: '402 QUOTA_EXCEEDED (override)',
      code: 'QUOTA_EXCEEDED',
      status: 402,
      method: 'POST',
      path: '/api/check/async',
      run: (c) => createCheck(c, 'right_to_work', 'WACPT0001'),
      answer: () => paymentAnswer('QUOTA_EXCEEDED'),
    },
    {
      name: '402 PAYMENT_REQUIRED (override)',
      code: 'PAYMENT_REQUIRED',
      status: 402,
      method: 'POST',
      path: '/api/check',
      run: (c) => syncCheck(c, 'right_to_work', 'WACPT0001'),
      answer: () => paymentAnswer('PAYMENT_REQUIRED'),
    },
  ];

  it.each(cases)(
    '$name: one request, the typed error',
    async ({ code, status, method, path, run, answer, clientKey, clientHeaders }) => {
      noJitter();
      const seen = intercept(server, method, path, answer);
      const c =
        clientKey === undefined && clientHeaders === undefined
          ? client
          : new ShareCodeClient({
              apiKey: clientKey ?? API_KEY,
              baseUrl: BASE,
              maxRetries: 2,
              headers: clientHeaders,
            });
      const error = await rejectionOf(run(c));
      if (!(error instanceof ShareCodeApiError))
        return expect.fail(`expected a ShareCodeApiError, got ${String(error)}`);
      expect(error).toMatchObject({ code, status, attempts: 1 });
      expect(error.requestId).toMatch(REQUEST_ID);
      if (status === 402) expect(error.upgradeUrl).toBe(UPGRADE_URL);
      expect(seen).toHaveLength(1);
    },
  );

  it('while a retryable error (BUSY: nothing ran) is sent maxRetries + 1 times', async () => {
    noJitter();
    const seen = intercept(server, 'POST', '/api/check/right-to-rent');
    const error = await rejectionOf(syncCheck(client, 'right_to_rent', 'RBUSY0001', { maxRetries: 1 }));
    expect(error).toMatchObject({ code: 'BUSY', status: 503, attempts: 2 });
    expect(seen).toHaveLength(2);
  });

  it('a synchronous check the service ran and answered INTERNAL is not sent again (issue 36)', async () => {
    noJitter();
    const seen = intercept(server, 'POST', '/api/check/right-to-rent');
    const error = await rejectionOf(syncCheck(client, 'right_to_rent', 'RFAIL0001'));
    expect(error).toMatchObject({ code: 'INTERNAL', status: 500, attempts: 1 });
    expect(seen).toHaveLength(1);
  });

  it('an asynchronous create answered INTERNAL is retried (its Idempotency-Key makes it safe)', async () => {
    noJitter();
    const seen = intercept(server, 'POST', '/api/check/async', () => apiErrorAnswer(500, 'INTERNAL'));
    const error = await rejectionOf(createCheck(client, 'right_to_work', 'WACPT0001', {}));
    expect(error).toMatchObject({ code: 'INTERNAL', status: 500, attempts: 3 });
    expect(seen).toHaveLength(3);
  });
});
