import type { CheckError } from '@sharecode/core';
import { fail, type Outcome, ok } from '@sharecode/core';
import type { Authenticate } from './authenticate.js';
import type { AuthenticatedKey } from './ports.js';
import type { Quota, UsageSnapshot } from './quota.js';
import type { RateLimit } from './rate-limiter.js';

export interface Admission {
  readonly outcome: Outcome<AuthenticatedKey, CheckError>;
  /** Set when a live key was refused (rate limit), for the X-RateLimit-* headers. */
  readonly usage: UsageSnapshot | null;
}

export type AdmitRequest = (authorization: string | undefined) => Promise<Admission>;

/** The first gate of every check request, before its body is read: the key, then its per-second limit. */
export function createAdmitRequest(deps: {
  readonly authenticate: Authenticate;
  readonly rateLimit: RateLimit;
  readonly quota: Quota;
  readonly clock: () => Date;
}): AdmitRequest {
  return async (authorization) => {
    const key = await deps.authenticate(authorization);
    if (!key.ok) return { outcome: key, usage: null };
    const now = deps.clock();
    const allowed = await deps.rateLimit(key.value, now);
    if (allowed.ok) return { outcome: ok(key.value), usage: null };
    const usage = key.value.mode === 'live' ? await deps.quota.snapshot(key.value, now) : null;
    return { outcome: fail(allowed.error), usage };
  };
}
