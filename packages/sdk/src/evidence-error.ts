import { ShareCodeError } from './errors.js';

export type EvidenceErrorReason =
  | 'missing'
  | 'not_data_url'
  | 'not_base64'
  | 'bad_base64'
  | 'wrong_type'
  | 'bad_content'
  | 'bad_name'
  | 'file_exists'
  | 'write_failed';

/** The photo or PDF of a result could not be decoded or saved; `reason` says why. */
export class ShareCodeEvidenceError extends ShareCodeError {
  readonly reason: EvidenceErrorReason;

  constructor(reason: EvidenceErrorReason, message: string, options?: { cause?: unknown }) {
    super('evidence', message, options);
    this.name = 'ShareCodeEvidenceError';
    this.reason = reason;
  }
}
