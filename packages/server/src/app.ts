import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { type Admin, createAdmin } from './accounts/admin.js';
import { createAdmitRequest } from './accounts/admit-request.js';
import type { KeyMode } from './accounts/api-key.js';
import { createAuthenticator } from './accounts/authenticate.js';
import type { AuthenticatedKey } from './accounts/ports.js';
import { createQuota } from './accounts/quota.js';
import { randomBase62 } from './accounts/random-id.js';
import { createRateLimiter } from './accounts/rate-limiter.js';
import { createApplicantCsrf } from './applicant-page/applicant-csrf.js';
import { withApplicantLinkMail } from './applicant-page/applicant-link-mail.js';
import { createApplicantThrottle } from './applicant-page/applicant-throttle.js';
import type { CheckEndedListener } from './checks/async-ports.js';
import { createAsyncChecks } from './checks/async-service.js';
import { createCallbackUrlPolicy } from './checks/callback-url-policy.js';
import { holdUpTo, type LiveCheckRunner, noPortalDriverRunner } from './checks/live-check-runner.js';
import { type ServiceObserver, SILENT_OBSERVER } from './checks/observer-port.js';
import { performSyncCheck } from './checks/sync-check.js';
import { createDashboardAdmin, type DashboardAdmin } from './dashboard/dashboard-admin.js';
import { createDashboardCheckRequests } from './dashboard/dashboard-check-requests.js';
import type { DashboardConfig } from './dashboard/dashboard-config.js';
import { createDashboardService } from './dashboard/dashboard-service.js';
import { createDeviceCookies } from './dashboard/device-cookie.js';
import { createDashboardSessions } from './dashboard/sessions.js';
import { createSignInThrottle } from './dashboard/sign-in-throttle.js';
import { type ClusterStatus, readClusterStatus } from './health/cluster-status.js';
import { createInFlight } from './health/in-flight.js';
import { type OrphanReleaseLoop, startOrphanRelease } from './health/orphan-reservations.js';
import { createPortalHealth, type PortalHealth } from './health/portal-health.js';
import { createReadiness } from './health/readiness.js';
import { buildHttpApp } from './http/build-app.js';
import type { EdgeConfig } from './http/edge-config.js';
import type { HttpTimeouts } from './http/http-timeouts.js';
import { OPENAPI_JSON } from './openapi-document.js';
import type { AsyncChecksConfig } from './queue/async-config.js';
import { createQueueWorker, type ReservedCapacity } from './queue/async-worker.js';
import { type LeasedQueue, leasedQueueOps, type QueueJob } from './queue/queue-ports.js';
import { type CheckRequests, createCheckRequests } from './requests/requests-service.js';
import { safeError } from './safe-error.js';
import type { Database, DatabaseSweepReport } from './store/open-database.js';
import { createSmtpMailer } from './webhooks/give-up-mail.js';
import { createPinnedAgents } from './webhooks/pinned-agents.js';
import { trustedCas } from './webhooks/post-webhook.js';
import { type LookupAll, systemLookup } from './webhooks/resolve-target.js';
import { createTestEventLimit } from './webhooks/test-event-limit.js';
import type { WebhooksConfig } from './webhooks/webhook-config.js';
import { createWebhooks, type Webhooks } from './webhooks/webhooks-service.js';

