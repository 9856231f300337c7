import { describe, expect, it } from 'vitest';
import {
  retryDecision,
  retryDelaySeconds,
  SANDBOX_RETRY_SCHEDULE,
  SERVICE_RETRY_SCHEDULE,
} from './retry-policy.js';

describe('retryDecision', () => {
  it.each(['TIMEOUT', 'BUSY', 'INTERNAL'] as const)('%s: 3 attempts in all', (code) => {
    expect(retryDecision(code, 1)).toEqual({ retry: true, maxAttempts: 3 });
    expect(retryDecision(code, 2)).toEqual({ retry: true, maxAttempts: 3 });
    expect(retryDecision(code, 3)).toEqual({ retry: false, maxAttempts: 3 });
  });

  it('UPSTREAM_UNEXPECTED: run once more', () => {
    expect(retryDecision('UPSTREAM_UNEXPECTED', 1)).toEqual({ retry: true, maxAttempts: 2 });
    expect(retryDecision('UPSTREAM_UNEXPECTED', 2)).toEqual({ retry: false, maxAttempts: 2 });
  });

  it.each(['NOT_FOUND', 'DOB_MISMATCH', 'INVALID_INPUT', 'RATE_LIMITED', 'QUOTA_EXCEEDED'] as const)(
    '%s is final at once',
    (code) => {
      expect(retryDecision(code, 1)).toEqual({ retry: false, maxAttempts: 1 });
    },
  );

  it('never retries on a nonsense attempt number', () => {
    expect(retryDecision('TIMEOUT', Number.NaN).retry).toBe(false);
    expect(retryDecision('TIMEOUT', Number.POSITIVE_INFINITY).retry).toBe(false);
  });
});

describe('retryDelaySeconds', () => {
  it('follows the schedules', () => {
    expect(SERVICE_RETRY_SCHEDULE).toEqual([30, 120]);
    expect(SANDBOX_RETRY_SCHEDULE).toEqual([1, 2]);
    expect(retryDelaySeconds(1, SERVICE_RETRY_SCHEDULE)).toBe(30);
    expect(retryDelaySeconds(2, SERVICE_RETRY_SCHEDULE)).toBe(120);
    expect(retryDelaySeconds(1, SANDBOX_RETRY_SCHEDULE)).toBe(1);
    expect(retryDelaySeconds(2, SANDBOX_RETRY_SCHEDULE)).toBe(2);
  });

  it('repeats the last step and clamps odd input', () => {
    expect(retryDelaySeconds(5, SERVICE_RETRY_SCHEDULE)).toBe(120);
    expect(retryDelaySeconds(0, SERVICE_RETRY_SCHEDULE)).toBe(30);
    expect(retryDelaySeconds(1, [])).toBe(0);
  });
});
