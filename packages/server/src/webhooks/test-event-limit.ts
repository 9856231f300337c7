import type { RateLimitRepo } from '../accounts/ports.js';

/** Test events an account may send a minute (both modes together): each is a signed POST to any URL. */
export const TEST_EVENTS_PER_MINUTE = 10;
const WINDOW_SECONDS = 60;

export type TestEventAllowance =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly retryAfterSeconds: number };

/** Counts one test event of the account; refused past the limit until the minute ends. */
export type TestEventLimit = (accountId: string, now: Date) => Promise<TestEventAllowance>;

export function createTestEventLimit(repo: RateLimitRepo): TestEventLimit {
  return async (accountId, now) => {
    const seconds = Math.floor(now.getTime() / 1000);
    const windowStart = seconds - (seconds % WINDOW_SECONDS);
    const count = await repo.hit(`test-event:${accountId}`, windowStart, WINDOW_SECONDS);
    if (count <= TEST_EVENTS_PER_MINUTE) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, windowStart + WINDOW_SECONDS - seconds) };
  };
}
