import { ShareCodeError } from './errors.js';

/**
 * Why a webhook was refused. Answer 400 for every reason except `bad_secret` (your configuration)
 * and `invalid_payload` with a valid signature (tell us: that is our bug).
 */
export type WebhookErrorReason =
  | 'not_raw_body'
  | 'bad_secret'
  | 'missing_headers'
  | 'invalid_timestamp'
  | 'bad_signature'
  | 'timestamp_too_old'
  | 'timestamp_in_future'
  | 'invalid_payload';

export class ShareCodeWebhookError extends ShareCodeError {
  readonly reason: WebhookErrorReason;

  constructor(reason: WebhookErrorReason, message: string) {
    super('webhook', message);
    this.name = 'ShareCodeWebhookError';
    this.reason = reason;
  }
}
