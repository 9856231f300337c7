import { type CheckError, checkError } from '@sharecode/core';
import { effectivePlan, PLAN_LIMITS } from '../accounts/plans.js';
import type { AuthenticatedKey } from '../accounts/ports.js';
import type { UsageSnapshot } from '../accounts/quota.js';

/**
 * Why a live key may not make a check request now (402), or null. A request reserves nothing (its
 * applicant's check does, when made), but one made while no live check can run would only show the
 * applicant "try again later": refused at once, with the words a live check gets.
 */
export function liveRequestRefusal(
  key: AuthenticatedKey,
  usage: UsageSnapshot,
  upgradeUrl: string,
): CheckError | null {
  if (key.mode !== 'live') return null;
  if (key.subscriptionStatus === 'past_due' || key.subscriptionStatus === 'unpaid') {
    return checkError(
      'PAYMENT_REQUIRED',
      key.subscriptionStatus === 'past_due'
        ? 'The subscription payment is overdue: update your payment details to make live check requests again. Sandbox keys keep working.'
        : 'The subscription is unpaid: pay the outstanding invoice to make live check requests again. Sandbox keys keep working.',
      { upgradeUrl },
    );
  }
  const plan = effectivePlan(key.plan, key.subscriptionStatus);
  if (PLAN_LIMITS[plan].overagePence === null && usage.remaining <= 0) {
    return checkError(
      'QUOTA_EXCEEDED',
      `The free plan includes ${PLAN_LIMITS[plan].includedChecks} live checks a month and they are used up (checks in progress count), so the applicant's check could not run: upgrade your plan, or wait until the 1st of next month. Sandbox keys keep working.`,
      { upgradeUrl },
    );
  }
  return null;
}
