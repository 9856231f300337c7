import type { CheckError, CheckRecord, Outcome } from '@sharecode/core';
import type { Logger } from 'pino';
import type { KeyMode } from '../accounts/api-key.js';
import type { AccountsRepo } from '../accounts/ports.js';
import type { Quota } from '../accounts/quota.js';
import type { AsyncChecksConfig } from '../queue/async-config.js';
import { runAsyncAttempt } from './async-attempt.js';
import { type AsyncCreateInput, type AsyncCreateOutput, createAsyncCheck } from './async-create.js';
import type {
  AsyncChecksRepo,
  CheckEndedListener,
  ClaimedCheck,
  RequestCheckEndedHook,
} from './async-ports.js';
import { type AsyncReadInput, readAsyncCheck } from './async-read.js';
import type { CallbackUrlPolicy } from './callback-url-policy.js';
import type { CapacityHold, LiveCheckRunner } from './live-check-runner.js';
import type { CheckObserver } from './observer-port.js';

export interface AsyncChecksDeps {
  readonly repo: AsyncChecksRepo;
  readonly accounts: Pick<AccountsRepo, 'getDefaultCallbackUrl'>;
  readonly quota: Quota;
  readonly upgradeUrl: string;
  readonly liveRunner: LiveCheckRunner;
  readonly listener: CheckEndedListener;
  /** Told of checks made from check requests as they end (a getter: the requests are wired after). */
  readonly requestHook?: (() => RequestCheckEndedHook) | undefined;
  /** The retry schedules (the worker's own settings are the composition root's). */
  readonly config: Pick<AsyncChecksConfig, 'liveRetrySchedule' | 'testRetrySchedule'>;
  readonly clock: () => Date;
  /** An injected clock for due times (tests); absent, the database's clock decides. */
  readonly queueClock?: (() => Date) | undefined;
  /** Told once a check is queued (its transaction committed): wakes this process's worker. */
  readonly onQueued: (mode: KeyMode) => void;
  readonly log: Logger;
  /** The callback-URL rules of the POST (see AsyncCreateDeps). */
  readonly callbackUrlPolicy: CallbackUrlPolicy;
  /** Told of each attempt, retry, end and lease take-over (metrics); silent by default. */
  readonly observer?: CheckObserver | undefined;
}

/** Asynchronous checks: the POST and GET logic, and the run of a check a queue worker claimed. */
export interface AsyncChecks {
  create(input: AsyncCreateInput): Promise<AsyncCreateOutput>;
  read(input: AsyncReadInput): Promise<Outcome<CheckRecord, CheckError>>;
  /**
   * One run of a claimed check to its next state; `wakeAfterMs` is when its retry is due. `hold` is
   * the portal slot the worker took for a live check before claiming it.
   */
  run(job: ClaimedCheck, hold?: CapacityHold): Promise<{ readonly wakeAfterMs?: number }>;
}

export function createAsyncChecks(deps: AsyncChecksDeps): AsyncChecks {
  const { repo, config, clock, log } = deps;
  return {
    create: (input) =>
      createAsyncCheck(
        {
          repo,
          accounts: deps.accounts,
          quota: deps.quota,
          upgradeUrl: deps.upgradeUrl,
          clock,
          onQueued: deps.onQueued,
          callbackUrlPolicy: deps.callbackUrlPolicy,
        },
        input,
      ),
    read: (input) => readAsyncCheck({ repo, clock }, input),
    async run(job, hold) {
      const end = await runAsyncAttempt(
        {
          repo,
          liveRunner: deps.liveRunner,
          listener: deps.listener,
          requestHook: deps.requestHook?.(),
          upgradeUrl: deps.upgradeUrl,
          clock,
          queueClock: deps.queueClock,
          log,
          retrySchedule: { live: config.liveRetrySchedule, test: config.testRetrySchedule },
          observer: deps.observer,
        },
        job,
        hold,
      );
      return end.type === 'retry' ? { wakeAfterMs: end.delayMs } : {};
    },
  };
}
