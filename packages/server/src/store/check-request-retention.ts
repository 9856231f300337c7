import type { Db } from './db.js';
import { deleteInBatches, inBatches, SWEEP_BATCH } from './in-batches.js';

export interface CheckRequestSweepReport {
  /** Ended requests whose client_reference, callback_url and applicant_email were deleted (7 days). */
  readonly checkRequestData: number;
  /** Ended requests deleted altogether (30 days): their id answers 404 from then on. */
  readonly checkRequests: number;
}

/**
 * Retention of check requests, as of `now`, as for asynchronous checks: the personal data is set to
 * NULL 7 days after the request ended, the row goes after 30. Their values are under their deletion
 * day's data key, shredded with the others (shred-sql.ts). Safe to run from several processes at once.
 */
export async function sweepCheckRequests(db: Db, now: Date): Promise<CheckRequestSweepReport> {
  const checkRequestData = await inBatches(
    db,
    `UPDATE check_requests SET
       client_reference_sealed = NULL, callback_url_sealed = NULL, applicant_email_sealed = NULL,
       event_url_sealed = NULL, personal_expired = true
     WHERE NOT personal_expired AND id IN (
       SELECT id FROM check_requests WHERE NOT personal_expired AND personal_expires_at <= $1
        ORDER BY personal_expires_at LIMIT ${SWEEP_BATCH})`,
    [now],
  );
  const checkRequests = await deleteInBatches(
    db,
    'check_requests',
    'row_expires_at <= $1',
    'row_expires_at',
    [now],
  );
  return { checkRequestData, checkRequests };
}
