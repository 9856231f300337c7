import { type CheckResult, checkError, fail, type Outcome } from '@sharecode/core';
import type { ValidatedRequest } from '@sharecode/core/validation';

export interface LiveCheckContext {
  /** 1 for the first run; asynchronous retries count up. */
  readonly attempt: number;
  readonly now: Date;
  readonly checkId: string;
  readonly requestId: string;
  /** The slot this request took at admission (LiveCheckRunner.hold), if it took one. */
  readonly hold?: CapacityHold;
}

/** A slot taken before any per-account work; given to `run`, or released when the request ends. */
export interface CapacityHold {
  release(): void;
}

/**
 * The port a portal driver implements: run one live check against the government portal and answer
 * with the result or a catalogue error (NOT_FOUND, DOB_MISMATCH, BUSY, TIMEOUT, UPSTREAM_UNEXPECTED...).
 */
export interface LiveCheckRunner {
  run(request: ValidatedRequest, context: LiveCheckContext): Promise<Outcome<CheckResult>>;
  /**
   * Takes a slot now or refuses with BUSY (and its Retry-After) at once. Called before the key's
   * account, quota or database are touched, so a full service costs a refused client almost nothing.
   * `queued`: for a queued check the worker would claim (not a client refused; synchronous checks
   * first). Runners without slots leave it out.
   */
  hold?(queued?: boolean): Outcome<CapacityHold>;
}

/** Retry-After of a live check refused for want of a driver or browser: about one check's length. */
export const NO_DRIVER_RETRY_AFTER_SECONDS = 30;

/**
 * Wired while no portal driver is configured: a live key gets 503 BUSY with Retry-After, never a
 * made-up result and never a 500 (issue 36): nothing ran and nothing is charged, and behind a load
 * balancer the retry may reach an instance with a driver.
 */
export const noPortalDriverRunner: LiveCheckRunner = {
  async run() {
    return fail(
      checkError(
        'BUSY',
        'This instance has no portal driver, so it cannot run live checks: nothing was run or charged. Retry after the number of seconds in Retry-After (an instance with a driver may take it), send it to the asynchronous endpoint (any instance with a driver runs it), or use a sandbox key (rtw_test_...) to test.',
        { retryAfter: NO_DRIVER_RETRY_AFTER_SECONDS },
      ),
    );
  },
};

/** Up to `count` slots held now for queued checks (fewer when the runner is full, at its limit, or closing). */
export function holdUpTo(runner: Required<Pick<LiveCheckRunner, 'hold'>>, count: number): CapacityHold[] {
  const held: CapacityHold[] = [];
  while (held.length < count) {
    const hold = runner.hold(true);
    if (!hold.ok) break;
    held.push(hold.value);
  }
  return held;
}
