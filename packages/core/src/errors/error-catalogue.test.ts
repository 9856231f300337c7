import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, ERROR_CODES, httpStatusOf, isErrorCode } from './error-catalogue.js';

describe('ERROR_CATALOGUE', () => {
  it('has the 13 codes of spec section 7, and the 3 of check requests, with their statuses', () => {
    expect(Object.fromEntries(ERROR_CODES.map((code) => [code, httpStatusOf(code)]))).toEqual({
      INVALID_INPUT: 400,
      UNAUTHENTICATED: 401,
      INVALID_KEY: 401,
      QUOTA_EXCEEDED: 402,
      PAYMENT_REQUIRED: 402,
      NOT_FOUND: 404,
      DOB_MISMATCH: 404,
      CHECK_NOT_FOUND: 404,
      CHECK_REQUEST_NOT_FOUND: 404,
      CHECK_REQUEST_CLOSED: 409,
      CHECK_REQUEST_CHECKING: 409,
      RATE_LIMITED: 429,
      INTERNAL: 500,
      UPSTREAM_UNEXPECTED: 502,
      BUSY: 503,
      TIMEOUT: 504,
    });
  });

  it('retries TIMEOUT, BUSY and INTERNAL up to 3 attempts, UPSTREAM_UNEXPECTED 2, nothing else', () => {
    const retried = Object.fromEntries(
      ERROR_CODES.filter((code) => ERROR_CATALOGUE[code].asyncRetry).map((code) => [
        code,
        ERROR_CATALOGUE[code].asyncRetry?.maxAttempts,
      ]),
    );
    expect(retried).toEqual({ TIMEOUT: 3, BUSY: 3, INTERNAL: 3, UPSTREAM_UNEXPECTED: 2 });
  });

  it('gives Retry-After to BUSY and RATE_LIMITED only', () => {
    const withRetryAfter = ERROR_CODES.filter(
      (code) => ERROR_CATALOGUE[code].retryAfterSeconds !== undefined,
    );
    expect(withRetryAfter.sort()).toEqual(['BUSY', 'RATE_LIMITED']);
  });

  it('says what to do next in every default message', () => {
    for (const code of ERROR_CODES) {
      const { message, action } = ERROR_CATALOGUE[code];
      expect(message.length).toBeGreaterThan(20);
      expect(action.length).toBeGreaterThan(3);
      expect(message).toMatch(/(Retry|retry|Check|Ask|Fix|Send|Upgrade|Update|Wait|check)/);
    }
  });

  it('recognises codes', () => {
    expect(isErrorCode('BUSY')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(3)).toBe(false);
  });
});
