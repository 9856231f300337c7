import type { ErrorCode } from './contract.js';
import { ERROR_CATALOGUE } from './errors/error-catalogue.js';

/** Seconds to wait before the 2nd and 3rd attempts of an asynchronous live check (spec 3: ~30 s, ~2 min). */
export const SERVICE_RETRY_SCHEDULE: readonly number[] = [30, 120];
/** Sandbox checks retry on the same pattern, fast enough for integrators' tests. */
export const SANDBOX_RETRY_SCHEDULE: readonly number[] = [1, 2];

export interface RetryDecision {
  retry: boolean;
  /** Attempts in all for this code (1 when never retried). */
  maxAttempts: number;
}

/**
 * Whether an asynchronous check runs again after `attempt` (1-based, the attempt that just failed)
 * ended with `code`.
 */
export function retryDecision(code: ErrorCode, attempt: number): RetryDecision {
  const maxAttempts = ERROR_CATALOGUE[code]?.asyncRetry?.maxAttempts ?? 1;
  const done = Number.isFinite(attempt) ? attempt : maxAttempts;
  return { retry: done < maxAttempts, maxAttempts };
}

/**
 * Seconds to wait after attempt `attemptJustFailed` (1-based) before the next one. Beyond the schedule
 * the last step repeats; an empty schedule means no wait.
 */
export function retryDelaySeconds(attemptJustFailed: number, schedule: readonly number[]): number {
  if (schedule.length === 0) return 0;
  const index = Math.min(Math.max(Math.floor(attemptJustFailed), 1), schedule.length) - 1;
  return schedule[index] ?? 0;
}
