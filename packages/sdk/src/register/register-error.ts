import { ShareCodeError } from '../errors.js';

export type RegisterErrorReason =
  /** The key is missing, too short, or not base64/hex. */
  | 'bad_key'
  /** No check with that reference is in the register. */
  | 'unknown_reference'
  /** A date is not a real YYYY-MM-DD day, or the end is before the start. */
  | 'bad_date'
  /** The register holds something it did not write (run verify). */
  | 'bad_register'
  /** A file could not be written or removed. */
  | 'write_failed';

/** An evidence-register operation could not be done; `reason` says why, the message what to do. */
export class ShareCodeRegisterError extends ShareCodeError {
  readonly reason: RegisterErrorReason;

  constructor(reason: RegisterErrorReason, message: string, options?: { cause?: unknown }) {
    super('evidence', message, options);
    this.name = 'ShareCodeRegisterError';
    this.reason = reason;
  }
}
