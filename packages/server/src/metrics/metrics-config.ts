import { fail, type Outcome, ok } from '@sharecode/core';
import { type Env, present } from '../env-values.js';

export interface MetricsFlags {
  readonly metricsPort?: string | number | undefined;
}

/**
 * The metrics listener's port (`--metrics-port` or RTW_METRICS_PORT): null, the default, serves no
 * metrics; 0 takes a free port (tests). It listens on the main port's host.
 */
export function loadMetricsPort(
  flags: MetricsFlags,
  env: Env,
  mainPort: number,
): Outcome<number | null, string> {
  const text = present(flags.metricsPort) ?? present(env.RTW_METRICS_PORT);
  if (text === undefined) return ok(null);
  const port = /^\d{1,5}$/.test(String(text)) ? Number(text) : Number.NaN;
  if (!(port >= 0 && port <= 65535)) {
    return fail(
      `The metrics port (--metrics-port or RTW_METRICS_PORT) must be a number from 0 to 65535 (e.g. 9464), not "${text}"; leave it unset to serve no metrics.`,
    );
  }
  if (port !== 0 && port === mainPort) {
    return fail(
      `The metrics port (--metrics-port or RTW_METRICS_PORT) must differ from the API's port ${mainPort}: the metrics have a listener of their own.`,
    );
  }
  return ok(port);
}
