import { hostname } from 'node:os';
import { join } from 'node:path';
import { fail } from '@sharecode/core';
import type { DestinationStream, Logger } from 'pino';
import type { Admin } from './accounts/admin.js';
import { randomBase62 } from './accounts/random-id.js';
import { runAdminOperation } from './admin/admin-operations.js';
import { adminSocketPath } from './admin/admin-socket-protocol.js';
import { type AdminSocketServer, listenAdminSocket } from './admin/admin-socket-server.js';
import { createServer } from './app.js';
import type { CheckEndedListener } from './checks/async-ports.js';
import { type LiveCheckRunner, noPortalDriverRunner } from './checks/live-check-runner.js';
import { type ConfigFlags, type Env, loadConfig, type ServerConfig } from './config.js';
import type { DashboardAdmin } from './dashboard/dashboard-admin.js';
import type { ClusterStatus } from './health/cluster-status.js';
import { type InstanceHeartbeat, startInstanceHeartbeat } from './health/instance-heartbeat.js';
import type { HttpTimeouts } from './http/http-timeouts.js';
import { type LifecycleFlags, loadLifecycleConfig } from './lifecycle-config.js';
import { createLogger, type LogLevel } from './logger.js';
import { listenMetrics, type MetricsListener } from './metrics/metrics-listener.js';
import { createServiceMetrics } from './metrics/service-metrics.js';
import { type PortalSlots, type StartedPortal, startPortal } from './portal/start-portal.js';
import type { AsyncChecksConfig } from './queue/async-config.js';
import type { CheckRequests } from './requests/requests-service.js';
import { safeError } from './safe-error.js';
import { warnAboutSettings } from './settings-warnings.js';
import { type Database, type DatabaseSweepReport, openDatabase } from './store/open-database.js';
import { ensurePrivateDir } from './store/private-dir.js';
import { resealInBackground } from './store/reseal-in-background.js';
import { rotateEncryptionKey } from './store/rotate-encryption-key.js';
import { SERVER_VERSION } from './version.js';
import type { LookupAll } from './webhooks/resolve-target.js';
import type { WebhooksConfig } from './webhooks/webhook-config.js';
import type { Webhooks } from './webhooks/webhooks-service.js';

export interface StartServerOptions extends ConfigFlags, LifecycleFlags {
  /** Environment to read RTW_* and DATABASE_URL from; defaults to process.env. */
  readonly env?: Env;
  /** An already open database; the server then leaves closing it to the caller. */
  readonly database?: Database;
  /**
   * The live-check runner. Without one, `portalDriver: true` (what `rtw-server start` passes) starts
   * the Playwright portal driver; otherwise synchronous live checks get 503 BUSY saying none is configured.
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
  /**
   * Told of every asynchronous check that ends with a callback URL, instead of webhook delivery
   * (tests of the asynchronous engine record the calls).
   */
  readonly checkEndedListener?: CheckEndedListener;
  /** Overrides of the RTW_WEBHOOKS_* configuration (schedule, time limit, concurrency, SMTP). */
  readonly webhooks?: Partial<WebhooksConfig>;
  /** Resolves callback hosts instead of the system resolver (tests: names that rebind, say). */
  readonly webhookLookup?: LookupAll;
  /** How long clients may take to send headers and whole requests (default 30 s each; tests use less). */
  readonly httpTimeouts?: HttpTimeouts;
  /** Overrides RTW_SHUTDOWN_DELAY_SECONDS: how long /readyz answers 503 before the listener closes. */
  readonly shutdownDelayMs?: number;
  /** Overrides RTW_HEARTBEAT_SECONDS: how often this instance renews its registration. */
  readonly heartbeatMs?: number;
  /** Overrides RTW_DRAIN_SECONDS: from close(), how long in-flight live checks may still run. */
  readonly drainMs?: number;
}

export interface RunningServer {
  /** e.g. `http://127.0.0.1:8080` */
  readonly url: string;
  /** This instance's id in the shared database's list of instances (`rtw-server status`). */
  readonly instanceId: string;
  /** Instances, queue and portal health as the shared database tells them. */
  status(): Promise<ClusterStatus>;
  readonly database: Database;
  readonly admin: Admin;
  /** The portal driver's check slots when this server started the driver; null otherwise. */
  readonly portal: PortalSlots | null;
  /** Webhook delivery: signing secrets, test events, resends, recent deliveries. */
  readonly webhooks: Webhooks;
  /** Dashboard passwords of account owners. */
  readonly dashboardAdmin: DashboardAdmin;
  /** The Prometheus metrics listener, e.g. `http://127.0.0.1:9464` (scrape `/metrics`); null: off. */
  readonly metricsUrl: string | null;
  /** Check requests: the API's operations and the applicant's link (the page's routes call `applicant`). */
  readonly checkRequests: CheckRequests;
  sweep(now?: Date): Promise<DatabaseSweepReport>;
  /**
   * Graceful: /readyz turns 503 (and stays so for the shutdown delay while everything else serves),
   * then it stops accepting, lets in-flight requests and live checks finish and be recorded (whether
   * or not their clients are still there), then closes the browser and the database it opened.
   */
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
  const env = options.env ?? process.env;
  const config = loadConfig(options, env);
  const lifecycle = loadLifecycleConfig(options, env, process.stdout.isTTY === true);
  if (!config.ok || !lifecycle.ok)
    throw new StartupError([...(config.ok ? [] : config.error), ...(lifecycle.ok ? [] : lifecycle.error)]);
  const clock = options.clock ?? (() => new Date());
  const log = createLogger(
    options.logLevelOverride ?? config.value.logLevel,
    options.logDestination,
    lifecycle.value.logFormat,
  );
  warnAboutSettings(options, env, config.value, log);
  const shutdownDelayMs = options.shutdownDelayMs ?? lifecycle.value.shutdownDelayMs;
  const drainMs = options.drainMs ?? lifecycle.value.drainMs;

