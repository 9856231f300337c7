import { describe, expect, it } from 'vitest';
import { effectivePlan, monthlyCeiling, PLAN_LIMITS } from './plans.js';

describe('plans (spec section 8)', () => {
  it('holds the included checks, prices in pence and per-second limits', () => {
    expect(PLAN_LIMITS).toEqual({
      free: { includedChecks: 10, overagePence: null, requestsPerSecond: 5 },
      pro: { includedChecks: 100, overagePence: 25, requestsPerSecond: 20 },
      scale: { includedChecks: 500, overagePence: 10, requestsPerSecond: 50 },
    });
  });

  it('refuses free accounts at 10 and throttles paid ones at 1.5 times their included checks', () => {
    expect([monthlyCeiling('free'), monthlyCeiling('pro'), monthlyCeiling('scale')]).toEqual([10, 150, 750]);
  });

  it('applies the free plan once a subscription is canceled', () => {
    expect(effectivePlan('scale', 'canceled')).toBe('free');
    expect(effectivePlan('scale', 'past_due')).toBe('scale');
    expect(effectivePlan('pro', 'active')).toBe('pro');
  });
});
