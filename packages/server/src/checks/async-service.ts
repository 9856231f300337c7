import type { CheckError, CheckRecord } from '@sharecode/core';
import type { Logger } from 'pino';
import type { AccountsRepo } from '../accounts/ports.js';
import type { Quota } from '../accounts/quota.js';
import type { AsyncChecksConfig } from '../queue/async-config.js';
import { createQueueWorker } from '../queue/async-worker.js';
import type { Result } from '../result.js';
import { runAsyncAttempt } from './async-attempt.js';
import { type AsyncCreateInput, type AsyncCreateOutput, createAsyncCheck } from './async-create.js';
import type { AsyncChecksRepo, CheckEndedListener, ClaimedCheck } from './async-ports.js';
import { type AsyncReadInput, readAsyncCheck } from './async-read.js';
import type { CallbackUrlPolicy } from './callback-url-policy.js';
import type { LiveCheckRunner } from './live-check-runner.js';

export interface AsyncChecksDeps {
  readonly repo: AsyncChecksRepo;
  readonly accounts: Pick<AccountsRepo, 'getDefaultCallbackUrl'>;
  readonly quota: Quota;
  readonly upgradeUrl: string;
  readonly liveRunner: LiveCheckRunner;
  readonly listener: CheckEndedListener;
  readonly config: AsyncChecksConfig;
  readonly clock: () => Date;
  readonly log: Logger;
  /** The callback-URL rules of the POST (see AsyncCreateDeps). */
  readonly callbackUrlPolicy: CallbackUrlPolicy;
}

/** Asynchronous checks in one process: the POST and GET logic, and this process's queue worker. */
export interface AsyncChecks {
  create(input: AsyncCreateInput): Promise<AsyncCreateOutput>;
  read(input: AsyncReadInput): Promise<Result<CheckRecord, CheckError>>;
  /** Starts taking due checks (this process's and any other's sharing the database). */
  start(): void;
  /** Stops taking checks and waits for the runs in hand to reach their next state. */
  stop(): Promise<void>;
}

export function createAsyncChecks(deps: AsyncChecksDeps): AsyncChecks {
  const { repo, config, clock, log } = deps;
  const worker = createQueueWorker<ClaimedCheck>({
    concurrency: config.concurrency,
    laneConcurrency: { live: config.liveConcurrency, test: config.concurrency },
    pollIntervalMs: config.pollIntervalMs,
    leaseMs: config.leaseMs,
    clock,
    log,
    claim: ({ lane, ...claim }) => repo.claim({ mode: lane, ...claim }),
    renew: (job, leaseUntil) => repo.renewLease(job.id, job.leaseToken, leaseUntil),
    async run(job) {
      const end = await runAsyncAttempt(
        {
          repo,
          liveRunner: deps.liveRunner,
          listener: deps.listener,
          upgradeUrl: deps.upgradeUrl,
          clock,
          log,
          retrySchedule: { live: config.liveRetrySchedule, test: config.testRetrySchedule },
        },
        job,
      );
      return end.type === 'retry' ? { wakeAfterMs: end.delayMs } : {};
    },
  });
  return {
    create: (input) =>
      createAsyncCheck(
        {
          repo,
          accounts: deps.accounts,
          quota: deps.quota,
          upgradeUrl: deps.upgradeUrl,
          clock,
          onQueued: (mode) => worker.nudge(mode),
          callbackUrlPolicy: deps.callbackUrlPolicy,
        },
        input,
      ),
    read: (input) => readAsyncCheck({ repo, clock }, input),
    start: () => worker.start(),
    stop: () => worker.stop(),
  };
}
