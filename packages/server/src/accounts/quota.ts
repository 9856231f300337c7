import { type CheckError, checkError, fail, type Outcome, ok } from '@sharecode/core';
import { periodOf, periodResetSeconds, secondsUntilReset } from './billing-period.js';
import { effectivePlan, monthlyCeiling, PLAN_LIMITS, type Plan, SOFT_THROTTLE_FACTOR } from './plans.js';
import type { AuthenticatedKey, UsageCounts, UsageRepo } from './ports.js';
import { newReservationId } from './random-id.js';

/** What the X-RateLimit-* headers of a live response say. */
export interface UsageSnapshot {
  /** Live checks included each month in the plan that applies. */
  readonly limit: number;
  /** Included checks left this month; checks in progress are already counted out. */
  readonly remaining: number;
  /** Unix seconds of the 1st of next month, 00:00 UTC. */
  readonly resetAt: number;
}

/** One admitted live check: charged when it ends with a result, released when it ends with an error. */
export interface Reservation {
  readonly id: string;
  readonly accountId: string;
  readonly keyId: string;
  readonly period: string;
  readonly plan: Plan;
}

export interface Quota {
  /** `checkId`: the synchronous check holding the reservation, named with this instance on its row. */
  reserve(
    key: AuthenticatedKey,
    now: Date,
    checkId?: string,
  ): Promise<{ readonly outcome: Outcome<Reservation, CheckError>; readonly usage: UsageSnapshot }>;
  commit(
    reservation: Reservation,
    charge: { checkId: string; kind: string; now: Date },
  ): Promise<UsageSnapshot>;
  release(reservation: Reservation, now: Date): Promise<UsageSnapshot>;
  snapshot(key: AuthenticatedKey, now: Date): Promise<UsageSnapshot>;
}

/**
 * `instanceId`: this process's registration (health/instance-heartbeat.ts); a synchronous check's
 * reservation names it, so the others give the reservation back if this process dies.
 */
export function createQuota(repo: UsageRepo, upgradeUrl: string, instanceId?: string): Quota {
  const snapshotOf = (plan: Plan, counts: UsageCounts, now: Date): UsageSnapshot => {
    const limit = PLAN_LIMITS[plan].includedChecks;
    return {
      limit,
      remaining: Math.max(0, limit - counts.used - counts.reserved),
      resetAt: periodResetSeconds(now),
    };
  };
  const planOf = (key: AuthenticatedKey) => effectivePlan(key.plan, key.subscriptionStatus);

  return {
    async reserve(key, now, checkId) {
      const plan = planOf(key);
      const period = periodOf(now);
      if (key.subscriptionStatus === 'past_due' || key.subscriptionStatus === 'unpaid') {
        const usage = snapshotOf(plan, await repo.counts(key.accountId, period), now);
        const error = checkError(
          'PAYMENT_REQUIRED',
          key.subscriptionStatus === 'past_due'
            ? 'The subscription payment is overdue: update your payment details to run live checks again. Sandbox keys keep working.'
            : 'The subscription is unpaid: pay the outstanding invoice to run live checks again. Sandbox keys keep working.',
          { upgradeUrl },
        );
        return { outcome: fail(error), usage };
      }
      const id = newReservationId();
      const ceiling = monthlyCeiling(plan);
      const result = await repo.reserve({
        reservationId: id,
        accountId: key.accountId,
        keyId: key.keyId,
        period,
        ceiling,
        now,
        holder: instanceId && checkId ? { instanceId, checkId } : undefined,
      });
      const usage = snapshotOf(plan, result, now);
      if (result.granted) {
        return { outcome: ok({ id, accountId: key.accountId, keyId: key.keyId, period, plan }), usage };
      }
      const included = PLAN_LIMITS[plan].includedChecks;
      if (PLAN_LIMITS[plan].overagePence === null) {
        const why =
          key.plan !== plan ? 'The subscription is canceled, so the free plan applies: it' : 'The free plan';
        return {
          outcome: fail(
            checkError(
              'QUOTA_EXCEEDED',
              `${why} includes ${included} live checks a month and they are used up (checks in progress count): upgrade your plan, or wait until the 1st of next month. Sandbox keys keep working.`,
              { upgradeUrl },
            ),
          ),
          usage,
        };
      }
      return {
        outcome: fail(
          checkError(
            'RATE_LIMITED',
            `This account has reached ${ceiling} live checks this month, ${SOFT_THROTTLE_FACTOR} times the ${included} its plan includes: live checks are throttled until the 1st of next month (see Retry-After). Contact support to raise the limit.`,
            { retryAfter: secondsUntilReset(now) },
          ),
        ),
        usage,
      };
    },

    async commit(reservation, charge) {
      const limits = PLAN_LIMITS[reservation.plan];
      const counts = await repo.commit({
        reservationId: reservation.id,
        accountId: reservation.accountId,
        keyId: reservation.keyId,
        period: reservation.period,
        checkId: charge.checkId,
        kind: charge.kind,
        plan: reservation.plan,
        includedChecks: limits.includedChecks,
        overagePence: limits.overagePence ?? 0,
        now: charge.now,
      });
      // A check that started last month is charged to last month; the headers describe this month.
      const current = periodOf(charge.now);
      const now = current === reservation.period ? counts : await repo.counts(reservation.accountId, current);
      return snapshotOf(reservation.plan, now, charge.now);
    },

    async release(reservation, now) {
      await repo.release(reservation.id);
      return snapshotOf(reservation.plan, await repo.counts(reservation.accountId, periodOf(now)), now);
    },

    async snapshot(key, now) {
      return snapshotOf(planOf(key), await repo.counts(key.accountId, periodOf(now)), now);
    },
  };
}
