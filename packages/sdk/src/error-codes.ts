import { STATUS_BY_CODE } from '@sharecode/contract';
import type { ErrorCode } from './types.js';

// The SDK does not depend on @sharecode/core: the codes and their HTTP statuses come from
// @sharecode/contract (generated from openapi.json), and what follows is derived from them.

/** Every code an API error can carry: the contract's enum, plus one for answers that are not API errors. */
export type ApiErrorCode = ErrorCode | 'UNEXPECTED_RESPONSE';

export { STATUS_BY_CODE };

// The spec's "client action" column: back off (429), retry / safe to retry / retry later (5xx).
// Every other status is the caller's to fix, so retrying it as is cannot help.
const isTransientStatus = (status: number): boolean => status === 429 || status >= 500;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(STATUS_BY_CODE, value);
}

/**
 * When a 429/5xx carries no API error body (a proxy or load balancer answered), the status alone
 * says which transient failure it is (each has its own status); other bare statuses become
 * UNEXPECTED_RESPONSE.
 */
export function codeForBareStatus(status: number): ApiErrorCode {
  const code = (Object.keys(STATUS_BY_CODE) as ErrorCode[]).find((c) => STATUS_BY_CODE[c] === status);
  return code && isTransientStatus(status) ? code : 'UNEXPECTED_RESPONSE';
}

export function isRetryableCode(code: ApiErrorCode): boolean {
  return isErrorCode(code) && isTransientStatus(STATUS_BY_CODE[code]);
}
