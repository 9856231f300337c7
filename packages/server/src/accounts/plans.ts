/** Plans and their limits (spec section 8). Money is stored in pence. */
export const PLANS = ['free', 'pro', 'scale'] as const;
export type Plan = (typeof PLANS)[number];

/**
 * `active`: paid up. `past_due` / `unpaid`: live checks refused with 402 PAYMENT_REQUIRED.
 * `canceled`: the paid subscription ended; the account keeps working on the free plan's limits.
 */
export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'unpaid', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface PlanLimits {
  /** Live checks included each month. */
  readonly includedChecks: number;
  /** Price of each live check beyond the included ones; null: refused with 402 QUOTA_EXCEEDED. */
  readonly overagePence: number | null;
  /** Requests per second per live key. */
  readonly requestsPerSecond: number;
}

export const PLAN_LIMITS: Readonly<Record<Plan, PlanLimits>> = {
  free: { includedChecks: 10, overagePence: null, requestsPerSecond: 5 },
  pro: { includedChecks: 100, overagePence: 25, requestsPerSecond: 20 },
  scale: { includedChecks: 500, overagePence: 10, requestsPerSecond: 50 },
};

/** Per-second limit of a sandbox key (the spec leaves it open): enough for a test suite, not for load tests. */
export const SANDBOX_REQUESTS_PER_SECOND = 25;

/** Paid plans are throttled (429) once a month's live checks reach 1.5 times the included ones. */
export const SOFT_THROTTLE_FACTOR = 1.5;

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}

export function isSubscriptionStatus(value: unknown): value is SubscriptionStatus {
  return typeof value === 'string' && (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);
}

/** The plan whose limits apply: a canceled subscription falls back to the free plan. */
export function effectivePlan(plan: Plan, status: SubscriptionStatus): Plan {
  return status === 'canceled' ? 'free' : plan;
}

/** How many live checks a month may start before the refusal (free) or the soft throttle (paid). */
export function monthlyCeiling(plan: Plan): number {
  const limits = PLAN_LIMITS[plan];
  return limits.overagePence === null
    ? limits.includedChecks
    : Math.floor(limits.includedChecks * SOFT_THROTTLE_FACTOR);
}
