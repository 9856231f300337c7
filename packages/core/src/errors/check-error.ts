import type { ErrorBody, ErrorCode } from '../contract.js';
import { ERROR_CATALOGUE } from './error-catalogue.js';

export interface CheckError {
  code: ErrorCode;
  /** Human-readable; says what to do next. Never carries a share code, name or date of birth. */
  message: string;
  status: number;
  /** Seconds for the `Retry-After` header (BUSY, RATE_LIMITED). */
  retryAfter?: number;
  /** Where to upgrade (QUOTA_EXCEEDED, PAYMENT_REQUIRED). */
  upgradeUrl?: string;
  /** The request field or header at fault (INVALID_INPUT); not sent on the wire, the message names it. */
  field?: string;
  /** Every field at fault, in the message's order, when there are several (INVALID_INPUT). */
  fields?: string[];
}

export interface CheckErrorExtra {
  retryAfter?: number;
  upgradeUrl?: string;
  field?: string;
}

/** Builds an error from the catalogue: status and Retry-After default from the code. */
export function checkError(code: ErrorCode, message?: string, extra: CheckErrorExtra = {}): CheckError {
  const entry = ERROR_CATALOGUE[code];
  const error: CheckError = { code, message: message ?? entry.message, status: entry.status };
  const retryAfter = extra.retryAfter ?? entry.retryAfterSeconds;
  if (retryAfter !== undefined) error.retryAfter = retryAfter;
  if (extra.upgradeUrl !== undefined) error.upgradeUrl = extra.upgradeUrl;
  if (extra.field !== undefined) error.field = extra.field;
  return error;
}

/** A 400 INVALID_INPUT about one field; the message must name the field and say what to do. */
export function invalidInput(field: string, message: string): CheckError {
  return checkError('INVALID_INPUT', message, { field });
}

/**
 * One INVALID_INPUT naming every field at fault: the first refusal's message (and field) first, so a
 * client that reads only the first keeps working, then each other refusal after "Also:".
 */
export function invalidFields(errors: readonly CheckError[]): CheckError {
  const [first, ...rest] = errors;
  if (first === undefined) throw new Error('invalidFields needs at least one refusal');
  if (rest.length === 0) return first;
  const message = [first.message, ...rest.map((error) => `Also: ${error.message}`)].join(' ');
  const error = checkError('INVALID_INPUT', message, first.field === undefined ? {} : { field: first.field });
  error.fields = errors.flatMap((e) => (e.field === undefined ? [] : [e.field]));
  return error;
}

/** The wire body of an error response: `{ error: { code, message, upgrade_url? } }`. */
export function errorBody(err: CheckError): ErrorBody {
  const inner: ErrorBody['error'] = { code: err.code, message: err.message };
  if (err.upgradeUrl !== undefined) inner.upgrade_url = err.upgradeUrl;
  return { error: inner };
}
