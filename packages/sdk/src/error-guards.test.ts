import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  isAuthError,
  isBusy,
  isCheckNotFound,
  isDobMismatch,
  isInvalidInput,
  isNotFound,
  isPaymentError,
  isRateLimited,
  isRetryable,
  isShareCodeApiError,
  isShareCodeConnectionError,
  isShareCodeError,
  isShareCodeTimeoutError,
  isShareCodeWebhookError,
  isUpstreamTimeout,
} from './error-guards.js';
import { ERROR_BRAND, ShareCodeApiError, ShareCodeConnectionError, ShareCodeTimeoutError } from './errors.js';
import { ShareCodeWebhookError } from './webhook-error.js';

const api = (code: ShareCodeApiError['code'], status = 400) =>
  new ShareCodeApiError({ code, message: 'm', status });

describe('error guards', () => {
  it('narrow by code', () => {
    const error: unknown = api('DOB_MISMATCH', 404);
    if (isShareCodeApiError(error, 'DOB_MISMATCH')) {
      expectTypeOf(error.code).toEqualTypeOf<'DOB_MISMATCH'>();
    }
    expect(isShareCodeApiError(error)).toBe(true);
    expect(isShareCodeApiError(error, 'NOT_FOUND')).toBe(false);
    expect(isShareCodeApiError(error, ['NOT_FOUND', 'DOB_MISMATCH'])).toBe(true);
  });

  it('each named guard matches its own codes only', () => {
    const guards = [
      [isInvalidInput, 'INVALID_INPUT'],
      [isAuthError, 'UNAUTHENTICATED'],
      [isAuthError, 'INVALID_KEY'],
      [isPaymentError, 'QUOTA_EXCEEDED'],
      [isPaymentError, 'PAYMENT_REQUIRED'],
      [isNotFound, 'NOT_FOUND'],
      [isDobMismatch, 'DOB_MISMATCH'],
      [isCheckNotFound, 'CHECK_NOT_FOUND'],
      [isRateLimited, 'RATE_LIMITED'],
      [isBusy, 'BUSY'],
      [isUpstreamTimeout, 'TIMEOUT'],
    ] as const;
    for (const [guard, code] of guards) {
      expect(guard(api(code))).toBe(true);
      expect(guard(api('INTERNAL'))).toBe(false);
      expect(guard(new Error(code))).toBe(false);
      expect(guard(null)).toBe(false);
    }
  });

  it('recognise errors from another copy of the SDK by their brand', () => {
    const foreign = Object.defineProperty(
      { code: 'BUSY', message: 'm' },
      Symbol.for('@sharecode/sdk.error'),
      {
        value: 'api',
      },
    );
    expect(ERROR_BRAND).toBe(Symbol.for('@sharecode/sdk.error'));
    expect(isShareCodeApiError(foreign, 'BUSY')).toBe(true);
    expect(isShareCodeError(foreign)).toBe(true);
  });

  it('tell the other error kinds apart', () => {
    const connection = new ShareCodeConnectionError('x', { cause: null, attempts: 1 });
    const timeout = new ShareCodeTimeoutError('x', { phase: 'attempt', timeoutMs: 1, attempts: 1 });
    const webhook = new ShareCodeWebhookError('bad_signature', 'x');
    expect(isShareCodeConnectionError(connection)).toBe(true);
    expect(isShareCodeTimeoutError(timeout)).toBe(true);
    expect(isShareCodeTimeoutError(connection)).toBe(false);
    expect(isShareCodeWebhookError(webhook)).toBe(true);
    expect(isShareCodeWebhookError(webhook, 'bad_signature')).toBe(true);
    expect(isShareCodeWebhookError(webhook, 'missing_headers')).toBe(false);
    expect(isShareCodeApiError(connection)).toBe(false);
  });

  it('isRetryable follows the spec’s client actions', () => {
    for (const code of ['RATE_LIMITED', 'BUSY', 'TIMEOUT', 'INTERNAL', 'UPSTREAM_UNEXPECTED'] as const) {
      expect(isRetryable(api(code))).toBe(true);
    }
    for (const code of [
      'INVALID_INPUT',
      'NOT_FOUND',
      'DOB_MISMATCH',
      'INVALID_KEY',
      'QUOTA_EXCEEDED',
    ] as const) {
      expect(isRetryable(api(code))).toBe(false);
    }
    expect(isRetryable(new ShareCodeConnectionError('x', { cause: null, attempts: 1 }))).toBe(true);
    expect(isRetryable(new Error('x'))).toBe(false);
  });

  it('isRetryable is false where sending a synchronous check again could charge twice', () => {
    // A proxy's bare 504, a reset after sending, the SDK's own timeout on a synchronous check.
    const bare504 = new ShareCodeApiError({
      code: 'TIMEOUT',
      message: 'm',
      status: 504,
      mayHaveBeenCharged: true,
    });
    const reset = new ShareCodeConnectionError('x', { cause: null, attempts: 1, mayHaveBeenCharged: true });
    const timeout = new ShareCodeTimeoutError('x', {
      phase: 'attempt',
      timeoutMs: 60_000,
      attempts: 1,
      mayHaveBeenCharged: true,
    });
    for (const error of [bare504, reset, timeout]) {
      expect(error.mayHaveBeenCharged).toBe(true);
      expect(isRetryable(error)).toBe(false);
    }
    // The same failures of a lookup or a create with an Idempotency-Key can be sent again.
    expect(isRetryable(new ShareCodeApiError({ code: 'TIMEOUT', message: 'm', status: 504 }))).toBe(true);
    expect(isRetryable(new ShareCodeTimeoutError('x', { phase: 'attempt', timeoutMs: 1, attempts: 1 }))).toBe(
      true,
    );
  });
});
