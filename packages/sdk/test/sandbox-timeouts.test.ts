// Client-side limits against the MSW sandbox: the per-attempt timeout, the total deadline across
// retries, and AbortSignal during a request, during a wait between retries and during waitForCheck.
import { setupSandboxServer } from '@sharecode/sandbox/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ShareCodeApiError, ShareCodeClient, ShareCodeTimeoutError } from '../src/index.js';
import {
  API_KEY,
  apiErrorAnswer,
  BASE,
  createCheck,
  intercept,
  rejectionOf,
  syncCheck,
  track,
} from './sandbox-helpers.js';

// Default sandbox pace: a WTIME0001 check takes 3.2 s to end, long enough to abort a wait on it.
const { server, sandbox } = setupSandboxServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  for (const release of hanging.splice(0)) release();
  vi.useRealTimers();
  vi.restoreAllMocks();
  server.resetHandlers();
  sandbox.reset();
});
afterAll(() => server.close());

const client = new ShareCodeClient({ apiKey: API_KEY, baseUrl: BASE });
const START = new Date('2025-07-01T12:00:00.000Z');

// Requests an override holds forever (until the test ends): a server that never answers.
const hanging: (() => void)[] = [];
function neverAnswer(): Promise<Response> {
  return new Promise((resolve) => {
    hanging.push(() => resolve(apiErrorAnswer(500, 'INTERNAL')));
  });
}

function noJitter(): void {
  vi.spyOn(Math, 'random').mockReturnValue(0);
}

