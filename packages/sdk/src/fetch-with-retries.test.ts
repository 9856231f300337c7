import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShareCodeApiError, ShareCodeConnectionError, ShareCodeTimeoutError } from './errors.js';
import {
  backoffDelay,
  type FetchLike,
  fetchWithRetries,
  type PreparedRequest,
  type SendPolicy,
  sendWithRetries,
} from './fetch-with-retries.js';

type Step =
  | Response
  | Error
  | 'hang'
  | 'hang-ignoring-signal'
  | (() => Response)
  | { after: number; fail: Error };

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: string;
}

// A scripted fetch: each call takes the next step. 'hang' never answers (until aborted).
function scripted(steps: Step[]) {
  const calls: Call[] = [];
  const fetch: FetchLike = async (input, init) => {
    const body = typeof init?.body === 'string' ? init.body : '';
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body,
    });
    const step = steps.shift();
    if (step === undefined) throw new Error('fake fetch: no more scripted answers');
    if (step === 'hang-ignoring-signal') return new Promise<Response>(() => undefined);
    if (step === 'hang') {
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true });
      });
    }
    if (step instanceof Error) throw step;
    if ('after' in step) {
      await new Promise((resolve) => setTimeout(resolve, step.after));
      throw step.fail;
    }
    return typeof step === 'function' ? step() : step;
  };
  return { fetch, calls };
}

function apiError(status: number, code: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ error: { code, message: `${code} happened; do the thing.` } }), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': `req_${status}`, ...headers },
  });
}

