import { type CheckResult, checkError, fail, type Outcome, type ValidatedRequest } from '@sharecode/core';

export interface LiveCheckContext {
  /** 1 for the first run; asynchronous retries count up. */
  readonly attempt: number;
  readonly now: Date;
  readonly checkId: string;
  readonly requestId: string;
}

/**
 * The port a portal driver implements: run one live check against the government portal and answer
 * with the result or a catalogue error (NOT_FOUND, DOB_MISMATCH, BUSY, TIMEOUT, UPSTREAM_UNEXPECTED...).
 */
export interface LiveCheckRunner {
  run(request: ValidatedRequest, context: LiveCheckContext): Promise<Outcome<CheckResult>>;
}

/** Wired while no portal driver is configured: a live key gets a clear 500, never a made-up result. */
export const noPortalDriverRunner: LiveCheckRunner = {
  async run() {
    return fail(
      checkError(
        'INTERNAL',
        'This server has no portal driver configured, so live checks cannot run yet: use a sandbox key (rtw_test_...), or ask the operator to configure the portal driver.',
      ),
    );
  },
};
