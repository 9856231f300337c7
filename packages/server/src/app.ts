import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { type Admin, createAdmin } from './accounts/admin.js';
import { createAdmitRequest } from './accounts/admit-request.js';
import { createAuthenticator } from './accounts/authenticate.js';
import { createQuota } from './accounts/quota.js';
import { createRateLimiter } from './accounts/rate-limiter.js';
import type { CheckEndedListener } from './checks/async-ports.js';
import { createAsyncChecks } from './checks/async-service.js';
import type { LiveCheckRunner } from './checks/live-check-runner.js';
import { performSyncCheck } from './checks/sync-check.js';
import { buildHttpApp } from './http/build-app.js';
import { OPENAPI_JSON } from './openapi-document.js';
import type { AsyncChecksConfig } from './queue/async-config.js';
import { safeError } from './safe-error.js';
import type { Database } from './store/open-database.js';
import type { SweepReport } from './store/retention.js';

export interface ServerDeps {
  readonly database: Database;
  readonly liveRunner: LiveCheckRunner;
  readonly clock: () => Date;
  readonly log: Logger;
  readonly upgradeUrl: string;
  /** How often the retention sweep runs; 0 turns the timer off (tests call `sweep` themselves). */
  readonly sweepIntervalMs: number;
  /** Retry schedules, lease, poll interval and concurrency of the asynchronous-check worker. */
  readonly asyncChecks: AsyncChecksConfig;
  /** Told of every asynchronous check that ends with a callback URL (webhook delivery). */
  readonly checkEndedListener: CheckEndedListener;
}

export interface Server {
  readonly app: FastifyInstance;
  readonly admin: Admin;
  sweep(now?: Date): Promise<SweepReport>;
  /** Stops accepting, lets in-flight requests and check runs finish, stops the sweep. The database stays open. */
  close(): Promise<void>;
}

/** The one place the layers meet: store repositories into the domain, the domain into HTTP. */
export function createServer(deps: ServerDeps): Server {
  const { database, clock, log } = deps;
  const quota = createQuota(database.usage, deps.upgradeUrl);
  const admitRequest = createAdmitRequest({
    authenticate: createAuthenticator(database.accounts),
    rateLimit: createRateLimiter(database.rateLimits),
    quota,
    clock,
  });
  // Every process runs a worker: checks queued anywhere on the database are run by whoever is free.
  const asyncChecks = createAsyncChecks({
    repo: database.asyncChecks,
    accounts: database.accounts,
    quota,
    upgradeUrl: deps.upgradeUrl,
    liveRunner: deps.liveRunner,
    listener: deps.checkEndedListener,
    config: deps.asyncChecks,
    clock,
    log: log.child({ component: 'async-checks' }),
  });
  let closing = false;
  const app = buildHttpApp({
    log,
    openapiJson: OPENAPI_JSON,
    isClosing: () => closing,
    admitRequest,
    syncCheck: (input) =>
      performSyncCheck(
        { quota, copies: database.checkCopies, liveRunner: deps.liveRunner, clock, log },
        input,
      ),
    createAsyncCheck: asyncChecks.create,
    readAsyncCheck: asyncChecks.read,
  });
  asyncChecks.start();

  const sweep = async (now: Date = clock()) => {
    const report = await database.sweep(now);
    if (report.checkCopies + report.staleReservations + report.asyncResults + report.asyncChecks > 0) {
      log.info({ sweep: report }, 'retention sweep');
    }
    return report;
  };
  const sweepSafely = () => {
    sweep().catch((error: unknown) => log.error({ err: safeError(error) }, 'retention sweep failed'));
  };
  const timer = deps.sweepIntervalMs > 0 ? setInterval(sweepSafely, deps.sweepIntervalMs) : null;
  timer?.unref();
  if (timer) sweepSafely();

  return {
    app,
    admin: createAdmin({ accounts: database.accounts, usage: database.usage, now: clock }),
    sweep,
    async close() {
      closing = true;
      if (timer) clearInterval(timer);
      // Runs in hand reach their next state before the database can close.
      await Promise.all([app.close(), asyncChecks.stop()]);
    },
  };
}
