import { fail, type Outcome, ok } from '@sharecode/core';
import { type Env, numberReader, present } from '../env-values.js';

export interface ClusterConfig {
  /** How often an instance renews its registration; it is forgotten after 3 missed (MISSED_HEARTBEATS). */
  readonly heartbeatMs: number;
  /**
   * The name `rtw-server status` shows for this instance (RTW_INSTANCE_NAME, e.g. the compose
   * service's); null: the host name, which in a container is its id and changes on every recreate.
   */
  readonly instanceName: string | null;
}

export const DEFAULT_HEARTBEAT_MS = 10_000;

/**
 * Reads RTW_HEARTBEAT_SECONDS (default 10): every instance on a database should use the same; and
 * RTW_INSTANCE_NAME.
 */
export function loadClusterConfig(env: Env): Outcome<ClusterConfig, string[]> {
  const problems: string[] = [];
  const seconds = numberReader(env, problems)('RTW_HEARTBEAT_SECONDS', DEFAULT_HEARTBEAT_MS / 1000, {
    min: 0.1,
    max: 300,
    whole: false,
    unit: 'seconds',
  });
  const instanceName = present(env.RTW_INSTANCE_NAME) ?? null;
  if (instanceName !== null && !/^[\w.:@-]{1,64}$/.test(instanceName))
    problems.push(
      'RTW_INSTANCE_NAME must be 1 to 64 letters, digits or . _ - : @ (for example the compose service name, rtw-1).',
    );
  return problems.length > 0 ? fail(problems) : ok({ heartbeatMs: Math.round(seconds * 1000), instanceName });
}
