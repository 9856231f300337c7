import { type CheckError, checkError } from '../errors/check-error.js';
import type { CheckRequestStatus } from './request-rules.js';
import { isFinalRequestStatus, statusAt } from './request-rules.js';

/** The 409 of a DELETE once the request has ended otherwise than cancelled. */
export function cancelRefusal(status: CheckRequestStatus): CheckError {
  return checkError(
    'CHECK_REQUEST_CLOSED',
    `This check request is ${status}, so it cannot be cancelled: only a waiting request can be.`,
  );
}

/**
 * What a DELETE does to a request as of `now`: `cancel` a waiting one, leave a cancelled one
 * `unchanged` (200 again), or refuse: 409 CHECK_REQUEST_CHECKING while a check of the applicant's
 * details is queued or running (that check decides the request, and is charged if it succeeds, so a
 * cancel then would not stop it), 409 CHECK_REQUEST_CLOSED once it ended otherwise.
 */
export function cancelDecision(
  stored: { status: CheckRequestStatus; expires_at: Date; check_pending: boolean },
  now: Date,
): 'cancel' | 'unchanged' | CheckError {
  const status = statusAt(stored, now);
  if (status === 'cancelled') return 'unchanged';
  if (isFinalRequestStatus(status)) return cancelRefusal(status);
  if (stored.check_pending) return checkError('CHECK_REQUEST_CHECKING');
  return 'cancel';
}