describe('per-attempt timeout', () => {
  it('ends a synchronous check that gets no answer, and does not retry it (it could be charged twice)', async () => {
    vi.useFakeTimers({ now: START });
    const seen = intercept(server, 'POST', '/api/check', () => neverAnswer());
    const call = track(syncCheck(client, 'right_to_work', 'WACPT0001', { timeout: 200, maxRetries: 2 }));
    await vi.advanceTimersByTimeAsync(199);
    expect(call.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(call.done).toBe(true);
    expect(call.error).toBeInstanceOf(ShareCodeTimeoutError);
    expect(call.error).toMatchObject({ phase: 'attempt', timeoutMs: 200, attempts: 1 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen).toHaveLength(1);
  });

  it('retries an asynchronous create after a timed-out attempt, with the same key, and it gets through', async () => {
    vi.useFakeTimers({ now: START });
    noJitter();
    const seen = intercept(server, 'POST', '/api/check/immigration-status/async', (call) =>
      call === 1 ? neverAnswer() : undefined,
    );
    const call = track(createCheck(client, 'immigration_status', 'SACPT0001', {}, { timeout: 300 }));
    await vi.advanceTimersByTimeAsync(299);
    expect(seen).toHaveLength(1);
    expect(call.done).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
    expect(seen).toHaveLength(2);
    expect(call.error).toBeUndefined();
    expect(call.value).toMatchObject({ replayed: false, check: { status: 'queued' } });
    expect(seen.map((request) => request.headers.get('idempotency-key'))).toEqual([
      call.value?.idempotencyKey,
      call.value?.idempotencyKey,
    ]);
    expect(seen[0]?.body).toBe(seen[1]?.body);
  });

  it('retries a getCheck whose attempt timed out', async () => {
    vi.useFakeTimers({ now: START });
    noJitter();
    const { check } = await createCheck(client, 'right_to_work', 'WACPT0002');
    const seen = intercept(server, 'GET', '/api/check/async/:id', (call) =>
      call === 1 ? neverAnswer() : undefined,
    );
    const read = track(client.getCheck(check.id, { timeout: 250 }));
    await vi.advanceTimersByTimeAsync(249);
    expect(seen).toHaveLength(1);
    expect(read.done).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
    expect(seen).toHaveLength(2);
    expect(read.error).toBeUndefined();
    expect(read.value).toMatchObject({ id: check.id, mode: 'test' });
  });
});

describe('total deadline', () => {
  it('stops retrying when the deadline across attempts runs out', async () => {
    vi.useFakeTimers({ now: START });
    noJitter();
    const seen = intercept(server, 'POST', '/api/check/async', () => neverAnswer());
    const call = track(
      createCheck(client, 'right_to_work', 'WACPT0001', {}, { timeout: 300, deadline: 700, maxRetries: 5 }),
    );
    // Attempts at 0, 300 and 600 ms; the third has only 100 ms left.
    await vi.advanceTimersByTimeAsync(699);
    expect(call.done).toBe(false);
    expect(seen).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(call.error).toBeInstanceOf(ShareCodeTimeoutError);
    expect(call.error).toMatchObject({ phase: 'deadline', timeoutMs: 700, attempts: 3 });
    expect((call.error as ShareCodeTimeoutError).idempotencyKey).toBe(
      seen[0]?.headers.get('idempotency-key'),
    );
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen).toHaveLength(3);
  });

  it('fails at once with the error when its Retry-After would end past the deadline', async () => {
    vi.useFakeTimers({ now: START });
    const seen = intercept(server, 'POST', '/api/check/right-to-rent', () =>
      apiErrorAnswer(503, 'BUSY', { 'Retry-After': '120' }),
    );
    const call = track(syncCheck(client, 'right_to_rent', 'RACPT0001', { deadline: 60_000 }));
    await vi.advanceTimersByTimeAsync(0);
    // Settled without the fake clock moving: it did not sleep first.
    expect(call.done).toBe(true);
    expect(Date.now()).toBe(START.getTime());
    expect(call.error).toBeInstanceOf(ShareCodeApiError);
    expect(call.error).toMatchObject({ code: 'BUSY', retryAfter: 120, attempts: 1 });
    expect(seen).toHaveLength(1);
  });
});

describe('AbortSignal', () => {
  it('aborts a synchronous check mid-flight with the signal reason, and sends nothing more', async () => {
    const seen = intercept(server, 'POST', '/api/check/immigration-status', () => neverAnswer());
    const controller = new AbortController();
    const reason = new Error('the applicant closed the page');
    const call = syncCheck(client, 'immigration_status', 'SACPT0001', { signal: controller.signal });
    const rejection = rejectionOf(call);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    controller.abort(reason);
    expect(await rejection).toBe(reason);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toHaveLength(1);
  });

  it('rejects with an AbortError DOMException when aborted without a reason', async () => {
    intercept(server, 'POST', '/api/check', () => neverAnswer());
    const controller = new AbortController();
    const rejection = rejectionOf(
      syncCheck(client, 'right_to_work', 'WACPT0001', { signal: controller.signal }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    const error = await rejection;
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('aborts the wait between retries at once, and makes no further attempt', async () => {
    vi.useFakeTimers({ now: START });
    const seen = intercept(server, 'POST', '/api/check', () =>
      apiErrorAnswer(503, 'BUSY', { 'Retry-After': '30' }),
    );
    const controller = new AbortController();
    const reason = new Error('shutting down');
    const call = track(syncCheck(client, 'right_to_work', 'WACPT0001', { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(100);
    expect(seen).toHaveLength(1);
    expect(call.done).toBe(false);
    controller.abort(reason);
    await vi.advanceTimersByTimeAsync(0);
    expect(call.error).toBe(reason);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen).toHaveLength(1);
  });

  it('does not send anything when the signal is already aborted', async () => {
    const seen = intercept(server, 'ALL', '/*');
    const reason = new Error('too late');
    const error = await rejectionOf(
      createCheck(client, 'right_to_rent', 'RACPT0001', {}, { signal: AbortSignal.abort(reason) }),
    );
    expect(error).toBe(reason);
    expect(seen).toHaveLength(0);
  });

  it('aborts waitForCheck mid-wait: it rejects with the reason at once and polls no more', async () => {
    vi.useFakeTimers({ now: START });
    const { check } = await createCheck(client, 'right_to_work', 'WTIME0001');
    const polls = intercept(server, 'GET', '/api/check/async/:id');
    const controller = new AbortController();
    const reason = new Error('user cancelled');
    const progress: string[] = [];
    const wait = track(
      client.waitForCheck(check.id, {
        signal: controller.signal,
        interval: 1_000,
        onProgress: (c) => progress.push(c.status),
      }),
    );
    await vi.advanceTimersByTimeAsync(100);
    expect(polls).toHaveLength(1);
    expect(progress).toEqual(['queued']);
    expect(wait.done).toBe(false);

    controller.abort(reason);
    // No timer needs to fire: the pause between polls ends with the abort.
    await vi.advanceTimersByTimeAsync(0);
    expect(wait.error).toBe(reason);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(polls).toHaveLength(1);
    // The check itself keeps running in the sandbox.
    expect((await client.getCheck(check.id)).status).toBe('failed');
  });
});
