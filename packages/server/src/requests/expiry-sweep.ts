import { statusAt } from '@sharecode/core/check-requests';
import type { RequestEndings } from './request-endings.js';
import type { CheckRequestsRepo } from './request-ports.js';

const BATCH = 100;

/**
 * Records as expired the waiting requests past `expires_at` with no check pending, each in its own
 * transaction with its `check_request.expired` event (once: a request already ended is left alone).
 * Safe to run from several processes at once: the row lock decides.
 */
export async function expireDueRequests(
  deps: { readonly repo: CheckRequestsRepo; readonly endings: RequestEndings },
  now: Date,
): Promise<number> {
  let expired = 0;
  for (;;) {
    const ids = await deps.repo.dueForExpiry(now, BATCH);
    for (const id of ids) {
      const done = await deps.repo.transaction(async (tx) => {
        const current = await deps.repo.lock(tx, id);
        if (current?.state.status !== 'waiting' || statusAt(current.state, now) !== 'expired') return false;
        // The request ended when it expired, not when the sweep noticed.
        await deps.endings.endWithEvent(tx, current, 'expired', current.state.expires_at);
        return true;
      });
      if (done) expired++;
    }
    if (ids.length < BATCH) return expired;
  }
}
