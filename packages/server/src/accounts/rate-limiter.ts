import { type CheckError, checkError, fail, type Outcome, ok } from '@sharecode/core';
import { effectivePlan, PLAN_LIMITS, SANDBOX_REQUESTS_PER_SECOND } from './plans.js';
import type { AuthenticatedKey, RateLimitRepo } from './ports.js';

export function requestsPerSecond(key: AuthenticatedKey): number {
  if (key.mode === 'test') return SANDBOX_REQUESTS_PER_SECOND;
  return PLAN_LIMITS[effectivePlan(key.plan, key.subscriptionStatus)].requestsPerSecond;
}

export type RateLimit = (key: AuthenticatedKey, now: Date) => Promise<Outcome<void, CheckError>>;

/** Per-key requests per second, in fixed one-second windows shared through the database. */
export function createRateLimiter(repo: RateLimitRepo): RateLimit {
  return async (key, now) => {
    const limit = requestsPerSecond(key);
    const hits = await repo.hit(key.keyId, Math.floor(now.getTime() / 1000), 1);
    if (hits <= limit) return ok(undefined);
    return fail(
      checkError(
        'RATE_LIMITED',
        `Too many requests for this API key (${limit} a second): wait the number of seconds in Retry-After, then retry.`,
        { retryAfter: 1 },
      ),
    );
  };
}
