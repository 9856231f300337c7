import { describe, expect, it } from 'vitest';
import { checkError, errorBody, invalidInput } from './check-error.js';

describe('checkError', () => {
  it('fills status, message and Retry-After from the catalogue', () => {
    expect(checkError('TIMEOUT')).toEqual({
      code: 'TIMEOUT',
      status: 504,
      message:
        'The government portal took too long to answer, and nothing was charged (errors never are). It is safe to retry.',
    });
    expect(checkError('BUSY')).toMatchObject({ status: 503, retryAfter: 30 });
    expect(checkError('RATE_LIMITED', undefined, { retryAfter: 7 })).toMatchObject({
      status: 429,
      retryAfter: 7,
    });
  });

  it('takes a custom message and an upgrade URL', () => {
    const error = checkError('QUOTA_EXCEEDED', 'Quota used up: upgrade.', {
      upgradeUrl: 'https://example.com/up',
    });
    expect(error).toEqual({
      code: 'QUOTA_EXCEEDED',
      status: 402,
      message: 'Quota used up: upgrade.',
      upgradeUrl: 'https://example.com/up',
    });
  });

  it('builds field errors', () => {
    expect(invalidInput('share_code', 'share_code is wrong: fix it.')).toEqual({
      code: 'INVALID_INPUT',
      status: 400,
      message: 'share_code is wrong: fix it.',
      field: 'share_code',
    });
  });
});

describe('errorBody', () => {
  it('is the wire body, with upgrade_url only when present', () => {
    expect(errorBody(checkError('NOT_FOUND'))).toEqual({
      error: { code: 'NOT_FOUND', message: checkError('NOT_FOUND').message },
    });
    expect(
      errorBody(checkError('PAYMENT_REQUIRED', 'Pay.', { upgradeUrl: 'https://example.com/pay' })),
    ).toEqual({
      error: { code: 'PAYMENT_REQUIRED', message: 'Pay.', upgrade_url: 'https://example.com/pay' },
    });
    // Internal details (field, status, Retry-After) stay out of the body.
    expect(errorBody(invalidInput('x', 'x is bad.'))).toEqual({
      error: { code: 'INVALID_INPUT', message: 'x is bad.' },
    });
    expect(errorBody(checkError('BUSY'))).toEqual({
      error: { code: 'BUSY', message: checkError('BUSY').message },
    });
  });
});
