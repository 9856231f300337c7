import {
  type CheckResult,
  checkError,
  fail,
  type Outcome,
  retryDecision,
  retryDelaySeconds,
} from '@sharecode/core';
import type { Logger } from 'pino';
import { createQuota } from '../accounts/quota.js';
import { queueTimeAfter } from '../queue/queue-ports.js';
import type {
  AsyncChecksRepo,
  CheckEndedListener,
  ClaimedCheck,
  RequestCheckEndedHook,
} from './async-ports.js';
import { asyncCheckRecord } from './async-record.js';
import type { CapacityHold, LiveCheckRunner } from './live-check-runner.js';
import { type CheckObserver, SILENT_OBSERVER, secondsSince } from './observer-port.js';
import { runCheck } from './run-check.js';

/**
 * A check whose runs keep getting lost (its process dies or stalls past the lease every time) ends
 * as failed INTERNAL after this many, rather than taking processes down forever.
 */
export const MAX_LOST_RUNS = 3;

export interface AsyncAttemptDeps {
  readonly repo: AsyncChecksRepo;
  readonly liveRunner: LiveCheckRunner;
  readonly listener: CheckEndedListener;
  /** Told of checks made from a check request as they end; none by default. */
  readonly requestHook?: RequestCheckEndedHook | undefined;
  readonly upgradeUrl: string;
  readonly clock: () => Date;
  /** An injected clock for due times (tests); absent, the database's clock decides. */
  readonly queueClock?: (() => Date) | undefined;
  readonly log: Logger;
  /** Seconds before the 2nd and 3rd attempts, per mode. */
  readonly retrySchedule: { readonly live: readonly number[]; readonly test: readonly number[] };
  /** Told of each attempt, retry, end and lease take-over (metrics); silent by default. */
  readonly observer?: CheckObserver | undefined;
}

export type AttemptEnd =
  | { readonly type: 'ended'; readonly status: 'succeeded' | 'failed' }
  | { readonly type: 'retry'; readonly delayMs: number }
  /** The lease was lost: another worker has the check, and this run wrote nothing. */
  | { readonly type: 'lost' };

/**
 * One run of a claimed check with the same run-a-check function as the synchronous path, then core's
 * retry policy: the next attempt after the mode's delay, or the end. The end is one transaction: the
 * conditional final UPDATE, the charge of a live result (or the release of its reservation: errors are
 * never charged) and the CheckEndedListener.
 */
export async function runAsyncAttempt(
  deps: AsyncAttemptDeps,
  claimed: ClaimedCheck,
  hold?: CapacityHold,
): Promise<AttemptEnd> {
  const observer = deps.observer ?? SILENT_OBSERVER;
  const { kind, mode } = claimed;
  if (claimed.takenOver) observer.leaseTakenOver({ queue: 'async_checks' });
  const started = performance.now();
  let runnerSeconds = 0;
  const end = await attempt(
    deps,
    claimed,
    (seconds) => {
      runnerSeconds = seconds;
    },
    hold,
  );
  if (end.type === 'lost') return end;
  const seconds = secondsSince(started);
  observer.checkRan({
    kind,
    mode,
    path: 'async',
    seconds,
    overheadSeconds: Math.max(0, seconds - runnerSeconds),
  });
  if (end.type === 'retry') {
    observer.checkRetried({ kind, mode, code: end.code });
    return { type: 'retry', delayMs: end.delayMs };
  }
  observer.checkEnded({ kind, mode, path: 'async', outcome: end.code ?? 'ok' });
  return { type: 'ended', status: end.status };
}

/** The attempt's own end, with the code it ended or retried on (null: a result) for the observer. */
type ObservedEnd =
  | { readonly type: 'ended'; readonly status: 'succeeded' | 'failed'; readonly code: string | null }
  | { readonly type: 'retry'; readonly delayMs: number; readonly code: string }
  | { readonly type: 'lost' };

