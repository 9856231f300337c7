/**
 * Why an attempt failed, as stored in the delivery log (never a message: those could quote the
 * receiver's or a library's words). `http_status` carries the status code beside it.
 */
export const DELIVERY_ERROR_CLASSES = [
  'http_status',
  'redirect',
  'timeout',
  'tls',
  'connection',
  'dns',
  'address_refused',
  'url_refused',
  'result_deleted',
] as const;
export type DeliveryErrorClass = (typeof DELIVERY_ERROR_CLASSES)[number];

export function isDeliveryErrorClass(value: unknown): value is DeliveryErrorClass {
  return (DELIVERY_ERROR_CLASSES as readonly unknown[]).includes(value);
}

/** One attempt's outcome: a 2xx within the time limit is delivered, anything else is a failure. */
export interface AttemptOutcome {
  readonly delivered: boolean;
  /** The receiver's HTTP status, when it answered. */
  readonly statusCode: number | null;
  /** Null when delivered. */
  readonly errorClass: DeliveryErrorClass | null;
  readonly durationMs: number;
}

/** Plain words for the dashboard and the CLI: what happened and what to look at. */
export function describeAttempt(outcome: Pick<AttemptOutcome, 'statusCode' | 'errorClass'>): string {
  switch (outcome.errorClass) {
    case null:
      return `Delivered (HTTP ${outcome.statusCode ?? '2xx'})`;
    case 'http_status':
      return `The receiver answered HTTP ${outcome.statusCode ?? '?'}; only a 2xx counts`;
    case 'redirect':
      return `The receiver answered a redirect (HTTP ${outcome.statusCode ?? '3xx'}); redirects are not followed`;
    case 'timeout':
      return 'No answer within 10 seconds';
    case 'tls':
      return 'The TLS connection failed (certificate or protocol)';
    case 'connection':
      return 'The connection failed or was refused';
    case 'dns':
      return 'The host name did not resolve';
    case 'address_refused':
      return 'The host resolves to a private or internal address; nothing was sent';
    case 'url_refused':
      return 'The callback URL breaks the rules (https, no credentials, public host); nothing was sent';
    case 'result_deleted':
      return 'The check result has been deleted (7 days after the check); nothing was sent';
  }
}
