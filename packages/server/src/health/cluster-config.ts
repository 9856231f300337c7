import { fail, type Outcome, ok } from '@sharecode/core';
import { type Env, numberReader } from '../env-values.js';

export interface ClusterConfig {
  /** How often an instance renews its registration; it is forgotten after 3 missed (MISSED_HEARTBEATS). */
  readonly heartbeatMs: number;
}

export const DEFAULT_HEARTBEAT_MS = 10_000;

/** Reads RTW_HEARTBEAT_SECONDS (default 10): every instance on a database should use the same. */
export function loadClusterConfig(env: Env): Outcome<ClusterConfig, string[]> {
  const problems: string[] = [];
  const seconds = numberReader(env, problems)('RTW_HEARTBEAT_SECONDS', DEFAULT_HEARTBEAT_MS / 1000, {
    min: 0.1,
    max: 300,
    whole: false,
    unit: 'seconds',
  });
  return problems.length > 0 ? fail(problems) : ok({ heartbeatMs: Math.round(seconds * 1000) });
}