  // The metrics are wired here, and only when asked for: off, every event goes to no observer.
  let portal: StartedPortal | null = null;
  let database = options.database;
  const metrics =
    config.value.metricsPort === null
      ? null
      : createServiceMetrics({
          version: SERVER_VERSION,
          keyId: () => database?.currentKeyId || null,
          slots: () => portal?.slots.stats() ?? null,
          queue: {
            read: () => (database ? database.queueStats.read() : Promise.reject(new Error('not open'))),
          },
          onQueueReadError: (error) =>
            log.warn({ err: safeError(error) }, 'metrics: the queue figures could not be read'),
        });
  const observer = metrics?.observer;

  // The data folder holds the embedded database, its key, the admin socket and the browser's files:
  // its owner's only, whatever existed before (a folder open to others tightened, another's refused).
  const startsPortal = !options.liveRunner && config.value.portalDriver;
  if (
    (!options.database && config.value.databaseUrl === null) ||
    (startsPortal && !config.value.portal.browserDir)
  ) {
    const folder = ensurePrivateDir(config.value.dataDir);
    if (!folder.ok) throw new StartupError([folder.error]);
  }

  // The browser starts first: a missing Chromium stops the server before the data folder is locked.
  if (startsPortal) {
    const started = await startPortal(config.value.portal, {
      log: log.child({ component: 'portal' }),
      clock,
      browserRoot: join(config.value.dataDir, 'browser'),
      ...(observer ? { observer } : {}),
    });
    if (!started.ok) throw new StartupError(started.error);
    portal = started.value;
  }

  if (!database) {
    const opened = await openDatabase(config.value, { now: clock });
    if (!opened.ok) {
      await portal?.close();
      throw new StartupError([opened.error]);
    }
    database = opened.value;
  }
  const ownsDatabase = !options.database;

  // Registered before it serves: a reservation made from the first request names a known instance
  // (the others give back the reservations of instances they do not know, orphan-reservations.ts).
  const instanceId = `ins_${randomBase62(16)}`;
  const heartbeatMs = options.heartbeatMs ?? config.value.cluster.heartbeatMs;
  const runsLiveChecks =
    (options.liveRunner ?? portal?.runner ?? noPortalDriverRunner) !== noPortalDriverRunner;
  const liveSlots = portal ? config.value.portal.slots : config.value.asyncChecks.liveConcurrency;
  let heartbeat: InstanceHeartbeat;
  try {
    heartbeat = await startInstanceHeartbeat({
      repo: database.instances,
      instance: {
        id: instanceId,
        host: config.value.cluster.instanceName ?? hostname(),
        version: SERVER_VERSION,
        slots: runsLiveChecks ? liveSlots : 0,
        portalDriver: runsLiveChecks,
        keyId: database.currentKeyId || null,
      },
      intervalMs: heartbeatMs,
      log: log.child({ component: 'cluster' }),
    });
  } catch (error) {
    await portal?.close();
    if (ownsDatabase) await database.close().catch(() => {});
    throw new StartupError([`Could not register this instance in the database: ${(error as Error).message}`]);
  }

