import { fail, type Outcome, ok, SANDBOX_RETRY_SCHEDULE, SERVICE_RETRY_SCHEDULE } from '@sharecode/core';
import { type Env, type NumberRule, numberReader, parseDelays, present } from '../env-values.js';

/** How asynchronous checks are run: every schedule is configuration, so tests can run them in seconds. */
export interface AsyncChecksConfig {
  /** Seconds before the 2nd and 3rd attempts of a live check (spec 3: about 30 s, then about 2 min). */
  readonly liveRetrySchedule: readonly number[];
  /** The same for sandbox checks: the MSW sandbox's schedule, so the service's test mode matches it. */
  readonly testRetrySchedule: readonly number[];
  /** A run holds its check this long, renewed every third of it; a dead process's checks return after it. */
  readonly leaseMs: number;
  /** How often each process looks for due checks (retries, other processes' checks, lost leases). */
  readonly pollIntervalMs: number;
  /** Checks one process runs at once. */
  readonly concurrency: number;
  /** Of those, live checks: keep it at or below the portal's check slots, so checks wait in the queue rather than spend attempts on BUSY. */
  readonly liveConcurrency: number;
}

export const DEFAULT_ASYNC_CHECKS_CONFIG: AsyncChecksConfig = {
  liveRetrySchedule: SERVICE_RETRY_SCHEDULE,
  testRetrySchedule: SANDBOX_RETRY_SCHEDULE,
  leaseMs: 90_000,
  pollIntervalMs: 1_000,
  concurrency: 8,
  liveConcurrency: 2,
};

const LEASE_SECONDS: NumberRule = { min: 0.5, max: 3600, whole: false, unit: 'seconds' };
const POLL_MS: NumberRule = { min: 10, max: 60_000, whole: true, unit: 'milliseconds' };
const CHECKS: NumberRule = { min: 1, max: 256, whole: true, unit: 'checks' };

function readSchedule(
  env: Env,
  name: string,
  fallback: readonly number[],
  problems: string[],
): readonly number[] {
  const text = present(env[name]);
  if (text === undefined) return fallback;
  const values = parseDelays(text);
  if (values === null || values.length > 10) {
    problems.push(
      `${name} must be up to 10 comma-separated delays in seconds, each above 0 and at most 86400 (for example "30,120").`,
    );
    return fallback;
  }
  return values;
}

/** Reads the RTW_ASYNC_* variables; each problem says which variable and what it must be. */
export function loadAsyncChecksConfig(env: Env): Outcome<AsyncChecksConfig, string[]> {
  const problems: string[] = [];
  const d = DEFAULT_ASYNC_CHECKS_CONFIG;
  const liveRetrySchedule = readSchedule(env, 'RTW_ASYNC_LIVE_RETRY_SECONDS', d.liveRetrySchedule, problems);
  const testRetrySchedule = readSchedule(env, 'RTW_ASYNC_TEST_RETRY_SECONDS', d.testRetrySchedule, problems);
  const read = numberReader(env, problems);
  const leaseSeconds = read('RTW_ASYNC_LEASE_SECONDS', d.leaseMs / 1000, LEASE_SECONDS);
  const pollIntervalMs = read('RTW_ASYNC_POLL_INTERVAL_MS', d.pollIntervalMs, POLL_MS);
  const concurrency = read('RTW_ASYNC_CONCURRENCY', d.concurrency, CHECKS);
  const fallbackLive = Math.min(d.liveConcurrency, concurrency);
  const liveConcurrency = read('RTW_ASYNC_LIVE_CONCURRENCY', fallbackLive, CHECKS);
  if (liveConcurrency > concurrency) {
    problems.push('RTW_ASYNC_LIVE_CONCURRENCY must not be above RTW_ASYNC_CONCURRENCY.');
  }
  if (problems.length > 0) return fail(problems);
  return ok({
    liveRetrySchedule,
    testRetrySchedule,
    leaseMs: Math.round(leaseSeconds * 1000),
    pollIntervalMs,
    concurrency,
    liveConcurrency,
  });
}

const SANDBOX_LANES = DEFAULT_ASYNC_CHECKS_CONFIG.concurrency - DEFAULT_ASYNC_CHECKS_CONFIG.liveConcurrency;

/**
 * With the portal driver on, live checks queue for its slots: unless the operator set them, the live
 * lanes match the slot count (so the queue keeps every slot busy) and the total leaves the sandbox its
 * default lanes on top.
 */
export function fitAsyncToSlots(config: AsyncChecksConfig, slots: number, env: Env): AsyncChecksConfig {
  const liveSet = present(env.RTW_ASYNC_LIVE_CONCURRENCY) !== undefined;
  const totalSet = present(env.RTW_ASYNC_CONCURRENCY) !== undefined;
  const liveConcurrency = liveSet ? config.liveConcurrency : slots;
  const concurrency = totalSet
    ? config.concurrency
    : Math.max(config.concurrency, liveConcurrency + SANDBOX_LANES);
  return { ...config, concurrency, liveConcurrency: Math.min(liveConcurrency, concurrency) };
}
