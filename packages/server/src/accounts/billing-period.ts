/** Quotas run per calendar month in UTC; the period key is `YYYY-MM`. */
export function periodOf(now: Date): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Unix seconds of 00:00 UTC on the 1st of the next month: when the included checks reset. */
export function periodResetSeconds(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) / 1000;
}

/** Whole seconds from `now` to the reset, at least 1 (a Retry-After value). */
export function secondsUntilReset(now: Date): number {
  return Math.max(1, Math.ceil(periodResetSeconds(now) - now.getTime() / 1000));
}
