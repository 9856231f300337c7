import type { Db } from './db.js';
import { deleteInBatches, inBatches, SWEEP_BATCH } from './in-batches.js';

export interface AsyncSweepReport {
  /** Ended checks whose result, request, client_reference and callback_url were deleted (7 days). */
  readonly asyncResults: number;
  /** Ended checks deleted altogether (30 days): their id answers 404 CHECK_NOT_FOUND from then on. */
  readonly asyncChecks: number;
}

/**
 * Retention of asynchronous checks (spec 3), as of `now`. The personal data is set to NULL in the row
 * (deleted, not hidden), then the row itself goes. Safe to run from several processes at once.
 */
export async function sweepAsyncChecks(db: Db, now: Date): Promise<AsyncSweepReport> {
  const asyncResults = await inBatches(
    db,
    `UPDATE async_checks SET
       result_sealed = NULL, request_sealed = NULL, client_reference_sealed = NULL,
       callback_url_sealed = NULL, result_expired = true
     WHERE NOT result_expired AND id IN (
       SELECT id FROM async_checks WHERE NOT result_expired AND result_expires_at <= $1
        ORDER BY result_expires_at LIMIT ${SWEEP_BATCH})`,
    [now],
  );
  const asyncChecks = await deleteInBatches(
    db,
    'async_checks',
    'status_expires_at <= $1',
    'status_expires_at',
    [now],
  );
  return { asyncResults, asyncChecks };
}
