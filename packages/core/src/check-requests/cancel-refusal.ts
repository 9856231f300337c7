import { type CheckError, checkError } from '../errors/check-error.js';
import type { CheckRequestStatus } from './request-rules.js';

/** The 409 of a DELETE once the request has ended otherwise than cancelled. */
export function cancelRefusal(status: CheckRequestStatus): CheckError {
  return checkError(
    'CHECK_REQUEST_CLOSED',
    `This check request is ${status}, so it cannot be cancelled: only a waiting request can be.`,
  );
}
