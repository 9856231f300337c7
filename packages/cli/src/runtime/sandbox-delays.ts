import type { SandboxDelays } from '@sharecode/sandbox';
import { envValue } from '../options.js';

type Env = Readonly<Record<string, string | undefined>>;

export interface SandboxTiming {
  /** Undefined: the sandbox's own defaults (runs of 50 ms, retries after 1 s then 2 s). */
  delays: SandboxDelays | undefined;
  /** How often `--wait` polls the in-memory sandbox (it costs nothing, so often). */
  pollIntervalMs: number;
  pollMaxIntervalMs: number;
}

/**
 * RTW_SANDBOX_FAST=1 shrinks every sandbox delay to milliseconds (retry waits included), for demos
 * and test suites; otherwise the sandbox keeps its documented pace.
 */
export function sandboxTiming(env: Env): SandboxTiming {
  const fast = envValue(env, 'RTW_SANDBOX_FAST');
  if (fast !== undefined && fast !== '0' && fast.toLowerCase() !== 'false') {
    return {
      delays: { startMs: 5, runMs: 5, retrySchedule: [0.05, 0.1] },
      pollIntervalMs: 20,
      pollMaxIntervalMs: 100,
    };
  }
  return { delays: undefined, pollIntervalMs: 250, pollMaxIntervalMs: 1_000 };
}
