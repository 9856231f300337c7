/** Until checks have been timed, assume a live check's usual length (spec: 15 to 40 s). */
const ASSUMED_CHECK_MS = 20_000;
const RETRY_AFTER_MAX_SECONDS = 60;
const DURATION_SAMPLES = 20;
/** A burst deeper than this is told the longest wait anyway; the cap bounds each refusal's work. */
const MAX_PROMISED = 1024;

export interface RetryAfter {
  /** A finished check's length (ms), to learn the typical one from the last 20. */
  record(durationMs: number): void;
  /**
   * Seconds (1 to 60) for a refused request to come back, given when the running checks started
   * (monotonic ms) and now.
   */
  estimate(startedAt: Iterable<number>, now: number): number;
}

/**
 * Retry-After from the slots' queue: each running check is expected to end at its start plus the
 * median length of recent checks; the n-th refusal still waiting to come back is given the n-th
 * expected end (past the last, the ends come round again one check length later). So 200 refused at
 * once are not all told "3 s" to meet 199 refusals again.
 */
export function createRetryAfter(): RetryAfter {
  const durations: number[] = [];
  /** When earlier refusals were told to come back (monotonic ms). */
  let promised: number[] = [];
  return {
    record(durationMs) {
      durations.push(durationMs);
      if (durations.length > DURATION_SAMPLES) durations.shift();
    },
    estimate(startedAt, now) {
      const sorted = [...durations].sort((a, b) => a - b);
      const typical = sorted[Math.floor(sorted.length / 2)] ?? ASSUMED_CHECK_MS;
      promised = promised.filter((t) => t > now);
      if (promised.length >= MAX_PROMISED) return RETRY_AFTER_MAX_SECONDS;
      const ends = [...startedAt].map((at) => Math.max(now, at + typical)).sort((a, b) => a - b);
      const n = promised.length;
      const when =
        ends.length === 0
          ? now + 1000 * n
          : (ends[n % ends.length] as number) + typical * Math.floor(n / ends.length);
      const seconds = Math.min(RETRY_AFTER_MAX_SECONDS, Math.max(1, Math.ceil((when - now) / 1000)));
      promised.push(now + seconds * 1000);
      return seconds;
    },
  };
}
