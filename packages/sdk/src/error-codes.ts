import type { ErrorCode } from './types.js';

// The SDK does not depend on @sharecode/core (it ships alone), so it carries the few facts about
// error codes it needs: the HTTP status of each (spec section 7) and which ones are worth retrying.

/** Every code an API error can carry: the contract's enum, plus one for answers that are not API errors. */
export type ApiErrorCode = ErrorCode | 'UNEXPECTED_RESPONSE';

export const STATUS_BY_CODE: Readonly<Record<ErrorCode, number>> = {
  INVALID_INPUT: 400,
  UNAUTHENTICATED: 401,
  INVALID_KEY: 401,
  QUOTA_EXCEEDED: 402,
  PAYMENT_REQUIRED: 402,
  NOT_FOUND: 404,
  DOB_MISMATCH: 404,
  CHECK_NOT_FOUND: 404,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UPSTREAM_UNEXPECTED: 502,
  BUSY: 503,
  TIMEOUT: 504,
};

// When a 429/5xx carries no API error body (a proxy or load balancer answered), the status alone
// says which transient failure it is; other bare statuses become UNEXPECTED_RESPONSE.
const CODE_BY_BARE_STATUS: Readonly<Record<number, ErrorCode>> = {
  429: 'RATE_LIMITED',
  500: 'INTERNAL',
  502: 'UPSTREAM_UNEXPECTED',
  503: 'BUSY',
  504: 'TIMEOUT',
};

// The spec's "client action" column: back off / retry / safe to retry / retry later.
const RETRYABLE: ReadonlySet<string> = new Set([
  'RATE_LIMITED',
  'BUSY',
  'TIMEOUT',
  'INTERNAL',
  'UPSTREAM_UNEXPECTED',
]);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(STATUS_BY_CODE, value);
}

export function codeForBareStatus(status: number): ApiErrorCode {
  return CODE_BY_BARE_STATUS[status] ?? 'UNEXPECTED_RESPONSE';
}

export function isRetryableCode(code: ApiErrorCode): boolean {
  return RETRYABLE.has(code);
}
