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
   * Runners without slots leave it out.
   */
  hold?(): Outcome<CapacityHold>;
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

/** Up to `count` slots held now (fewer when the runner is full, overloaded or closing). */
export function holdUpTo(runner: Required<Pick<LiveCheckRunner, 'hold'>>, count: number): CapacityHold[] {
  const held: CapacityHold[] = [];
  while (held.length < count) {
    const hold = runner.hold();
    if (!hold.ok) break;
    held.push(hold.value);
  }
  return held;
}