async function attempt(
  deps: AsyncAttemptDeps,
  claimed: ClaimedCheck,
  ranFor: (seconds: number) => void,
  hold: CapacityHold | undefined,
): Promise<ObservedEnd> {
  const { log } = deps;
  let outcome: Outcome<CheckResult>;
  if (claimed.lostRuns >= MAX_LOST_RUNS) {
    log.error(
      { checkId: claimed.id, lostRuns: claimed.lostRuns },
      'async check lost too many runs; ending it',
    );
    outcome = fail(checkError('INTERNAL'));
  } else {
    log.debug(
      { checkId: claimed.id, attempt: claimed.attempt, mode: claimed.mode },
      'async check attempt started',
    );
    const started = performance.now();
    outcome = await runCheck(deps, {
      mode: claimed.mode,
      request: claimed.request,
      attempt: claimed.attempt,
      now: deps.clock(),
      checkId: claimed.id,
      requestId: claimed.requestId,
      ...(hold ? { hold } : {}),
    });
    ranFor(secondsSince(started));
    // Operators follow a check by these lines: ids, attempt numbers and codes only, never the request.
    const ids = { checkId: claimed.id, requestId: claimed.requestId, mode: claimed.mode, kind: claimed.kind };
    log.info(
      { ...ids, attempt: claimed.attempt, code: outcome.ok ? null : outcome.error.code },
      'async check attempt ended',
    );
    if (!outcome.ok && retryDecision(outcome.error.code, claimed.attempt).retry) {
      const delayMs = retryDelaySeconds(claimed.attempt, deps.retrySchedule[claimed.mode]) * 1000;
      const dueAt = queueTimeAfter(deps.queueClock, delayMs);
      if (await deps.repo.scheduleRetry(claimed.id, claimed.leaseToken, dueAt)) {
        log.info(
          { ...ids, attempt: claimed.attempt, nextAttempt: claimed.attempt + 1, retryInMs: delayMs },
          'async check retry scheduled',
        );
        return { type: 'retry', delayMs, code: outcome.error.code };
      }
      log.warn({ checkId: claimed.id }, 'async check lease lost before its retry was scheduled');
      return { type: 'lost' };
    }
  }

  const endedAt = deps.clock();
  const quotaIn = (usage: Parameters<typeof createQuota>[0]) => createQuota(usage, deps.upgradeUrl);
  const ended = await deps.repo.finish(
    { id: claimed.id, leaseToken: claimed.leaseToken, outcome, endedAt },
    async (ending, check) => {
      const { reservation } = claimed;
      if (reservation) {
        // Only the final outcome is charged, once: this transaction ends the check exactly once.
        if (outcome.ok) {
          await quotaIn(ending.usage).commit(reservation, {
            checkId: claimed.id,
            kind: claimed.kind,
            now: endedAt,
          });
        } else {
          await quotaIn(ending.usage).release(reservation, endedAt);
        }
      }
      if (check.callbackUrl !== null) {
        await deps.listener.onCheckEnded(
          asyncCheckRecord(check, endedAt),
          { accountId: check.accountId, mode: check.mode, kind: check.kind, callbackUrl: check.callbackUrl },
          ending.transaction,
        );
      }
      if (check.checkRequestId !== null) await deps.requestHook?.onCheckEnded(check, ending.transaction);
    },
  );
  if (!ended) {
    log.warn({ checkId: claimed.id }, 'async check lease lost; its outcome was not written');
    return { type: 'lost' };
  }
  log.info(
    {
      checkId: claimed.id,
      requestId: claimed.requestId,
      attempts: ended.attempts,
      status: ended.status,
      code: outcome.ok ? null : outcome.error.code,
    },
    'async check ended',
  );
  return outcome.ok
    ? { type: 'ended', status: 'succeeded', code: null }
    : { type: 'ended', status: 'failed', code: outcome.error.code };
}
