import { type ApiErrorCode, isRetryableCode } from './error-codes.js';
import {
  ERROR_BRAND,
  type ShareCodeApiError,
  type ShareCodeConnectionError,
  type ShareCodeError,
  type ShareCodeErrorKind,
  type ShareCodeTimeoutError,
} from './errors.js';
import type { ShareCodeEvidenceError } from './evidence-error.js';
import type { ShareCodeWebhookError, WebhookErrorReason } from './webhook-error.js';

// Guards read the brand rather than using instanceof: see ERROR_BRAND.
function kindOf(error: unknown): ShareCodeErrorKind | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  return (error as { [ERROR_BRAND]?: ShareCodeErrorKind })[ERROR_BRAND];
}

export function isShareCodeError(error: unknown): error is ShareCodeError {
  return kindOf(error) !== undefined;
}

/**
 * True for an API error, optionally only for the given code(s); narrows `code`.
 * @example if (isShareCodeApiError(e, 'DOB_MISMATCH')) askApplicantToCheckDateOfBirth();
 */
export function isShareCodeApiError<C extends ApiErrorCode = ApiErrorCode>(
  error: unknown,
  code?: C | readonly C[],
): error is ShareCodeApiError & { readonly code: C } {
  if (kindOf(error) !== 'api') return false;
  if (code === undefined) return true;
  const actual = (error as ShareCodeApiError).code;
  return typeof code === 'string' ? actual === code : (code as readonly string[]).includes(actual);
}

export function isInvalidInput(
  error: unknown,
): error is ShareCodeApiError & { readonly code: 'INVALID_INPUT' } {
  return isShareCodeApiError(error, 'INVALID_INPUT');
}

/** UNAUTHENTICATED or INVALID_KEY: the API key is missing or wrong. */
export function isAuthError(
  error: unknown,
): error is ShareCodeApiError & { readonly code: 'UNAUTHENTICATED' | 'INVALID_KEY' } {
  return isShareCodeApiError(error, ['UNAUTHENTICATED', 'INVALID_KEY']);
}

/** QUOTA_EXCEEDED or PAYMENT_REQUIRED: see `upgradeUrl`. */
export function isPaymentError(
  error: unknown,
): error is ShareCodeApiError & { readonly code: 'QUOTA_EXCEEDED' | 'PAYMENT_REQUIRED' } {
  return isShareCodeApiError(error, ['QUOTA_EXCEEDED', 'PAYMENT_REQUIRED']);
}

/** The portal does not recognise the share code: the applicant should check it. */
export function isNotFound(error: unknown): error is ShareCodeApiError & { readonly code: 'NOT_FOUND' } {
  return isShareCodeApiError(error, 'NOT_FOUND');
}

/** The share code exists but the date of birth does not match. */
export function isDobMismatch(
  error: unknown,
): error is ShareCodeApiError & { readonly code: 'DOB_MISMATCH' } {
  return isShareCodeApiError(error, 'DOB_MISMATCH');
}

/** No asynchronous check with that id for this key's account and mode. */
export function isCheckNotFound(
  error: unknown,
): error is ShareCodeApiError & { readonly code: 'CHECK_NOT_FOUND' } {
  return isShareCodeApiError(error, 'CHECK_NOT_FOUND');
}

/** No check request with that id for this key's account and mode. */
export function isCheckRequestNotFound(
  error: unknown,
): error is ShareCodeApiError & { readonly code: 'CHECK_REQUEST_NOT_FOUND' } {
  return isShareCodeApiError(error, 'CHECK_REQUEST_NOT_FOUND');
}

/** The check request was already submitted, locked or expired, so it cannot be cancelled. */
export function isCheckRequestClosed(
  error: unknown,
): error is ShareCodeApiError & { readonly code: 'CHECK_REQUEST_CLOSED' } {
  return isShareCodeApiError(error, 'CHECK_REQUEST_CLOSED');
}

/**
 * A check of the applicant's details is running, so the request cannot be cancelled yet (409): it
 * ends within minutes. Read the request again; if it is still waiting then, cancel it.
 */
export function isCheckRequestChecking(
  error: unknown,
): error is ShareCodeApiError & { readonly code: 'CHECK_REQUEST_CHECKING' } {
  return isShareCodeApiError(error, 'CHECK_REQUEST_CHECKING');
}

export function isRateLimited(
  error: unknown,
): error is ShareCodeApiError & { readonly code: 'RATE_LIMITED' } {
  return isShareCodeApiError(error, 'RATE_LIMITED');
}

export function isBusy(error: unknown): error is ShareCodeApiError & { readonly code: 'BUSY' } {
  return isShareCodeApiError(error, 'BUSY');
}

/** The portal was too slow (the API's TIMEOUT code; a client-side limit is a ShareCodeTimeoutError). */
export function isUpstreamTimeout(error: unknown): error is ShareCodeApiError & { readonly code: 'TIMEOUT' } {
  return isShareCodeApiError(error, 'TIMEOUT');
}

export function isShareCodeConnectionError(error: unknown): error is ShareCodeConnectionError {
  return kindOf(error) === 'connection';
}

export function isShareCodeTimeoutError(error: unknown): error is ShareCodeTimeoutError {
  return kindOf(error) === 'timeout';
}

export function isShareCodeWebhookError(
  error: unknown,
  reason?: WebhookErrorReason,
): error is ShareCodeWebhookError {
  return (
    kindOf(error) === 'webhook' &&
    (reason === undefined || (error as ShareCodeWebhookError).reason === reason)
  );
}

export function isShareCodeEvidenceError(error: unknown): error is ShareCodeEvidenceError {
  return kindOf(error) === 'evidence';
}

/**
 * True when the error says a request that is not safe to send twice may have run on the service
 * although its answer was lost (`mayHaveRun`): a synchronous check (see `mayHaveBeenCharged`), or a
 * `createCheckRequest` that may have made the request and its link. `isRetryable` is false for it;
 * the message says how to recover (for a check request: find it with `listCheckRequests`, cancel it).
 */
export function mayHaveRun(error: unknown): boolean {
  const kind = kindOf(error);
  if (kind !== 'api' && kind !== 'connection' && kind !== 'timeout') return false;
  return (error as { mayHaveRun?: unknown }).mayHaveRun === true;
}

/**
 * True when trying the same call again later may succeed and cannot charge twice: a transient API
 * error, a broken connection, or a client timeout. False when the error says a synchronous check
 * may have run and been charged (`mayHaveBeenCharged`): sending it again could charge a second
 * check; false too when a check request's create may have made the request (`mayHaveRun`): sending
 * it again would make a second open link. The SDK already retried what it could `maxRetries` times.
 */
export function isRetryable(error: unknown): boolean {
  const kind = kindOf(error);
  const facts = error as { mayHaveBeenCharged?: unknown; mayHaveRun?: unknown } | null;
  if (facts?.mayHaveBeenCharged === true || facts?.mayHaveRun === true) return false;
  if (kind === 'api') return isRetryableCode((error as ShareCodeApiError).code);
  return kind === 'connection' || kind === 'timeout';
}
