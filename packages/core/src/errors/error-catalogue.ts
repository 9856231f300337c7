import type { ErrorCode } from '../contract.js';

export interface CatalogueEntry {
  /** HTTP status of the response carrying this code (spec section 7). */
  status: number;
  /** Default message: what happened and what to do next. */
  message: string;
  /** The spec's "client action" in a few words. */
  action: string;
  /** How an asynchronous check retries this error; null when it is final at once. */
  asyncRetry: { maxAttempts: number } | null;
  /** Default `Retry-After` in seconds, for the codes that carry one. */
  retryAfterSeconds?: number;
}

// Every code of spec section 7. Retry counts are attempts in all (the first run included).
export const ERROR_CATALOGUE: Readonly<Record<ErrorCode, CatalogueEntry>> = {
  INVALID_INPUT: {
    status: 400,
    message: 'The request is not valid. Fix the field named in the message and send it again.',
    action: 'fix and do not retry as is',
    asyncRetry: null,
  },
  UNAUTHENTICATED: {
    status: 401,
    message: 'No API key was sent. Send your key in the Authorization header as "Bearer <API_KEY>".',
    action: 'check the Authorization header',
    asyncRetry: null,
  },
  INVALID_KEY: {
    status: 401,
    message:
      'The API key is not valid. Check that you copied the whole key (rtw_live_... or rtw_test_...) and that it has not been revoked.',
    action: 'check the key',
    asyncRetry: null,
  },
  QUOTA_EXCEEDED: {
    status: 402,
    message:
      "This month's included checks are used up (checks still in progress count). Upgrade your plan to keep checking, or wait until the quota resets on the 1st of the month.",
    action: 'upgrade',
    asyncRetry: null,
  },
  PAYMENT_REQUIRED: {
    status: 402,
    message: 'Your subscription is past due or unpaid. Update your payment details to keep checking.',
    action: 'upgrade',
    asyncRetry: null,
  },
  NOT_FOUND: {
    status: 404,
    message:
      'The share code was not recognised. Ask the applicant to check the code, or to generate a new one (codes last 90 days), then try again.',
    action: 'applicant re-checks the code',
    asyncRetry: null,
  },
  DOB_MISMATCH: {
    status: 404,
    message:
      'The date of birth does not match this share code. Ask the applicant to confirm their date of birth and share code, then try again.',
    action: 'applicant re-checks',
    asyncRetry: null,
  },
  CHECK_NOT_FOUND: {
    status: 404,
    message:
      "No check with this id belongs to this key's account and mode. Check the id, and use a key of the same mode (live or test) as the one that created the check.",
    action: 'check the id and the key',
    asyncRetry: null,
  },
  CHECK_REQUEST_NOT_FOUND: {
    status: 404,
    message:
      "No check request with this id belongs to this key's account and mode. Check the id, and use a key of the same mode (live or test) as the one that made the request.",
    action: 'check the id and the key',
    asyncRetry: null,
  },
  CHECK_REQUEST_CLOSED: {
    status: 409,
    message:
      'This check request has already ended (submitted, expired or locked), so it cannot be cancelled. Read it to see how it ended.',
    action: 'read the request; do not retry',
    asyncRetry: null,
  },
  CHECK_REQUEST_CHECKING: {
    status: 409,
    message:
      "A check of the applicant's details is running right now: it ends within minutes. Read the request again; if it is still waiting then, cancel it.",
    action: 'read the request again in a few minutes',
    asyncRetry: null,
  },
  RATE_LIMITED: {
    status: 429,
    message: 'Too many requests. Wait for the number of seconds in the Retry-After header, then retry.',
    action: 'back off and retry',
    asyncRetry: null,
    retryAfterSeconds: 1,
  },
  INTERNAL: {
    status: 500,
    message:
      'Something went wrong on our side, and nothing was charged (errors never are). Retry; if it keeps failing, contact support quoting the X-Request-Id header.',
    action: 'retry, then contact support with X-Request-Id',
    asyncRetry: { maxAttempts: 3 },
  },
  UPSTREAM_UNEXPECTED: {
    status: 502,
    message:
      'The government portal returned a page we did not expect, and nothing was charged (errors never are). Retry later.',
    action: 'retry later',
    asyncRetry: { maxAttempts: 2 },
  },
  BUSY: {
    status: 503,
    message: 'All check slots are in use. Retry after the number of seconds in the Retry-After header.',
    action: 'retry after Retry-After seconds',
    asyncRetry: { maxAttempts: 3 },
    retryAfterSeconds: 30,
  },
  TIMEOUT: {
    status: 504,
    message:
      'The government portal took too long to answer, and nothing was charged (errors never are). It is safe to retry.',
    action: 'safe to retry',
    asyncRetry: { maxAttempts: 3 },
  },
};

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/** The one place an error code maps to an HTTP status. */
export function httpStatusOf(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}
