import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestOptions } from './client-options.js';
import {
  ShareCodeApiError,
  ShareCodeConnectionError,
  ShareCodeTimeoutError,
  ShareCodeUsageError,
} from './errors.js';
import type { CheckRecord, PendingCheck, RightToWorkResult, SucceededCheck } from './types.js';
import { waitForCheck } from './wait-for-check.js';

const base: PendingCheck = {
  id: `chk_${'b'.repeat(32)}`,
  status: 'queued',
  mode: 'test',
  client_reference: 'order-1',
  callback_url: null,
  attempts: 0,
  result: null,
  error: null,
  result_expires_at: null,
  result_expired: false,
  created_at: '2026-01-01T12:00:00Z',
  completed_at: null,
};

type Answer = CheckRecord | Error;

function poller(answers: Answer[]) {
  const calls: RequestOptions[] = [];
  const getCheck = async (options: RequestOptions): Promise<CheckRecord> => {
    calls.push(options);
    const next = answers.length > 1 ? answers.shift() : answers[0];
    if (next === undefined) throw new Error('no answer scripted');
    if (next instanceof Error) throw next;
    return next;
  };
  return { getCheck, calls };
}

const running = { ...base, status: 'running' as const, attempts: 1 };
const result = { title: 'Right to work', outcome: 'ACCEPTED' } as RightToWorkResult;
const succeeded: SucceededCheck<RightToWorkResult> = {
  ...base,
  status: 'succeeded',
  attempts: 1,
  result,
  error: null,
  result_expired: false,
  completed_at: '2026-01-01T12:00:30Z',
};
const failed: CheckRecord = {
  ...base,
  status: 'failed',
  attempts: 1,
  error: { code: 'DOB_MISMATCH', message: 'The date of birth does not match.' },
};
const busy = () => new ShareCodeApiError({ code: 'BUSY', message: 'Busy.', status: 503, retryAfter: 7 });

function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

describe('waitForCheck', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(1);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('polls with growing intervals until the check succeeds', async () => {
    const { getCheck, calls } = poller([base, running, running, succeeded]);
    const seen: string[] = [];
    const result = settle(waitForCheck(getCheck, { onProgress: (c) => seen.push(c.status) }));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000); // interval 1 s (random = 1: the full interval)
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_499);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1); // then 1.5 s
    expect(calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(2_250); // then 2.25 s
    expect((await result).value).toEqual(succeeded);
    expect(seen).toEqual(['queued', 'running', 'running', 'succeeded']);
    // Each poll is a single attempt bounded by what is left of the wait.
    expect(calls[0]).toMatchObject({ maxRetries: 0, deadline: 600_000 });
  });

  it('caps the interval at maxInterval', async () => {
    const { getCheck, calls } = poller([running]);
    const result = settle(waitForCheck(getCheck, { interval: 4_000, maxInterval: 5_000, timeout: 60_000 }));
    await vi.advanceTimersByTimeAsync(4_000 + 5_000 + 5_000);
    expect(calls).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await result).error).toBeInstanceOf(ShareCodeTimeoutError);
  });

  it('returns a failed check by default', async () => {
    const { getCheck } = poller([failed]);
    await expect(waitForCheck(getCheck)).resolves.toEqual(failed);
  });

  it('throws the failed check’s error with throwOnFailure', async () => {
    const { getCheck } = poller([failed]);
    const error = await waitForCheck(getCheck, { throwOnFailure: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShareCodeApiError);
    expect(error).toMatchObject({ code: 'DOB_MISMATCH', status: 404, check: failed });
  });

  it('does not treat a failed check with a retryable code as a poll error', async () => {
    const timedOut: CheckRecord = {
      ...failed,
      error: { code: 'TIMEOUT', message: 'The portal was too slow.' },
    };
    const { getCheck, calls } = poller([timedOut]);
    const error = await waitForCheck(getCheck, { throwOnFailure: true }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'TIMEOUT', status: 504 });
    expect(calls).toHaveLength(1);
  });

  it('keeps polling through transient errors, honouring Retry-After', async () => {
    const network = new ShareCodeConnectionError('down', { cause: new Error('x'), attempts: 1 });
    const { getCheck, calls } = poller([busy(), network, succeeded]);
    const result = settle(waitForCheck(getCheck));
    await vi.advanceTimersByTimeAsync(6_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_500);
    expect((await result).value).toEqual(succeeded);
  });

  it('stops at once on CHECK_NOT_FOUND', async () => {
    const notFound = new ShareCodeApiError({
      code: 'CHECK_NOT_FOUND',
      message: 'No such check.',
      status: 404,
    });
    const { getCheck, calls } = poller([notFound]);
    await expect(waitForCheck(getCheck)).rejects.toBe(notFound);
    expect(calls).toHaveLength(1);
  });

  it('times out with the last record attached, without polling past the limit', async () => {
    const { getCheck, calls } = poller([running]);
    const result = settle(waitForCheck(getCheck, { timeout: 5_000, interval: 1_000 }));
    await vi.advanceTimersByTimeAsync(10_000);
    const { error } = await result;
    expect(error).toBeInstanceOf(ShareCodeTimeoutError);
    expect(error).toMatchObject({ phase: 'wait', timeoutMs: 5_000, check: running });
    expect((error as Error).message).toMatch(/still running/);
    // 0, 1, 2.5, 4.75 s; the next would be at 8.125 s, past the limit.
    expect(calls).toHaveLength(4);
  });

  it('turns a poll cut short by the wait limit into the wait timeout', async () => {
    const deadline = new ShareCodeTimeoutError('deadline', { phase: 'deadline', timeoutMs: 1, attempts: 1 });
    const { getCheck } = poller([deadline]);
    await expect(waitForCheck(getCheck, { timeout: 1_000 })).rejects.toMatchObject({ phase: 'wait' });
  });

  it('keeps backing off on a status it does not know (no hot loop)', async () => {
    const odd = { ...base, status: 'paused' } as unknown as CheckRecord;
    const { getCheck, calls } = poller([odd]);
    const result = settle(waitForCheck(getCheck, { timeout: 3_000 }));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(calls).toHaveLength(3); // at 0, 1 and 2.5 s
    expect((await result).error).toBeInstanceOf(ShareCodeTimeoutError);
  });

  it('rejects with the abort reason mid-wait and stops polling', async () => {
    const controller = new AbortController();
    const { getCheck, calls } = poller([running]);
    const result = settle(waitForCheck(getCheck, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(500);
    controller.abort(new Error('cancelled'));
    expect((await result).error).toMatchObject({ message: 'cancelled' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.signal).toBe(controller.signal);
  });

  it.each([{ timeout: 0 }, { interval: -1 }, { maxInterval: Number.NaN }])('refuses %j', async (options) => {
    const { getCheck } = poller([running]);
    await expect(waitForCheck(getCheck, options)).rejects.toBeInstanceOf(ShareCodeUsageError);
  });
});

describe('waitForCheck and deleted results', () => {
  it('refuses a succeeded check whose result was deleted, naming the check', async () => {
    const expired: CheckRecord = { ...succeeded, result: null, result_expired: true };
    const { getCheck } = poller([expired]);
    const error = await waitForCheck(getCheck).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShareCodeUsageError);
    expect(String(error)).toMatch(/succeeded.*result was deleted/);
  });
});