function ok(body: unknown = { outcome: 'ACCEPTED' }, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function refused(): Error {
  return new TypeError('fetch failed', {
    cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
  });
}

function reset(): Error {
  return new TypeError('fetch failed', {
    cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
  });
}

function post(body = '{"share_code":"W12345678"}', key?: string): PreparedRequest {
  return {
    url: 'http://api.test/api/check',
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
  };
}

const policy = (over: Partial<SendPolicy> = {}): SendPolicy => ({
  timeout: 1_000,
  deadline: 60_000,
  maxRetries: 2,
  idempotent: false,
  ...over,
});

function deps(fetch: FetchLike) {
  return { fetch: () => fetch, random: () => 1, now: () => Date.now() };
}

// Settles the promise as a value so rejections are never unhandled while timers are advanced.
function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

describe('sendWithRetries', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('returns a 2xx with its body read, after one attempt, leaving no timer behind', async () => {
    const { fetch, calls } = scripted([ok({ outcome: 'ACCEPTED' })]);
    const { response, text } = await sendWithRetries(post(), policy(), deps(fetch));
    expect(response.status).toBe(200);
    expect(JSON.parse(text)).toEqual({ outcome: 'ACCEPTED' });
    expect(calls).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('retries 503 BUSY with full-jitter backoff and re-sends the same body and key', async () => {
    const { fetch, calls } = scripted([apiError(503, 'BUSY'), apiError(503, 'BUSY'), ok()]);
    const result = settle(
      sendWithRetries(post('{"a":1}', 'key-1'), policy({ idempotent: true }), deps(fetch)),
    );
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1); // random() = 1: first wait is the full 500 ms
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_000); // second wait: 1 000 ms
    expect(calls).toHaveLength(3);
    expect((await result).value?.response.status).toBe(200);
    expect(calls.map((c) => c.body)).toEqual(['{"a":1}', '{"a":1}', '{"a":1}']);
    expect(calls.map((c) => c.headers.get('idempotency-key'))).toEqual(['key-1', 'key-1', 'key-1']);
  });

  it('waits exactly Retry-After seconds on 429', async () => {
    const { fetch, calls } = scripted([apiError(429, 'RATE_LIMITED', { 'retry-after': '3' }), ok()]);
    const result = settle(sendWithRetries(post(), policy(), deps(fetch)));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect((await result).value?.response.status).toBe(200);
  });

  it('fails at once with the API error when Retry-After would pass the deadline', async () => {
    const { fetch, calls } = scripted([apiError(503, 'BUSY', { 'retry-after': '120' })]);
    const { error } = await settle(sendWithRetries(post(), policy({ deadline: 30_000 }), deps(fetch)));
    expect(error).toBeInstanceOf(ShareCodeApiError);
    expect(error).toMatchObject({
      code: 'BUSY',
      status: 503,
      retryAfter: 120,
      attempts: 1,
      requestId: 'req_503',
    });
    expect(calls).toHaveLength(1);
  });

  it.each([
    [400, 'INVALID_INPUT'],
    [401, 'INVALID_KEY'],
    [402, 'QUOTA_EXCEEDED'],
    [404, 'NOT_FOUND'],
    [404, 'DOB_MISMATCH'],
    [404, 'CHECK_NOT_FOUND'],
  ])('never retries %i %s', async (status, code) => {
    const { fetch, calls } = scripted([apiError(status, code)]);
    const { error } = await settle(sendWithRetries(post(), policy({ idempotent: true }), deps(fetch)));
    expect(error).toMatchObject({ code, status, attempts: 1 });
    expect(calls).toHaveLength(1);
  });

  it('gives up after maxRetries with the last error', async () => {
    const { fetch, calls } = scripted([
      apiError(500, 'INTERNAL'),
      apiError(502, 'UPSTREAM_UNEXPECTED'),
      apiError(504, 'TIMEOUT'),
    ]);
    const result = settle(sendWithRetries(post('{}', 'k'), policy({ idempotent: true }), deps(fetch)));
    await vi.advanceTimersByTimeAsync(10_000);
    const { error } = await result;
    expect(error).toMatchObject({ code: 'TIMEOUT', status: 504, attempts: 3 });
    expect(calls).toHaveLength(3);
  });

  it('maps bare proxy answers by status and retries the transient ones when idempotent', async () => {
    const html = () =>
      new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
    const { fetch, calls } = scripted([html, new Response('', { status: 404 })]);
    const result = settle(sendWithRetries(post('{}', 'k'), policy({ idempotent: true }), deps(fetch)));
    await vi.advanceTimersByTimeAsync(1_000);
    const { error } = await result;
    expect(calls).toHaveLength(2);
    expect(error).toMatchObject({ code: 'UNEXPECTED_RESPONSE', status: 404 });
    expect((error as Error).message).toMatch(/baseUrl/);
  });

  it('keeps an unknown code as rawCode and falls back on the status', async () => {
    const { fetch } = scripted([apiError(503, 'BRAND_NEW_CODE')]);
    const { error } = await settle(sendWithRetries(post(), policy({ maxRetries: 0 }), deps(fetch)));
    expect(error).toMatchObject({ code: 'BUSY', rawCode: 'BRAND_NEW_CODE' });
  });

  it('retries a per-attempt timeout when the request is idempotent', async () => {
    const { fetch, calls } = scripted(['hang', ok()]);
    const result = settle(sendWithRetries(post('{}', 'k'), policy({ idempotent: true }), deps(fetch)));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toHaveLength(2);
    expect((await result).value?.response.status).toBe(200);
  });

  it('does not retry a timed-out synchronous check, and says why', async () => {
    const { fetch, calls } = scripted(['hang', ok()]);
    const result = settle(sendWithRetries(post(), policy(), deps(fetch)));
    await vi.advanceTimersByTimeAsync(1_000);
    const { error } = await result;
    expect(error).toBeInstanceOf(ShareCodeTimeoutError);
    expect(error).toMatchObject({ phase: 'attempt', timeoutMs: 1_000, attempts: 1 });
    expect((error as Error).message).toMatch(/not sent again/);
    expect((error as Error).message).toMatch(/asynchronous endpoint .*Idempotency-Key/);
    expect(calls).toHaveLength(1);
  });

  it('times out even when a custom fetch ignores the abort signal', async () => {
    const { fetch } = scripted(['hang-ignoring-signal']);
    const result = settle(sendWithRetries(post(), policy({ maxRetries: 0 }), deps(fetch)));
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await result).error).toMatchObject({ phase: 'attempt' });
  });

  it('times out a response whose body stalls', async () => {
    const stalled = () =>
      new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('{"par')) }), {
        status: 200,
      });
    const { fetch } = scripted([stalled]);
    const result = settle(sendWithRetries(post(), policy({ maxRetries: 0 }), deps(fetch)));
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await result).error).toMatchObject({ phase: 'attempt' });
  });

  it('stops at the total deadline, shortening the last attempt', async () => {
    const { fetch, calls } = scripted(['hang', 'hang', 'hang']);
    const result = settle(
      sendWithRetries(
        post('{}', 'k'),
        policy({ idempotent: true, timeout: 1_000, deadline: 1_800 }),
        deps(fetch),
      ),
    );
    await vi.advanceTimersByTimeAsync(1_800);
    const { error } = await result;
    expect(error).toBeInstanceOf(ShareCodeTimeoutError);
    expect(error).toMatchObject({ phase: 'deadline', timeoutMs: 1_800, attempts: 2 });
    expect(calls).toHaveLength(2);
  });

  it('retries connection errors on idempotent requests', async () => {
    const { fetch, calls } = scripted([reset(), ok()]);
    const result = settle(sendWithRetries(post('{}', 'k'), policy({ idempotent: true }), deps(fetch)));
    await vi.advanceTimersByTimeAsync(500);
    expect((await result).value?.response.status).toBe(200);
    expect(calls).toHaveLength(2);
  });

  it('retries a refused connection on a synchronous check (it never reached the server)', async () => {
    const { fetch, calls } = scripted([refused(), ok()]);
    const result = settle(sendWithRetries(post(), policy(), deps(fetch)));
    await vi.advanceTimersByTimeAsync(500);
    expect((await result).value?.response.status).toBe(200);
    expect(calls).toHaveLength(2);
  });

  it('never resends a synchronous check whose connection closed at once: behind a proxy it may have run', async () => {
    const { fetch, calls } = scripted([reset(), ok()]);
    const result = settle(sendWithRetries(post(), policy(), deps(fetch)));
    await vi.advanceTimersByTimeAsync(5_000);
    const { error } = await result;
    expect(error).toBeInstanceOf(ShareCodeConnectionError);
    expect(error).toMatchObject({ attempts: 1, mayHaveBeenCharged: true });
    expect(calls).toHaveLength(1);
    expect((error as Error).message).toMatch(/may have been sent.*not sent again/);
    expect((error as Error).message).not.toMatch(/nothing could have run|sent once more/);
  });

  it.each([
    [502, 'UPSTREAM_UNEXPECTED'],
    [503, 'BUSY'],
    [504, 'TIMEOUT'],
    [500, 'INTERNAL'],
  ])('never resends a synchronous check after a bare %i, and says what to do', async (status) => {
    const html = () =>
      new Response('<html>Gateway</html>', { status, headers: { 'content-type': 'text/html' } });
    const { fetch, calls } = scripted([html, ok()]);
    const result = settle(sendWithRetries(post(), policy(), deps(fetch)));
    await vi.advanceTimersByTimeAsync(10_000);
    const { error } = await result;
    expect(calls).toHaveLength(1);
    expect(error).toMatchObject({ status, attempts: 1 });
    expect((error as Error).message).toMatch(
      /without the API's error body.*not sent again.*answer cannot be fetched.*Idempotency-Key/,
    );
  });

  it.each([
    [500, 'INTERNAL'],
    [502, 'UPSTREAM_UNEXPECTED'],
    [504, 'TIMEOUT'],
  ])('does not resend a synchronous check the service answered %i %s (it ran)', async (status, code) => {
    const { fetch, calls } = scripted([apiError(status, code), ok()]);
    const result = settle(sendWithRetries(post(), policy(), deps(fetch)));
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await result).error).toMatchObject({ code, attempts: 1 });
    expect(calls).toHaveLength(1);
  });

  it("retries a synchronous check on the service's BUSY and on any 429: nothing ran", async () => {
    const bare429 = () => new Response('Too many', { status: 429 });
    const { fetch, calls } = scripted([apiError(503, 'BUSY'), bare429, apiError(429, 'RATE_LIMITED'), ok()]);
    const result = settle(sendWithRetries(post(), policy({ maxRetries: 3 }), deps(fetch)));
    await vi.advanceTimersByTimeAsync(20_000);
    expect((await result).value?.response.status).toBe(200);
    expect(calls).toHaveLength(4);
  });

  it('says a TLS handshake failed (https to a plain port) and that nothing was sent, without retrying', async () => {
    const tls = () =>
      new TypeError('fetch failed', {
        cause: Object.assign(
          new Error('C0D7B5E1:error:0A00010B:SSL routines:ssl3_get_record:wrong version number'),
          { code: 'ERR_SSL_WRONG_VERSION_NUMBER' },
        ),
      });
    const { fetch, calls } = scripted([tls(), ok()]);
    const { error } = await settle(sendWithRetries(post(), policy(), deps(fetch)));
    expect(calls).toHaveLength(1);
    expect(error).toBeInstanceOf(ShareCodeConnectionError);
    const message = (error as Error).message;
    expect(message).toMatch(
      /https \(TLS\) handshake .* does not speak https on that port, so the request was never sent/,
    );
    expect(message).toMatch(/Use http:\/\/ in baseUrl/);
    expect(message).not.toMatch(/may have reached/);
  });

  it('says a refused connection never reached the server, and what to check', async () => {
    const { fetch, calls } = scripted([refused(), refused(), refused()]);
    const result = settle(sendWithRetries(post(), policy(), deps(fetch)));
    await vi.advanceTimersByTimeAsync(5_000);
    const { error } = await result;
    expect(calls).toHaveLength(3);
    expect((error as Error).message).toMatch(
      /Could not connect to http:\/\/api.test after 3 attempts, so the request was never sent.*refused: nothing is listening there/,
    );
  });

  it('sends once with maxRetries 0', async () => {
    const { fetch, calls } = scripted([refused(), ok()]);
    const { error } = await settle(sendWithRetries(post(), policy({ maxRetries: 0 }), deps(fetch)));
    expect(error).toBeInstanceOf(ShareCodeConnectionError);
    expect(calls).toHaveLength(1);
  });

  it('does not retry a synchronous check whose connection broke after it may have run', async () => {
    const { fetch, calls } = scripted([{ after: 2_000, fail: reset() }, ok()]);
    const result = settle(sendWithRetries(post(), policy({ timeout: 60_000 }), deps(fetch)));
    await vi.advanceTimersByTimeAsync(2_000);
    const { error } = await result;
    expect(error).toBeInstanceOf(ShareCodeConnectionError);
    expect((error as Error).message).toMatch(/ECONNRESET/);
    expect((error as Error).message).toMatch(/may have been sent/);
    expect((error as Error).message).toMatch(/not sent again/);
    expect((error as Error).message).not.toMatch(/sent once more/);
    expect((error as ShareCodeConnectionError).cause).toBeInstanceOf(TypeError);
    expect(calls).toHaveLength(1);
  });

  it('rejects with the caller’s abort reason during a backoff wait, without another attempt', async () => {
    const controller = new AbortController();
    const { fetch, calls } = scripted([apiError(503, 'BUSY', { 'retry-after': '10' }), ok()]);
    const result = settle(sendWithRetries(post(), policy({ signal: controller.signal }), deps(fetch)));
    await vi.advanceTimersByTimeAsync(1_000);
    const reason = new Error('user left');
    controller.abort(reason);
    expect((await result).error).toBe(reason);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with an AbortError when aborted mid-request without a reason', async () => {
    const controller = new AbortController();
    const { fetch } = scripted(['hang']);
    const result = settle(sendWithRetries(post(), policy({ signal: controller.signal }), deps(fetch)));
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    const { error } = await result;
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('does not send at all when the signal is already aborted', async () => {
    const { fetch, calls } = scripted([ok()]);
    const { error } = await settle(
      sendWithRetries(post(), policy({ signal: AbortSignal.abort('gone') }), deps(fetch)),
    );
    expect(error).toBe('gone');
    expect(calls).toHaveLength(0);
  });

  it('uses the fetch looked up at call time', async () => {
    let current = scripted([apiError(503, 'BUSY', { 'retry-after': '1' })]);
    const later = scripted([ok()]);
    const result = settle(
      sendWithRetries(post(), policy(), { ...deps(current.fetch), fetch: () => current.fetch }),
    );
    await vi.advanceTimersByTimeAsync(10);
    current = later;
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await result).value?.response.status).toBe(200);
    expect(later.calls).toHaveLength(1);
  });
});

