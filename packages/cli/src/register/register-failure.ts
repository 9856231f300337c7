import { EXIT } from '../exit-codes.js';
import { cliFailure, type Failure, failureFromError, usageFailure } from '../render/failure.js';

/** A register error (or anything else thrown) as a failure: the user's mistakes exit 2. */
export function registerFailure(error: unknown): Failure {
  if (error instanceof Error && error.name === 'ShareCodeRegisterError') {
    const reason = (error as Error & { reason?: string }).reason;
    if (reason === 'bad_key' || reason === 'bad_date' || reason === 'unknown_reference') {
      return usageFailure(error.message);
    }
    return cliFailure(EXIT.UNEXPECTED, 'REGISTER_ERROR', error.message);
  }
  return failureFromError(error);
}