export interface ServerDeps {
  readonly database: Database;
  readonly liveRunner: LiveCheckRunner;
  readonly clock: () => Date;
  /**
   * An injected clock for the queues' leases and due times (tests run long schedules in seconds).
   * Absent, the database's clock decides, one clock for every process sharing it.
   */
  readonly queueClock?: (() => Date) | undefined;
  readonly log: Logger;
  readonly upgradeUrl: string;
  /** How often the retention sweep runs; 0 turns the timer off (tests call `sweep` themselves). */
  readonly sweepIntervalMs: number;
  /** Retry schedules, lease, poll interval and concurrency of the asynchronous-check worker. */
  readonly asyncChecks: AsyncChecksConfig;
  /**
   * Told of every asynchronous check that ends with a callback URL. Defaults to webhook delivery;
   * tests of the asynchronous engine pass their own (and then no webhook is queued).
   */
  readonly checkEndedListener?: CheckEndedListener | undefined;
  /** Webhook delivery settings (schedule, unsafe test hosts, CA, SMTP). */
  readonly webhooks: WebhooksConfig;
  /** The resolver of callback hosts; the system's by default (tests inject one). */
  readonly webhookLookup?: LookupAll | undefined;
  readonly dashboard: DashboardConfig;
  /** Trusted proxies, connection caps, keep-alive, the operator token; the documented defaults when absent. */
  readonly edge?: EdgeConfig | undefined;
  /** How long clients may take to send headers and whole requests; 30 s each by default. */
  readonly httpTimeouts?: HttpTimeouts | undefined;
  /** The portal driver's browser for GET /readyz (null: up); absent: no driver. */
  readonly browserReadiness?: (() => string | null) | undefined;
  /** Told of checks, retries, lease take-overs and webhook attempts (the metrics); absent: nobody. */
  readonly observer?: ServiceObserver | undefined;
  /**
   * This process's registration among the instances (startServer registers it before listening):
   * synchronous checks' reservations name it, and every `heartbeatMs` this process gives back those
   * of instances that stopped heartbeating. Absent: reservations name no one (the stale limit only).
   */
  readonly instance?: { readonly id: string; readonly heartbeatMs: number } | undefined;
  /** RTW_PUBLIC_URL: the origin of the applicant's links; null/absent: each request's own origin. */
  readonly publicUrl?: string | null | undefined;
  /** How long an applicant's submission waits for a sandbox check to end; 3 s by default. */
  readonly requestTestCheckWaitMs?: number | undefined;
}

export interface Server {
  readonly app: FastifyInstance;
  /** Whether this instance runs live checks: it claims queued ones only then. */
  readonly runsLiveChecks: boolean;
  /** The cluster's portal health: the driver records into it, every page reads it. */
  readonly portalHealth: PortalHealth;
  /** Instances, queue and portal health as the shared database tells them (`rtw-server status`). */
  status(): Promise<ClusterStatus>;
  readonly admin: Admin;
  /** Webhook delivery: secrets, test events, resends, the recent deliveries. */
  readonly webhooks: Webhooks;
  /** Dashboard passwords (`rtw-server accounts set-password`). */
  readonly dashboardAdmin: DashboardAdmin;
  /** Check requests: the API's operations and the applicant's link (requests/). */
  readonly checkRequests: CheckRequests;
  /** Marks waiting requests past their expiry expired and queues their events (run with each sweep). */
  expireCheckRequests(now?: Date): Promise<number>;
  sweep(now?: Date): Promise<DatabaseSweepReport>;
  /** The first step of shutdown: GET /readyz answers 503 from now on; everything else still serves. */
  beginDraining(): void;
  /**
   * The drain time has passed: live synchronous checks still running are answered 503 BUSY with
   * Retry-After and their reservations given back (sync-check.ts), so close() need not wait for them.
   */
  cutOffInFlight(): void;
  /**
   * Stops accepting, lets in-flight requests and check runs finish (synchronous live checks included,
   * whether or not their clients are still connected), stops the sweep. The database stays open.
   */
  close(): Promise<void>;
}

