import { describe, expect, it } from 'vitest';
import type { AuthenticatedKey } from '../accounts/ports.js';
import { liveRequestRefusal } from './live-gate.js';

const key = (over: Partial<AuthenticatedKey> = {}): AuthenticatedKey => ({
  keyId: 'key_1',
  accountId: 'acc_1',
  mode: 'live',
  plan: 'free',
  subscriptionStatus: 'active',
  ...over,
});
const usage = (remaining: number) => ({ limit: 10, remaining, resetAt: 0 });
const URL = 'https://billing.example.com';

describe('liveRequestRefusal', () => {
  it('lets a live key with checks left, any sandbox key, and a paid plan past its included checks make requests', () => {
    expect(liveRequestRefusal(key(), usage(1), URL)).toBeNull();
    expect(liveRequestRefusal(key({ mode: 'test', subscriptionStatus: 'unpaid' }), usage(0), URL)).toBeNull();
    expect(liveRequestRefusal(key({ plan: 'pro' }), usage(0), URL)).toBeNull();
  });

  it('refuses a free plan whose live checks are used up, and an unpaid or overdue subscription, with the upgrade URL', () => {
    expect(liveRequestRefusal(key(), usage(0), URL)).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      upgradeUrl: URL,
    });
    expect(
      liveRequestRefusal(key({ plan: 'pro', subscriptionStatus: 'past_due' }), usage(5), URL),
    ).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message: expect.stringMatching(/overdue/),
    });
    expect(
      liveRequestRefusal(key({ plan: 'pro', subscriptionStatus: 'unpaid' }), usage(5), URL),
    ).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message: expect.stringMatching(/unpaid/),
    });
    // A canceled subscription falls back to the free plan.
    expect(
      liveRequestRefusal(key({ plan: 'pro', subscriptionStatus: 'canceled' }), usage(0), URL),
    ).toMatchObject({
      code: 'QUOTA_EXCEEDED',
    });
  });
});
