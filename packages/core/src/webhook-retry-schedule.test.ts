import { describe, expect, it } from 'vitest';
import { nextAttemptDelayMs, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_SECONDS } from './webhook-retry-schedule.js';

describe('webhook retry schedule', () => {
  it('is spec 6.4: 8 attempts, about 22 hours in all', () => {
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(8);
    expect(WEBHOOK_RETRY_SECONDS).toEqual([30, 120, 600, 3600, 10800, 21600, 43200]);
    const total = WEBHOOK_RETRY_SECONDS.reduce((a, b) => a + b, 0);
    expect(total / 3600).toBeGreaterThan(22);
    expect(total / 3600).toBeLessThan(22.5);
  });

  it('waits the scheduled delay after each attempt, within ±10 %, and stops after the 8th', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => nextAttemptDelayMs(n, WEBHOOK_RETRY_SECONDS, middle))).toEqual(
      WEBHOOK_RETRY_SECONDS.map((s) => s * 1000),
    );
    expect(nextAttemptDelayMs(1, WEBHOOK_RETRY_SECONDS, () => 0)).toBe(27_000);
    expect(nextAttemptDelayMs(1, WEBHOOK_RETRY_SECONDS, () => 0.999999)).toBeLessThanOrEqual(33_000);
    expect(nextAttemptDelayMs(8, WEBHOOK_RETRY_SECONDS, middle)).toBeNull();
  });
});
