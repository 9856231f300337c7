import { ShareCodeError } from '@sharecode/sdk';

export type RegisterErrorReason =
  /** The key is too short, or not base64/hex, or kept inside the register folder. */
  | 'bad_key'
  /** No key was found for a register that exists (or none to start a new one with). */
  | 'no_key'
  /** The key given is not the one the register is sealed with. */
  | 'wrong_key'
  /** A sandbox check into a register of live checks, or the reverse, without allowMixedModes. */
  | 'mixed_modes'
  /** The folder held a register whose receipts are gone: a new one is not started over it. */
  | 'register_gone'
  /** No check with that reference is in the register. */
  | 'unknown_reference'
  /** A reference (or name) shared by several people: say which person (`candidates` lists them). */
  | 'ambiguous_person'
  /** A likeness check without how (in-person or video) or who, or dated before its check. */
  | 'bad_likeness'
  /** A date is not a real YYYY-MM-DD day, is before the start or the check, or is of the wrong kind. */
  | 'bad_date'
  /** The register holds something it did not write (run verify). */
  | 'bad_register'
  /** An operation that deletes (prune) met a register that does not verify, and was not told to go on. */
  | 'unverified'
  /** A file could not be written or removed. */
  | 'write_failed';

/** An evidence-register operation could not be done; `reason` says why, the message what to do. */
export class ShareCodeRegisterError extends ShareCodeError {
  readonly reason: RegisterErrorReason;
  /** With `ambiguous_person`: the people to choose from (their ids, as `person` takes them). */
  readonly candidates: readonly string[];

  constructor(
    reason: RegisterErrorReason,
    message: string,
    options?: { cause?: unknown; candidates?: readonly string[] },
  ) {
    super('evidence', message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ShareCodeRegisterError';
    this.reason = reason;
    this.candidates = options?.candidates ?? [];
  }
}