  const server = createServer({
    database,
    liveRunner: options.liveRunner ?? portal?.runner ?? noPortalDriverRunner,
    clock,
    // Only a clock the caller injected (tests) times the queues; otherwise the database's does.
    queueClock: options.clock,
    log,
    upgradeUrl: config.value.upgradeUrl,
    publicUrl: config.value.publicUrl,
    sweepIntervalMs: options.sweepIntervalMs ?? config.value.sweepIntervalMs,
    asyncChecks: { ...config.value.asyncChecks, ...options.asyncChecks },
    checkEndedListener: options.checkEndedListener,
    webhooks: { ...config.value.webhooks, ...options.webhooks },
    webhookLookup: options.webhookLookup,
    dashboard: config.value.dashboard,
    edge: config.value.edge,
    httpTimeouts: options.httpTimeouts,
    browserReadiness: portal ? () => portal.slots.browserReadiness() : undefined,
    observer,
    instance: { id: instanceId, heartbeatMs },
  });
  // What the driver meets is the cluster's portal health, kept in the database.
  portal?.runner.observe(server.portalHealth.record);
  let address: string;
  let metricsListener: MetricsListener | null = null;
  const { host, port, metricsPort } = config.value;
  // The embedded database is this process's alone: admin commands reach it through this socket. It is
  // made before the HTTP listener, so its warning comes first and nothing is left listening if it throws.
  const adminSocket =
    ownsDatabase && config.value.databaseUrl === null
      ? await openAdminSocket(config.value, server, log)
      : null;
  try {
    address = await server.app.listen({ host, port });
    if (metrics && metricsPort !== null) {
      metricsListener = await listenMetrics(metrics, host, metricsPort).catch((error: Error) => {
        throw new Error(`Could not listen for metrics on ${host}:${metricsPort}: ${error.message}`);
      });
      log.info({ url: `${metricsListener.url}/metrics` }, 'metrics listening');
    }
  } catch (error) {
    await adminSocket?.close().catch(() => {});
    await server.close().catch(() => {});
    await heartbeat.stop();
    await portal?.close();
    if (ownsDatabase) await database.close().catch(() => {});
    const message = (error as Error).message;
    throw new StartupError([
      message.startsWith('Could not listen') ? message : `Could not listen on ${host}:${port}: ${message}`,
    ]);
  }
  await heartbeat.renew().catch((error: unknown) => {
    log.error({ err: safeError(error) }, 'instance heartbeat failed');
  });
  log.info({ url: address, database: database.db.kind, instanceId }, 'rtw-server listening');
  if (!server.runsLiveChecks) {
    log.info(
      'no portal driver: this instance serves sandbox checks, the API, the dashboard and webhooks, and leaves queued live checks to instances with one',
    );
  }
  // After a key rotation, old values are sealed again with the new key while the server serves (and
  // values written before crypto-shredding move to their data keys).
  const reseal = database.needsReseal
    ? resealInBackground(database.reseal, log.child({ component: 'encryption' }), {
        finish: database.finishReseal,
      })
    : null;

  let closed: Promise<void> | null = null;
  const db = database;
  return {
    url: address,
    instanceId,
    status: server.status,
    database,
    admin: server.admin,
    webhooks: server.webhooks,
    dashboardAdmin: server.dashboardAdmin,
    portal: portal?.slots ?? null,
    metricsUrl: metricsListener?.url ?? null,
    checkRequests: server.checkRequests,
    sweep: server.sweep,
    close() {
      closed ??= (async () => {
        server.beginDraining();
        // Past the drain time, checks still running are answered BUSY rather than cut off by a kill.
        const cutOff = setTimeout(() => {
          log.warn(
            { drainMs },
            'drain time passed: live checks still in flight are answered 503 BUSY and their quota given back',
          );
          server.cutOffInFlight();
        }, drainMs);
        cutOff.unref();
        if (shutdownDelayMs > 0) {
          log.info({ delayMs: shutdownDelayMs }, 'draining: /readyz answers 503 before the listener closes');
          await new Promise((resolve) => setTimeout(resolve, shutdownDelayMs));
        }
        await adminSocket?.close();
        await reseal?.stop();
        await server.close();
        clearTimeout(cutOff);
        await heartbeat.stop();
        await portal?.close();
        // Scrapes answer until the last check is recorded; then the listener goes.
        await metricsListener?.close();
        if (ownsDatabase) await db.close();
        log.info('rtw-server stopped');
        log.flush();
      })();
      return closed;
    },
  };
}

/** The admin socket in the data folder; null (with a warning) when it cannot be opened. */
async function openAdminSocket(
  config: ServerConfig,
  server: Pick<RunningServer, 'admin' | 'dashboardAdmin' | 'status'>,
  log: Logger,
): Promise<AdminSocketServer | null> {
  const listening = await listenAdminSocket({
    path: adminSocketPath(config.dataDir),
    version: SERVER_VERSION,
    log: log.child({ component: 'admin' }),
    run: (command, params) =>
      runAdminOperation(
        {
          admin: server.admin,
          dashboardAdmin: server.dashboardAdmin,
          status: server.status,
          // A new key for RTW_ENCRYPTION_KEY needs no database; the key file's keys are this
          // process's keyring, which only a restart changes.
          rotateEncryption: async () =>
            config.encryptionKey !== null
              ? rotateEncryptionKey(config)
              : fail(
                  'Rotating the key file re-seals every value with a new key, which this running server cannot take on: ' +
                    'stop the server, run `rtw-server keys rotate-encryption`, then start it again.',
                ),
        },
        command,
        params,
      ),
  });
  if (listening.ok) return listening.value;
  // Without the socket the service still serves (README: "admin socket unavailable"); admin commands
  // then need it stopped. Never a throw: nothing is left listening, and the lock is released at close.
  log.warn({ problem: listening.error }, 'admin socket unavailable');
  return null;
}
