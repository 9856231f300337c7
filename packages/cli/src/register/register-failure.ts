import { EXIT } from '../exit-codes.js';
import { cliFailure, type Failure, failureFromError, usageFailure } from '../render/failure.js';

/** A register error (or anything else thrown) as a failure: the user's mistakes exit 2. */
export function registerFailure(error: unknown): Failure {
  if (error instanceof Error && error.name === 'ShareCodeRegisterError') {
    const reason = (error as Error & { reason?: string }).reason;
    // The user's to put right (the key, a date, a reference, the mode, the folder): exit 2.
    const usage = [
      'bad_key',
      'no_key',
      'wrong_key',
      'bad_date',
      'unknown_reference',
      'mixed_modes',
      'register_gone',
    ];
    if (typeof reason === 'string' && usage.includes(reason)) {
      return usageFailure(error.message);
    }
    // The register does not verify: the same exit as `rtw register verify` finding problems.
    if (reason === 'unverified')
      return cliFailure(EXIT.REGISTER_PROBLEMS, 'REGISTER_PROBLEMS', error.message);
    return cliFailure(EXIT.UNEXPECTED, 'REGISTER_ERROR', error.message);
  }
  return failureFromError(error);
}