describe('fetchWithRetries (the fetch given to openapi-fetch)', () => {
  it('re-sends the Request body and headers on every attempt and returns a readable Response', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = scripted([apiError(503, 'BUSY'), ok({ done: true }, 201)]);
    const request = new Request('http://api.test/api/check/async', {
      method: 'POST',
      body: '{"a":1}',
      headers: { 'Idempotency-Key': 'key-9', 'content-type': 'application/json' },
    });
    const result = settle(fetchWithRetries(request, policy({ idempotent: true }), deps(fetch)));
    await vi.advanceTimersByTimeAsync(500);
    const response = (await result).value;
    vi.useRealTimers();
    expect(response?.status).toBe(201);
    expect(await response?.json()).toEqual({ done: true });
    expect(calls.map((c) => [c.body, c.headers.get('idempotency-key')])).toEqual([
      ['{"a":1}', 'key-9'],
      ['{"a":1}', 'key-9'],
    ]);
  });

  it('passes a 204 through without a body', async () => {
    const { fetch } = scripted([new Response(null, { status: 204 })]);
    const response = await fetchWithRetries(new Request('http://api.test/x'), policy(), deps(fetch));
    expect(response.status).toBe(204);
  });

  it('honours the Request’s own signal', async () => {
    const { fetch } = scripted([ok()]);
    const request = new Request('http://api.test/x', { signal: AbortSignal.abort('stop') });
    await expect(fetchWithRetries(request, policy(), deps(fetch))).rejects.toBe('stop');
  });
});

describe('backoffDelay', () => {
  it('stays within [0, min(8 s, 0.5 s x 2^n)]', () => {
    expect(backoffDelay(0, () => 1)).toBe(500);
    expect(backoffDelay(3, () => 1)).toBe(4_000);
    expect(backoffDelay(10, () => 1)).toBe(8_000);
    expect(backoffDelay(10, () => 0)).toBe(0);
    expect(backoffDelay(1, () => 0.5)).toBe(500);
  });
});