/** The one place the layers meet: store repositories into the domain, the domain into HTTP. */
export function createServer(deps: ServerDeps): Server {
  const { database, clock, log } = deps;
  const quota = createQuota(database.usage, deps.upgradeUrl, deps.instance?.id);
  let cutOffInFlight = () => {};
  const cutOff = new Promise<void>((resolve) => {
    cutOffInFlight = resolve;
  });
  const admitRequest = createAdmitRequest({
    authenticate: createAuthenticator(database.accounts),
    rateLimit: createRateLimiter(database.rateLimits),
    quota,
    clock,
  });
  const callbackUrlPolicy = createCallbackUrlPolicy(deps.webhooks.unsafeAllowHosts);
  if (deps.webhooks.unsafeAllowHosts.length > 0) {
    log.warn(
      { hosts: deps.webhooks.unsafeAllowHosts },
      'RTW_WEBHOOKS_UNSAFE_ALLOW_HOSTS is set: webhooks may go to these internal hosts (for tests only)',
    );
  }
  const { smtpUrl, mailFrom } = deps.webhooks;
  // The operator's SMTP: webhook give-up mail, and applicants' links when a request names an address.
  const mailer = smtpUrl && mailFrom ? createSmtpMailer(smtpUrl, mailFrom) : null;
  const secureContext = trustedCas(deps.webhooks.ca);
  const agents = createPinnedAgents({ secureContext });
  const { queueClock } = deps;
  const portalHealth = createPortalHealth(database.portalHealth, log.child({ component: 'portal' }), clock);
  // Without a driver this instance never claims a live check: one with a browser will run it.
  const runsLiveChecks = deps.liveRunner !== noPortalDriverRunner;
  const webhooks = createWebhooks({
    deliveries: database.webhookDeliveries,
    secrets: database.webhookSecrets,
    accounts: database.accounts,
    config: deps.webhooks,
    transport: {
      policy: callbackUrlPolicy,
      lookup: deps.webhookLookup ?? systemLookup,
      timeoutMs: deps.webhooks.timeoutMs,
      secureContext,
      agents,
    },
    mailer,
    clock,
    queueClock,
    onQueued: (mode) => webhookWorker.nudge(mode),
    log: log.child({ component: 'webhooks' }),
    testEventLimit: createTestEventLimit(database.rateLimits),
    observer: deps.observer,
  });
  const admin = createAdmin({
    accounts: database.accounts,
    usage: database.usage,
    now: clock,
    validateCallbackUrl: callbackUrlPolicy.validate,
  });
  // Every process runs a worker: checks queued anywhere on the database are run by whoever is free.
  const asyncChecks = createAsyncChecks({
    repo: database.asyncChecks,
    accounts: database.accounts,
    quota,
    upgradeUrl: deps.upgradeUrl,
    liveRunner: deps.liveRunner,
    listener: deps.checkEndedListener ?? webhooks.listener,
    requestHook: () => checkRequests.checkEnded,
    config: deps.asyncChecks,
    clock,
    queueClock,
    onQueued: (mode) => asyncWorker.nudge(mode),
    log: log.child({ component: 'async-checks' }),
    callbackUrlPolicy,
    observer: deps.observer,
  });
  const liveUsageOf = async (key: AuthenticatedKey) =>
    key.mode === 'live' ? quota.snapshot(key, clock()) : null;
  const checkRequests = createCheckRequests({
    repo: database.checkRequests,
    accounts: database.accounts,
    events: webhooks.requestEvents,
    createAsyncCheck: (input) => inFlight.track(() => asyncChecks.create(input)),
    callbackUrlPolicy,
    usageOf: liveUsageOf,
    upgradeUrl: deps.upgradeUrl,
    canSendMail: mailer !== null,
    clock,
    log: log.child({ component: 'check-requests' }),
    ...(deps.requestTestCheckWaitMs === undefined ? {} : { testCheckWaitMs: deps.requestTestCheckWaitMs }),
  });
  // The two queue workers of this process, each on its own table (lanes are the key's mode).
  const queueWorker = <J extends QueueJob>(
    settings: Pick<WebhooksConfig, 'concurrency' | 'pollIntervalMs' | 'leaseMs'>,
    liveLanes: number,
    queue: LeasedQueue<J, KeyMode>,
    run: (job: J, reserved?: ReservedCapacity) => Promise<{ readonly wakeAfterMs?: number }>,
    component: string,
    reserve?: (lane: KeyMode, count: number) => ReservedCapacity[] | null,
  ) =>
    createQueueWorker<J, KeyMode>({
      concurrency: settings.concurrency,
      laneConcurrency: { test: settings.concurrency, live: liveLanes },
      pollIntervalMs: settings.pollIntervalMs,
      leaseMs: settings.leaseMs,
      clock: queueClock,
      workerId: `wrk_${randomBase62(16)}`,
      log: log.child({ component }),
      ...leasedQueueOps(queue),
      run,
      ...(reserve ? { reserve } : {}),
    });
  // Live checks are held to their lanes (the portal's check slots); webhooks have no such limit. A
  // queued live check is claimed only with a slot held for it, so synchronous checks filling the
  // slots leave it waiting in the queue rather than failing it BUSY.
  const { hold } = deps.liveRunner;
  const holdLive = hold ? { hold: hold.bind(deps.liveRunner) } : null;
  const asyncWorker = queueWorker(
    deps.asyncChecks,
    runsLiveChecks ? deps.asyncChecks.liveConcurrency : 0,
    database.asyncChecks,
    asyncChecks.run,
    'async-checks',
    holdLive ? (lane, count) => (lane === 'live' ? holdUpTo(holdLive, count) : null) : undefined,
  );
  const webhookWorker = queueWorker(
    deps.webhooks,
    deps.webhooks.concurrency,
    database.webhookDeliveries,
    webhooks.run,
    'webhooks',
  );
  let closing = false;
  let draining = false;
  // Checks started for a request finish and are recorded before the database closes, client or not.
  const inFlight = createInFlight();
  const app = buildHttpApp({
    log,
    openapiJson: OPENAPI_JSON,
    isClosing: () => closing,
    readiness: createReadiness({
      database: database.readiness,
      browser: deps.browserReadiness,
      draining: () => draining || closing,
    }),
    httpTimeouts: deps.httpTimeouts,
    edge: deps.edge,
    answered: deps.observer?.httpAnswered,
    admitRequest,
    syncCheck: (input) =>
      inFlight.track(() =>
        performSyncCheck(
          {
            quota,
            copies: database.checkCopies,
            liveRunner: deps.liveRunner,
            clock,
            log,
            observer: deps.observer,
            cutOff,
          },
          input,
        ),
      ),
    // A full portal refuses a live check before its account is looked at (issue 15, item 7).
    ...(deps.liveRunner.hold ? { holdLiveSlot: deps.liveRunner.hold.bind(deps.liveRunner) } : {}),
    createAsyncCheck: (input) => inFlight.track(() => asyncChecks.create(input)),
    readAsyncCheck: asyncChecks.read,
    checkRequests: {
      ...checkRequests.api,
      create: withApplicantLinkMail(checkRequests.api.create, {
        mailer,
        log: log.child({ component: 'check-requests' }),
        track: (send) => inFlight.track(send),
        recordStatus: (id, status) => database.checkRequests.recordEmailStatus(id, status),
      }),
    },
    publicUrl: deps.publicUrl ?? null,
    usageOf: liveUsageOf,
    portalHealth: portalHealth.report,
    portalDriver: runsLiveChecks,
    applicant: {
      service: checkRequests.applicant,
      csrf: createApplicantCsrf(database.cookieKeys),
      throttle: createApplicantThrottle(database.rateLimits),
      clock,
      alwaysSecureCookies: deps.dashboard.alwaysSecureCookies,
    },
    dashboard: {
      sessions: createDashboardSessions(
        database.dashboard,
        createSignInThrottle(database.rateLimits),
        createDeviceCookies(database.cookieKeys),
        clock,
        deps.dashboard.passwordCost,
      ),
      service: createDashboardService({
        accounts: database.accounts,
        admin,
        webhooks,
        policy: callbackUrlPolicy,
        clock,
        recentChecks: database.recentChecks,
        checkRequests: createDashboardCheckRequests({
          repo: database.checkRequests,
          cancel: checkRequests.api.cancel,
          clock,
        }),
      }),
      webhooks,
      alwaysSecureCookies: deps.dashboard.alwaysSecureCookies,
      portalHealth: portalHealth.report,
      log,
    },
  });
  asyncWorker.start();
  webhookWorker.start();

  const expireCheckRequests = async (now: Date = clock()) => {
    const expired = await checkRequests.expire(now);
    if (expired > 0) log.info({ expired }, 'check requests expired');
    return expired;
  };
  const sweep = async (now: Date = clock()) => {
    // Expiry first: a request that ends now starts its 7 and 30 days from its expiry.
    await expireCheckRequests(now);
    const report = await database.sweep(now);
    const removed =
      report.checkCopies +
      report.staleReservations +
      report.asyncResults +
      report.asyncChecks +
      report.checkRequestData +
      report.checkRequests +
      report.webhookDeliveries +
      report.webhookAttempts +
      report.dashboardSessions +
      report.dataKeys;
    if (removed > 0) {
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
  const orphans: OrphanReleaseLoop | null = deps.instance
    ? startOrphanRelease({
        releaseOrphans: database.usage.releaseOrphans,
        intervalMs: deps.instance.heartbeatMs,
        log: log.child({ component: 'quota' }),
        observer: deps.observer ?? SILENT_OBSERVER,
      })
    : null;

  return {
    app,
    runsLiveChecks,
    portalHealth,
    status: () => readClusterStatus({ instances: database.instances, portalHealth }),
    admin,
    webhooks,
    dashboardAdmin: createDashboardAdmin({
      repo: database.dashboard,
      now: clock,
      passwordCost: deps.dashboard.passwordCost,
    }),
    checkRequests,
    expireCheckRequests,
    sweep,
    beginDraining() {
      draining = true;
    },
    cutOffInFlight,
    async close() {
      closing = true;
      if (timer) clearInterval(timer);
      await orphans?.stop();
      // Runs in hand reach their next state before the database can close.
      await Promise.all([app.close(), asyncWorker.stop(), webhookWorker.stop(), inFlight.settled()]);
      // A request still being admitted when the first look found nothing may have started one since.
      await inFlight.settled();
      await webhooks.settle();
      agents.close();
    },
  };
}
