import type { CheckResult, Outcome } from '@sharecode/core';
import { checkError, finishedRecord, retryDecision, retryDelaySeconds, runningRecord } from '@sharecode/core';
import { runSandboxCheck } from '@sharecode/core/sandbox';
import type { StoredCheck } from './check-store.js';
import type { ResolvedDelays } from './sandbox-options.js';
import type { Scheduler } from './scheduler.js';

export interface RunnerDeps {
  scheduler: Scheduler;
  delays: ResolvedDelays;
  now: () => Date;
  /** Called once when a check reaches `succeeded` or `failed`. */
  onFinished: (check: StoredCheck) => void;
}

/**
 * Drives an asynchronous check through its life: `queued`, then `running` for each attempt (and while
 * a retry waits), then `succeeded` or `failed`. Each attempt is core's sandbox run for that attempt
 * number; whether to retry and how long to wait come from core's retry policy.
 */
export class CheckRunner {
  readonly #deps: RunnerDeps;

  constructor(deps: RunnerDeps) {
    this.#deps = deps;
  }

  queue(check: StoredCheck): void {
    this.#deps.scheduler.after(this.#deps.delays.startMs, () => this.#startAttempt(check));
  }

  #startAttempt(check: StoredCheck): void {
    check.record = runningRecord(check.record, check.record.attempts + 1);
    this.#deps.scheduler.after(this.#deps.delays.runMs, () => {
      void this.#finishAttempt(check);
    });
  }

  async #finishAttempt(check: StoredCheck): Promise<void> {
    const { scheduler, now } = this.#deps;
    const epoch = scheduler.epoch;
    const attempt = check.record.attempts;
    let outcome: Outcome<CheckResult>;
    try {
      outcome = await runSandboxCheck(check.request, { attempt, now: now() });
    } catch {
      // Core never fails on purpose by throwing; if it did, the check ends as the live service would.
      outcome = { ok: false, error: checkError('INTERNAL') };
    }
    if (scheduler.epoch !== epoch) return; // reset() while this attempt ran: the check is gone
    if (!outcome.ok) {
      const decision = retryDecision(outcome.error.code, attempt);
      if (decision.retry) {
        const waitMs = retryDelaySeconds(attempt, this.#deps.delays.retrySchedule) * 1000;
        scheduler.after(waitMs, () => this.#startAttempt(check));
        return;
      }
    }
    check.record = finishedRecord(check.record, outcome, now());
    this.#deps.onFinished(check);
  }
}
