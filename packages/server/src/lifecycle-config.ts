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
}

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
  if (problems.length > 0 || !logFormat) return fail(problems);
  return ok({ logFormat, shutdownDelayMs: seconds * 1000 });
}
