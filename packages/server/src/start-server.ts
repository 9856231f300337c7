import type { DestinationStream } from 'pino';
import type { Admin } from './accounts/admin.js';
import { createServer } from './app.js';
import { type CheckEndedListener, noCheckEndedListener } from './checks/async-ports.js';
import { type LiveCheckRunner, noPortalDriverRunner } from './checks/live-check-runner.js';
import { type ConfigFlags, type Env, loadConfig } from './config.js';
import { createLogger, type LogLevel } from './logger.js';
import { type PortalSlots, type StartedPortal, startPortal } from './portal/start-portal.js';
import type { AsyncChecksConfig } from './queue/async-config.js';
import { type Database, openDatabase } from './store/open-database.js';
import type { SweepReport } from './store/retention.js';

export interface StartServerOptions extends ConfigFlags {
  /** Environment to read RTW_* and DATABASE_URL from; defaults to process.env. */
  readonly env?: Env;
  /** An already open database; the server then leaves closing it to the caller. */
  readonly database?: Database;
  /**
   * The live-check runner. Without one, `portalDriver: true` (what `rtw-server start` passes) starts
   * the Playwright portal driver; otherwise live keys get 500 INTERNAL saying none is configured.
   */
  readonly liveRunner?: LiveCheckRunner;
  readonly clock?: () => Date;
  readonly logDestination?: DestinationStream;
  /** Overrides --log-level / RTW_LOG_LEVEL. */
  readonly logLevelOverride?: LogLevel;
  /** Retention sweep period in milliseconds; 0 disables the timer. Defaults to the configuration's. */
  readonly sweepIntervalMs?: number;
  /** Overrides of the RTW_ASYNC_* configuration (retry schedules, lease, poll interval, concurrency). */
  readonly asyncChecks?: Partial<AsyncChecksConfig>;
  /** Told of every asynchronous check that ends with a callback URL; none until webhook delivery exists. */
  readonly checkEndedListener?: CheckEndedListener;
}

export interface RunningServer {
  /** e.g. `http://127.0.0.1:8080` */
  readonly url: string;
  readonly database: Database;
  readonly admin: Admin;
  /** The portal driver's check slots when this server started the driver; null otherwise. */
  readonly portal: PortalSlots | null;
  sweep(now?: Date): Promise<SweepReport>;
  /** Graceful: stops accepting, finishes in-flight requests, then closes the browser and the database it opened. */
  close(): Promise<void>;
}

/** Thrown by `startServer` when the configuration or the database cannot be used; `problems` says why. */
export class StartupError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`rtw-server cannot start:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'StartupError';
    this.problems = problems;
  }
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const config = loadConfig(options, options.env ?? process.env);
  if (!config.ok) throw new StartupError(config.error);
  const clock = options.clock ?? (() => new Date());
  const log = createLogger(options.logLevelOverride ?? config.value.logLevel, options.logDestination);

  // The browser starts first: a missing Chromium stops the server before the data folder is locked.
  let portal: StartedPortal | null = null;
  if (!options.liveRunner && config.value.portalDriver) {
    const started = await startPortal(config.value.portal, {
      log: log.child({ component: 'portal' }),
      clock,
    });
    if (!started.ok) throw new StartupError(started.error);
    portal = started.value;
  }

  let database = options.database;
  if (!database) {
    const opened = await openDatabase(config.value, { now: clock });
    if (!opened.ok) {
      await portal?.close();
      throw new StartupError([opened.error]);
    }
    database = opened.value;
  }
  const ownsDatabase = !options.database;

  const server = createServer({
    database,
    liveRunner: options.liveRunner ?? portal?.runner ?? noPortalDriverRunner,
    clock,
    log,
    upgradeUrl: config.value.upgradeUrl,
    sweepIntervalMs: options.sweepIntervalMs ?? config.value.sweepIntervalMs,
    asyncChecks: { ...config.value.asyncChecks, ...options.asyncChecks },
    checkEndedListener: options.checkEndedListener ?? noCheckEndedListener,
  });
  let address: string;
  try {
    address = await server.app.listen({ host: config.value.host, port: config.value.port });
  } catch (error) {
    await server.close().catch(() => {});
    await portal?.close();
    if (ownsDatabase) await database.close().catch(() => {});
    throw new StartupError([
      `Could not listen on ${config.value.host}:${config.value.port}: ${(error as Error).message}`,
    ]);
  }
  log.info({ url: address, database: database.db.kind }, 'rtw-server listening');

  let closed: Promise<void> | null = null;
  const db = database;
  return {
    url: address,
    database,
    admin: server.admin,
    portal: portal?.slots ?? null,
    sweep: server.sweep,
    close() {
      closed ??= (async () => {
        await server.close();
        await portal?.close();
        if (ownsDatabase) await db.close();
        log.info('rtw-server stopped');
        log.flush();
      })();
      return closed;
    },
  };
}
