import type { ValidatedRequest } from '@sharecode/core/validation';
import type { LiveCheckContext, LiveCheckRunner } from '../../src/index.js';

/** TEST DOUBLE: live checks answered by core's sandbox scenarios. */
export interface ScenarioLiveRunnerTestDouble extends LiveCheckRunner {
  readonly calls: Array<{ request: ValidatedRequest; context: LiveCheckContext }>;
  /** Runs inside each check, before it answers (e.g. to move the clock across a month). */
  beforeAnswer: (() => void | Promise<void>) | null;
}

export function scenarioLiveRunnerTestDouble(options?: { delayMs?: number }): ScenarioLiveRunnerTestDouble;
