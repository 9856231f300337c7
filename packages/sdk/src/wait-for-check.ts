import type { RequestOptions } from './client-options.js';
import { isErrorCode, isRetryableCode, STATUS_BY_CODE } from './error-codes.js';
import {
  ShareCodeApiError,
  ShareCodeConnectionError,
  ShareCodeTimeoutError,
  ShareCodeUsageError,
} from './errors.js';
import { sleep } from './sleep.js';
import type { CheckRecord, CheckResult, FailedCheck, SucceededCheck } from './types.js';

/**
 * A check in a final state: `succeeded` with its result (typed for its kind), or `failed` with its
 * error. A succeeded check whose result was already deleted is never returned (waitForCheck throws).
 */
export type FinishedCheck<R extends CheckResult = CheckResult> = SucceededCheck<R> | FailedCheck;

export interface WaitForCheckOptions {
  /** Give up (ShareCodeTimeoutError, phase `wait`) after this many ms. Default 600 000 (10 minutes). */
  timeout?: number | undefined;
  /** First pause between polls in ms; it grows 1.5x per poll, with jitter. Default 1 000. */
  interval?: number | undefined;
  /** Longest pause between polls in ms. Default 10 000. */
  maxInterval?: number | undefined;
  signal?: AbortSignal | undefined;
  /** Called with the record after every successful poll. */
  onProgress?: ((check: CheckRecord) => void) | undefined;
  /** Throw the failed check's error (as a ShareCodeApiError with `check` set) instead of returning it. */
  throwOnFailure?: boolean | undefined;
}

// A check that needs every server-side retry takes a few minutes (spec section 3): 10 minutes covers it.
export const DEFAULT_WAIT_TIMEOUT_MS = 600_000;
const DEFAULT_INTERVAL_MS = 1_000;
const DEFAULT_MAX_INTERVAL_MS = 10_000;
const GROWTH = 1.5;

export async function waitForCheck(
  getCheck: (options: RequestOptions) => Promise<CheckRecord>,
  options: WaitForCheckOptions = {},
): Promise<FinishedCheck> {
  const timeout = positive('timeout', options.timeout ?? DEFAULT_WAIT_TIMEOUT_MS);
  const maxInterval = positive('maxInterval', options.maxInterval ?? DEFAULT_MAX_INTERVAL_MS);
  let interval = Math.min(positive('interval', options.interval ?? DEFAULT_INTERVAL_MS), maxInterval);
  const { signal } = options;
  const deadlineAt = Date.now() + timeout;
  let last: CheckRecord | undefined;
  let polls = 0;

  for (;;) {
    const remaining = deadlineAt - Date.now();
    if (remaining <= 0) throw waitTimeout(timeout, polls, last);
    let check: CheckRecord | undefined;
    let hintMs: number | undefined;
    polls++;
    try {
      // Retries happen here, in the poll loop, so one slow spell does not end the whole wait.
      check = await getCheck({ signal, maxRetries: 0, deadline: remaining });
    } catch (error) {
      if (error instanceof ShareCodeTimeoutError && error.phase === 'deadline')
        throw waitTimeout(timeout, polls, last);
      if (!isTransient(error)) throw error;
      hintMs =
        error instanceof ShareCodeApiError && error.retryAfter !== undefined
          ? error.retryAfter * 1000
          : undefined;
    }
    if (check !== undefined) {
      last = check;
      options.onProgress?.(check);
      if (check.status === 'succeeded') {
        if (check.result_expired) throw resultDeleted(check.id, check.completed_at);
        return check;
      }
      if (check.status === 'failed') {
        if (options.throwOnFailure) throw failedCheckError(check);
        return check;
      }
      // Any other status (queued, running, or one this SDK does not know yet) means: not done.
    }
    // Equal jitter: between half and all of the current interval, so pollers spread out.
    const waitMs = hintMs ?? interval * (0.5 + Math.random() / 2);
    interval = Math.min(maxInterval, interval * GROWTH);
    if (Date.now() + waitMs >= deadlineAt) throw waitTimeout(timeout, polls, last);
    await sleep(waitMs, signal);
  }
}

export function isTransient(
  error: unknown,
): error is ShareCodeApiError | ShareCodeConnectionError | ShareCodeTimeoutError {
  if (error instanceof ShareCodeApiError) return isRetryableCode(error.code);
  return error instanceof ShareCodeConnectionError || error instanceof ShareCodeTimeoutError;
}

/** The error a failed check carries, shaped like the one the synchronous call would have thrown. */
export function failedCheckError(check: CheckRecord): ShareCodeApiError {
  const code = isErrorCode(check.error?.code) ? check.error.code : 'UNEXPECTED_RESPONSE';
  return new ShareCodeApiError({
    code,
    message: check.error?.message ?? 'The check failed but its record carries no error.',
    status: code === 'UNEXPECTED_RESPONSE' ? 500 : STATUS_BY_CODE[code],
    rawCode: check.error?.code,
    check,
  });
}

function resultDeleted(id: string, completedAt: string | null): ShareCodeUsageError {
  return new ShareCodeUsageError(
    `Check ${id} succeeded (ended ${completedAt ?? 'at an unknown time'}), but its result was deleted 7 days after it ended, so there is nothing to wait for. Keep results when they arrive (webhook or the first read); getCheck still reads its status.`,
  );
}

function waitTimeout(timeout: number, polls: number, last: CheckRecord | undefined): ShareCodeTimeoutError {
  const state = last === undefined ? 'not read yet' : `still ${last.status}`;
  return new ShareCodeTimeoutError(
    `Stopped waiting after ${timeout} ms (${polls} poll${polls === 1 ? '' : 's'}); the check was ${state}. It keeps running: call waitForCheck or getCheck again later, or pass a callback_url to be told when it ends.`,
    { phase: 'wait', timeoutMs: timeout, attempts: polls, check: last },
  );
}

function positive(name: string, value: number): number {
  if (typeof value !== 'number' || Number.isNaN(value) || value <= 0) {
    throw new ShareCodeUsageError(
      `waitForCheck: ${name} must be a positive number of milliseconds; got ${String(value)}.`,
    );
  }
  return value;
}
