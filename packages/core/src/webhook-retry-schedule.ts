// The webhook delivery schedule (spec 6.4): the service delivers on it; `rtw sandbox serve --forward-to`
// replays it (real or compressed) to a local receiver.
/** Spec 6.4: up to 8 attempts. */
export const WEBHOOK_MAX_ATTEMPTS = 8;

/**
 * Seconds between attempts (spec 6.4): at once, then after 30 s, 2 min, 10 min, 1 h, 3 h, 6 h and
 * 12 h, about 22 hours in all. One delay per attempt after the first.
 */
export const WEBHOOK_RETRY_SECONDS: readonly number[] = [30, 120, 600, 3_600, 10_800, 21_600, 43_200];

/** ±10 %: receivers that failed together (an outage) are not all retried in the same second. */
export const WEBHOOK_RETRY_JITTER = 0.1;

/**
 * Milliseconds from the end of attempt `attempt` (1-based) to the next, or null after the last.
 * `random` is in [0, 1) (Math.random), injected so tests can pin the jitter.
 */
export function nextAttemptDelayMs(
  attempt: number,
  schedule: readonly number[],
  random: () => number = Math.random,
): number | null {
  if (attempt >= WEBHOOK_MAX_ATTEMPTS) return null;
  const seconds = schedule[attempt - 1] ?? schedule[schedule.length - 1];
  if (seconds === undefined) return null;
  const factor = 1 + WEBHOOK_RETRY_JITTER * (2 * random() - 1);
  return Math.max(0, Math.round(seconds * 1000 * factor));
}
