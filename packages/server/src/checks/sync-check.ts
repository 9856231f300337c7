import {
  type CheckKind,
  type CheckResult,
  checkError,
  fail,
  httpStatusOf,
  newCheckId,
  type Outcome,
} from '@sharecode/core';
import { validateCheckRequest } from '@sharecode/core/validation';
import type { Logger } from 'pino';
import type { AuthenticatedKey } from '../accounts/ports.js';
import type { Quota, UsageSnapshot } from '../accounts/quota.js';
import { isDatabaseUnavailable } from '../database-unavailable.js';
import { safeError } from '../safe-error.js';
import type { CapacityHold, LiveCheckRunner } from './live-check-runner.js';
import { type CheckObserver, SILENT_OBSERVER, secondsSince } from './observer-port.js';
import type { CheckCopiesRepo } from './ports.js';
import { runCheck } from './run-check.js';

/** How long the investigation copy of a synchronous check is kept (spec section 1). */
export const CHECK_COPY_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export interface SyncCheckDeps {
  readonly quota: Quota;
  readonly copies: CheckCopiesRepo;
  readonly liveRunner: LiveCheckRunner;
  readonly clock: () => Date;
  readonly log: Logger;
  /** Told of each check's run and answer (metrics); silent by default. */
  readonly observer?: CheckObserver | undefined;
  /**
   * Resolves when shutdown's drain time has passed: a live check still running is then answered
   * 503 BUSY with Retry-After, its reservation given back, rather than cut off by the process's end.
   */
  readonly cutOff?: Promise<void> | undefined;
}

/** Retry-After of a check answered BUSY because its instance is stopping: another instance takes it. */
export const SHUTDOWN_RETRY_AFTER_SECONDS = 5;

export interface SyncCheckInput {
  readonly key: AuthenticatedKey;
  readonly kind: CheckKind;
  readonly body: unknown;
  readonly requestId: string;
  /** The live slot taken before authentication (check-routes.ts); released by the run or the route. */
  readonly hold?: CapacityHold;
}

export interface SyncCheckOutput {
  readonly outcome: Outcome<CheckResult>;
  /** For the X-RateLimit-* headers: set on live keys, null on sandbox keys. */
  readonly usage: UsageSnapshot | null;
}

/**
 * A synchronous check once its key is admitted (accounts/admit-request.ts): validation by core's rules,
 * quota (live), the run, the charge of a final result, and the encrypted investigation copy (live).
 */
export async function performSyncCheck(deps: SyncCheckDeps, input: SyncCheckInput): Promise<SyncCheckOutput> {
  const observer = deps.observer ?? SILENT_OBSERVER;
  const started = performance.now();
  let runnerSeconds = 0;
  const output = await syncCheck(deps, input, (seconds) => {
    runnerSeconds = seconds;
  });
  const seconds = secondsSince(started);
  const { mode } = input.key;
  const { kind } = input;
  observer.checkRan({
    kind,
    mode,
    path: 'sync',
    seconds,
    overheadSeconds: Math.max(0, seconds - runnerSeconds),
  });
  const { outcome } = output;
  observer.checkEnded({ kind, mode, path: 'sync', outcome: outcome.ok ? 'ok' : outcome.error.code });
  return output;
}

async function syncCheck(
  deps: SyncCheckDeps,
  input: SyncCheckInput,
  ranFor: (seconds: number) => void,
): Promise<SyncCheckOutput> {
  const { key } = input;
  const live = key.mode === 'live';
  const now = deps.clock();

  const validated = validateCheckRequest(input.kind, input.body, { async: false, now });
  if (!validated.ok) return { outcome: validated, usage: live ? await deps.quota.snapshot(key, now) : null };

  const checkId = newCheckId();
  const run = async () => {
    const started = performance.now();
    const outcome = await runCheck(deps, {
      mode: key.mode,
      request: validated.value,
      attempt: 1,
      now,
      checkId,
      requestId: input.requestId,
      ...(input.hold ? { hold: input.hold } : {}),
    });
    ranFor(secondsSince(started));
    return outcome;
  };
  if (!live) return { outcome: await run(), usage: null };

  const admission = await deps.quota.reserve(key, now, checkId);
  if (!admission.outcome.ok) return { outcome: admission.outcome, usage: admission.usage };
  const reservation = admission.outcome.value;
  const outcome = await runUntilCutOff(run, deps);
  const ended = deps.clock();
  // Only a final result is charged; errors give the reservation back.
  let usage: UsageSnapshot | null;
  try {
    usage = outcome.ok
      ? await deps.quota.commit(reservation, { checkId, kind: input.kind, now: ended })
      : await deps.quota.release(reservation, ended);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    // The check ran, so its answer is given: a 503 would be resent by the client and run the check
    // a second time (issue 36). Its charge could not be written, so it is not charged; the retention
    // sweep gives the reservation back. No copy either: the database is what is missing.
    deps.log.error(
      { err: safeError(error), checkId, requestId: input.requestId, charged: false },
      'live check answered uncharged: the database could not be reached to record it',
    );
    return { outcome, usage: null };
  }
  if (outcome === CUT_OFF_OUTCOME) {
    deps.log.warn(
      { checkId, kind: input.kind },
      'drain time passed: a live check in flight was answered 503 BUSY and its reservation given back (nothing charged)',
    );
    deps.observer?.reservationsReleased({ reason: 'shutdown', count: 1 });
  }

  try {
    await deps.copies.insert({
      id: checkId,
      accountId: key.accountId,
      keyId: key.keyId,
      mode: key.mode,
      kind: input.kind,
      requestId: input.requestId,
      httpStatus: outcome.ok ? 200 : httpStatusOf(outcome.error.code),
      errorCode: outcome.ok ? null : outcome.error.code,
      request: validated.value.request,
      result: outcome.ok ? outcome.value : null,
      error: outcome.ok ? null : { code: outcome.error.code, message: outcome.error.message },
      createdAt: ended,
      expiresAt: new Date(ended.getTime() + CHECK_COPY_RETENTION_MS),
    });
  } catch (error) {
    // The caller still gets the check they paid for; the missing copy is an operations problem.
    deps.log.error({ err: safeError(error), checkId }, 'could not keep the investigation copy');
  }
  return { outcome, usage };
}

const CUT_OFF_OUTCOME: Outcome<CheckResult> = fail(
  checkError(
    'BUSY',
    'This instance is shutting down and could not finish the check in its drain time: nothing was charged. Send it again after the number of seconds in the Retry-After header.',
    { retryAfter: SHUTDOWN_RETRY_AFTER_SECONDS },
  ),
);

/** The run's outcome, or BUSY once the drain time has passed (the run is left to the browser's close). */
async function runUntilCutOff(
  run: () => Promise<Outcome<CheckResult>>,
  deps: Pick<SyncCheckDeps, 'cutOff'>,
): Promise<Outcome<CheckResult>> {
  const running = run();
  if (!deps.cutOff) return running;
  const first = await Promise.race([running, deps.cutOff.then(() => CUT_OFF_OUTCOME)]);
  // Cut off: its end (or the browser closing under it) no longer concerns anyone.
  if (first === CUT_OFF_OUTCOME) running.catch(() => {});
  return first;
}
