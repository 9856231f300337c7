// The HTTP status for a delivery the SDK refused, by ShareCodeWebhookError.reason. A 4xx tells the
// sender this delivery is not acceptable (a forged or replayed one never will be); a 500 means the
// fault is ours (a missing secret, a body parser in the way): the service retries later, so the
// event still arrives once it is fixed.
export function refusalStatus(reason) {
  switch (reason) {
    case 'bad_signature':
    case 'timestamp_too_old':
    case 'timestamp_in_future':
      return 401;
    case 'not_raw_body':
    case 'bad_secret':
      return 500;
    default:
      // missing_headers, invalid_timestamp, invalid_payload
      return 400;
  }
}
