import { type CheckResult, checkError, fail, type Outcome } from '@sharecode/core';
import { runSandboxCheck } from '@sharecode/core/sandbox';
import type { ValidatedRequest } from '@sharecode/core/validation';
import type { Logger } from 'pino';
import type { KeyMode } from '../accounts/api-key.js';
import { safeError } from '../safe-error.js';
import type { CapacityHold, LiveCheckRunner } from './live-check-runner.js';

export interface RunCheckInput {
  readonly mode: KeyMode;
  readonly request: ValidatedRequest;
  readonly attempt: number;
  readonly now: Date;
  readonly checkId: string;
  readonly requestId: string;
  /** A slot taken at admission (live only). */
  readonly hold?: CapacityHold;
}

/**
 * The one run-a-check function, for synchronous and (later) asynchronous checks alike. Sandbox keys are
 * answered by core's scenarios, so the service and the MSW sandbox agree by construction; live keys go
 * to the configured portal driver. A throw anywhere below becomes 500 INTERNAL.
 */
export async function runCheck(
  deps: { readonly liveRunner: LiveCheckRunner; readonly log: Logger },
  input: RunCheckInput,
): Promise<Outcome<CheckResult>> {
  try {
    if (input.mode === 'test')
      return await runSandboxCheck(input.request, { attempt: input.attempt, now: input.now });
    return await deps.liveRunner.run(input.request, {
      attempt: input.attempt,
      now: input.now,
      checkId: input.checkId,
      requestId: input.requestId,
      ...(input.hold ? { hold: input.hold } : {}),
    });
  } catch (error) {
    deps.log.error({ err: safeError(error), checkId: input.checkId, mode: input.mode }, 'check run threw');
    return fail(checkError('INTERNAL'));
  }
}
