import { fail, type Outcome, ok } from '@sharecode/core';
import { type Env, numberReader, present } from './env-values.js';

/** How the process logs and stops: kept apart from config.ts, read once by startServer. */
export interface LifecycleConfig {
  /** `pretty`: one readable line per entry (a person at a terminal); `json`: one JSON object per line. */
  readonly logFormat: LogFormat;
  /**
   * After the first SIGTERM, how long /readyz answers 503 while everything else still serves, so a
   * load balancer stops sending traffic before the listener closes. 0 (default): close at once.
   */
  readonly shutdownDelayMs: number;
  /**
   * From the first SIGTERM, how long in-flight work may take to finish (the shutdown delay included);
   * past it, live synchronous checks still running are answered 503 BUSY with Retry-After and their
   * quota given back. Set it below the orchestrator's stop timeout (compose: stop_grace_period 90 s).
   */
  readonly drainMs: number;
}

/** RTW_DRAIN_SECONDS' default: under compose's 90 s stop_grace_period, over a check's 60 s timeout. */
export const DEFAULT_DRAIN_SECONDS = 80;

export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export interface LifecycleFlags {
  readonly logFormat?: string | undefined;
}

/** `terminal`: whether standard output is a terminal (the default format follows it). */
export function loadLifecycleConfig(
  flags: LifecycleFlags,
  env: Env,
  terminal: boolean,
): Outcome<LifecycleConfig, string[]> {
  const problems: string[] = [];
  const formatText = present(flags.logFormat) ?? present(env.RTW_LOG_FORMAT);
  const logFormat =
    formatText === undefined
      ? terminal
        ? 'pretty'
        : 'json'
      : LOG_FORMATS.find((format) => format === formatText);
  if (!logFormat)
    problems.push(`The log format (--log-format or RTW_LOG_FORMAT) must be ${LOG_FORMATS.join(' or ')}.`);
  const seconds = numberReader(env, problems)('RTW_SHUTDOWN_DELAY_SECONDS', 0, {
    min: 0,
    max: 600,
    whole: false,
    unit: 'seconds',
  });
  const drainSeconds = numberReader(env, problems)('RTW_DRAIN_SECONDS', DEFAULT_DRAIN_SECONDS, {
    min: 1,
    max: 3600,
    whole: false,
    unit: 'seconds',
  });
  if (problems.length === 0 && drainSeconds <= seconds)
    problems.push(
      `RTW_DRAIN_SECONDS (${drainSeconds}) must be longer than RTW_SHUTDOWN_DELAY_SECONDS (${seconds}): the drain time counts from the signal, the delay included.`,
    );
  if (problems.length > 0 || !logFormat) return fail(problems);
  return ok({ logFormat, shutdownDelayMs: seconds * 1000, drainMs: drainSeconds * 1000 });
}
