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
      'ambiguous_person',
      'bad_likeness',
    ];
    const message = inCliWords(error.message);
    if (typeof reason === 'string' && usage.includes(reason)) {
      return usageFailure(message);
    }
    // The register does not verify: the same exit as `rtw register verify` finding problems.
    if (reason === 'unverified') return cliFailure(EXIT.REGISTER_PROBLEMS, 'REGISTER_PROBLEMS', message);
    return cliFailure(EXIT.UNEXPECTED, 'REGISTER_ERROR', message);
  }
  return failureFromError(error);
}

/**
 * The library's message with its option names left out: "(allowMixedModes; rtw: --allow-mixed-modes)"
 * reads "with --allow-mixed-modes" at the command line, where no library option exists.
 */
export function inCliWords(message: string): string {
  return message.replace(/\s*\([A-Za-z]+; rtw: (--[a-z-]+)\)/g, ' with $1');
}
