import { CHECK_KINDS, ERROR_CODES } from '@sharecode/core';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { KeyMode } from '../accounts/api-key.js';
import type { ServiceObserver } from '../checks/observer-port.js';
import type { QueueStatsSource } from '../queue/queue-stats.js';

/** The portal driver's figures of this process (portal/slot-types.ts SlotStats has them). */
export interface SlotFigures {
  readonly slots: number;
  readonly inUse: number;
  /** Checks admitted at once now by the adaptive limit. */
  readonly admissionLimit: number;
  /** The limit's estimate of a check's own overhead now; null before one is measured. */
  readonly ownOverheadSeconds: number | null;
  readonly launches: number;
  readonly replacements: number;
  readonly crashes: number;
  readonly recycles: number;
  readonly refusals: Readonly<Record<'full' | 'limit' | 'overloaded' | 'closed', number>>;
}

export interface ServiceMetricsSources {
  /** The build's version (rtw_build_info). */
  readonly version: string;
  /** This process's check slots and browser; null when it runs no portal driver. */
  readonly slots: () => SlotFigures | null;
  /** The cluster's queue, read from the database at each scrape. */
  readonly queue: QueueStatsSource;
  /** A scrape could not read the queue: its gauges are left out of that scrape. */
  readonly onQueueReadError: (error: unknown) => void;
  /** The id of the encryption key this instance seals with (not the key); null before the database opens. */
  readonly keyId?: () => string | null;
  /** How long a scrape waits for the queue's figures before calling the database down (tests shorten it). */
  readonly databaseProbeMs?: number;
}

export interface ServiceMetrics {
  /** What the service reports its events to. */
  readonly observer: ServiceObserver;
  /** The text exposition of every metric, as of now. */
  scrape(): Promise<{ readonly contentType: string; readonly body: string }>;
}

const MODES: readonly KeyMode[] = ['live', 'test'];
/** The refusal reasons as they appear in the label (slot-admission.ts's words, spelled for operators). */
const REFUSAL_REASONS = {
  full: 'slots_full',
  limit: 'latency_limit',
  overloaded: 'overloaded',
  closed: 'shutting_down',
} as const;
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;
/** A scrape waits this long for the database before calling it down (a partition may hang a query). */
const DATABASE_PROBE_MS = 5_000;

/**
 * Every metric of the service on one registry of its own: `rtw_` metrics of this process and of the
 * cluster's queue, plus prom-client's process and Node.js metrics under their standard names. Label
 * values are bounded words only (kinds, modes, codes, steps), never ids or personal data.
 */
export function createServiceMetrics(sources: ServiceMetricsSources): ServiceMetrics {
  const registers = [new Registry()];
  const [registry] = registers as [Registry];
  collectDefaultMetrics({ register: registry });
  // prom-client names three gauges `_total`, against the naming rules (promtool says so); each is
  // the sum of a by-type gauge it also exports (nodejs_active_handles{type} ...), so nothing is lost.
  for (const name of [
    'nodejs_active_handles_total',
    'nodejs_active_requests_total',
    'nodejs_active_resources_total',
  ])
    registry.removeSingleMetric(name);

  const buildInfo = new Gauge({
    name: 'rtw_build_info',
    help: 'The running build: always 1, with the version and Node.js version as labels.',
    labelNames: ['version', 'node_version'],
    registers,
  });
  buildInfo.set({ version: sources.version, node_version: process.versions.node }, 1);
  new Gauge({
    name: 'rtw_encryption_key_info',
    help: 'The encryption key this instance seals with: always 1, with its id (8 hex digits, never the key) as a label. After a rotation every instance shows the new id.',
    labelNames: ['key_id'],
    registers,
    collect() {
      this.reset();
      const keyId = sources.keyId?.();
      if (keyId) this.set({ key_id: keyId }, 1);
    },
  });

  const checks = new Counter({
    name: 'rtw_checks_total',
    help: 'Checks answered (synchronous) or ended (asynchronous), by outcome: ok or the error code.',
    labelNames: ['kind', 'mode', 'path', 'outcome'],
    registers,
  });
  const checkSeconds = new Histogram({
    name: 'rtw_check_duration_seconds',
    help: 'One run of a check: a synchronous check, or one attempt of an asynchronous one.',
    labelNames: ['kind', 'mode', 'path'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60],
    registers,
  });
  const overheadSeconds = new Histogram({
    name: 'rtw_check_overhead_seconds',
    help: "The service's own part of a check run: all but the portal driver's (or sandbox's) time.",
    labelNames: ['mode', 'path'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers,
  });
  const retries = new Counter({
    name: 'rtw_async_check_retries_total',
    help: 'Asynchronous attempts that failed with a retried error code and were scheduled again.',
    labelNames: ['kind', 'mode', 'code'],
    registers,
  });
  const takeovers = new Counter({
    name: 'rtw_queue_lease_takeovers_total',
    help: 'Queue entries this process took over after the lease of a lost run ran out.',
    labelNames: ['queue'],
    registers,
  });
  const stepSeconds = new Histogram({
    name: 'rtw_portal_step_duration_seconds',
    help: 'One step of a live check on the portal: entry, a form step, or reading the result.',
    labelNames: ['kind', 'step'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20],
    registers,
  });
  const unrecognised = new Counter({
    name: 'rtw_portal_unrecognised_pages_total',
    help: 'Portal pages the driver did not recognise (the check ended UPSTREAM_UNEXPECTED).',
    labelNames: ['kind'],
    registers,
  });
  const webhookAttempts = new Counter({
    name: 'rtw_webhook_attempts_total',
    help: 'Webhook delivery attempts, by outcome: delivered or the failure class.',
    labelNames: ['mode', 'outcome'],
    registers,
  });
  const givenUp = new Counter({
    name: 'rtw_webhook_deliveries_given_up_total',
    help: 'Webhook deliveries given up after their last attempt.',
    labelNames: ['mode'],
    registers,
  });
  const latency = new Histogram({
    name: 'rtw_webhook_delivery_latency_seconds',
    help: "From a check's end to the receiver's 2xx for its webhook, retries included.",
    labelNames: ['mode'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600, 21600, 86400],
    registers,
  });
  const answers = new Counter({
    name: 'rtw_http_responses_total',
    help: 'HTTP answers sent, by surface (api, health, dashboard, other) and status class (2xx to 5xx); counted whether or not the database answers.',
    labelNames: ['surface', 'class'],
    registers,
  });
  for (const surface of ['api', 'health', 'dashboard', 'other'])
    for (const statusClass of STATUS_CLASSES) answers.inc({ surface, class: statusClass }, 0);
  const released = new Counter({
    name: 'rtw_quota_reservations_released_total',
    help: 'Live-check reservations given back without their check ending: instance_gone (it stopped heartbeating) or shutdown (its drain time passed).',
    labelNames: ['reason'],
    registers,
  });
  for (const reason of ['instance_gone', 'shutdown']) released.inc({ reason }, 0);
  // Every series an alert rule reads starts at 0: the first event after a start is then an increase
  // Prometheus sees (a series born at 1 has none). The rules read live checks' outcomes.
  for (const kind of CHECK_KINDS) {
    unrecognised.inc({ kind }, 0);
    for (const path of ['sync', 'async'])
      for (const outcome of ['ok', ...ERROR_CODES]) checks.inc({ kind, mode: 'live', path, outcome }, 0);
  }
  for (const mode of MODES) {
    givenUp.inc({ mode }, 0);
    for (const queue of ['async_checks', 'webhooks']) takeovers.inc({ queue }, 0);
  }

  registerSlotMetrics(registers, sources.slots);
  registerQueueMetrics(registers, sources);

  const observer: ServiceObserver = {
    checkRan: ({ kind, mode, path, seconds, overheadSeconds: overhead }) => {
      checkSeconds.observe({ kind, mode, path }, seconds);
      overheadSeconds.observe({ mode, path }, overhead);
    },
    checkEnded: ({ kind, mode, path, outcome }) => checks.inc({ kind, mode, path, outcome }),
    checkRetried: ({ kind, mode, code }) => retries.inc({ kind, mode, code }),
    leaseTakenOver: ({ queue }) => takeovers.inc({ queue }),
    reservationsReleased: ({ reason, count }) => released.inc({ reason }, count),
    portalStep: ({ kind, step, seconds }) => stepSeconds.observe({ kind, step }, seconds),
    unrecognisedPage: ({ kind }) => unrecognised.inc({ kind }),
    webhookAttempt: ({ mode, outcome }) => webhookAttempts.inc({ mode, outcome }),
    webhookDelivered: ({ mode, latencySeconds }) => latency.observe({ mode }, latencySeconds),
    webhookGivenUp: ({ mode }) => givenUp.inc({ mode }),
    httpAnswered: ({ surface, status }) =>
      answers.inc({ surface, class: `${Math.min(5, Math.max(1, Math.floor(status / 100)))}xx` }),
  };
  return {
    observer,
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

/** Slots and browser figures, read from the driver at each scrape (0 without a driver). */
function registerSlotMetrics(registers: Registry[], read: () => SlotFigures | null): void {
  const figures = (): SlotFigures =>
    read() ?? {
      slots: 0,
      inUse: 0,
      admissionLimit: 0,
      ownOverheadSeconds: null,
      launches: 0,
      replacements: 0,
      crashes: 0,
      recycles: 0,
      refusals: { full: 0, limit: 0, overloaded: 0, closed: 0 },
    };
  new Gauge({
    name: 'rtw_portal_driver_enabled',
    help: 'Whether this instance runs the portal driver (1) or serves sandbox checks only (0).',
    registers,
    collect() {
      this.set(read() ? 1 : 0);
    },
  });
  new Gauge({
    name: 'rtw_check_slots',
    help: 'Live checks this instance may run at once (its check slots).',
    registers,
    collect() {
      this.set(figures().slots);
    },
  });
  new Gauge({
    name: 'rtw_check_slots_busy',
    help: 'Check slots in use now (held by a check or a request being admitted).',
    registers,
    collect() {
      this.set(figures().inUse);
    },
  });
  new Gauge({
    name: 'rtw_check_admission_limit',
    help: "Live checks admitted at once now: the adaptive limit that keeps a check's own overhead under its target (at most the slots).",
    registers,
    collect() {
      this.set(figures().admissionLimit);
    },
  });
  new Gauge({
    name: 'rtw_check_own_overhead_estimate_seconds',
    help: "The admission limit's estimate of a live check's own overhead now (time not spent waiting on the portal); NaN before one is measured.",
    registers,
    collect() {
      this.set(figures().ownOverheadSeconds ?? Number.NaN);
    },
  });
  /** A counter whose value the driver keeps: set from its figure at each scrape. */
  const counted = (
    name: string,
    help: string,
    values: (f: SlotFigures) => [Record<string, string>, number][],
  ) =>
    new Counter({
      name,
      help,
      labelNames: [...new Set(values(figures()).flatMap(([labels]) => Object.keys(labels)))],
      registers,
      collect() {
        this.reset();
        for (const [labels, value] of values(figures())) this.inc(labels, value);
      },
    });
  counted('rtw_busy_refusals_total', 'Live checks refused 503 BUSY at once, by reason.', (f) =>
    Object.entries(REFUSAL_REASONS).map(([why, reason]) => [
      { reason },
      f.refusals[why as keyof typeof REFUSAL_REASONS],
    ]),
  );
  counted('rtw_browser_launches_total', 'Browsers launched by the portal driver.', (f) => [[{}, f.launches]]);
  counted(
    'rtw_browser_restarts_total',
    'Browsers replaced: recycled after their checks, or replaced (hung or crashed).',
    (f) => [
      [{ reason: 'recycled' }, f.recycles],
      [{ reason: 'replaced' }, f.replacements],
    ],
  );
  counted('rtw_browser_crashes_total', 'Browsers that went away on their own (crashed or killed).', (f) => [
    [{}, f.crashes],
  ]);
}

/**
 * The cluster's asynchronous-check queue, read from the database at each scrape, and whether that
 * read answered (rtw_database_up). When it does not, the queue's series stay with the value NaN
 * (unknown) rather than vanish, so a dashboard shows a gap and an alert on their absence does not
 * mistake an outage for an empty queue.
 */
function registerQueueMetrics(registers: Registry[], sources: ServiceMetricsSources): void {
  let pending: Promise<Awaited<ReturnType<QueueStatsSource['read']>> | null> | null = null;
  const probeMs = sources.databaseProbeMs ?? DATABASE_PROBE_MS;
  // Every gauge of one scrape shares one query.
  const read = () => {
    pending ??= withTimeout(sources.queue.read(), probeMs)
      .catch((error: unknown) => {
        sources.onQueueReadError(error);
        return null;
      })
      .finally(() => {
        setImmediate(() => {
          pending = null;
        });
      });
    return pending;
  };
  new Gauge({
    name: 'rtw_database_up',
    help: 'Whether the database answered this scrape (1) or not (0: down, unreachable or slower than 5 s).',
    registers,
    async collect() {
      this.set((await read()) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'rtw_async_checks',
    help: 'Asynchronous checks not yet ended across the cluster, by mode and state (queued, running); NaN while the database does not answer.',
    labelNames: ['mode', 'state'],
    registers,
    async collect() {
      this.reset();
      const stats = await read();
      for (const mode of MODES)
        for (const state of ['queued', 'running']) this.set({ mode, state }, stats ? 0 : Number.NaN);
      for (const { mode, state, count } of stats?.checks ?? []) this.set({ mode, state }, count);
    },
  });
  new Gauge({
    name: 'rtw_async_check_oldest_due_seconds',
    help: 'Across the cluster, how long the oldest due asynchronous check has waited past its due time; NaN while the database does not answer.',
    labelNames: ['mode'],
    registers,
    async collect() {
      this.reset();
      const stats = await read();
      for (const mode of MODES) this.set({ mode }, stats ? stats.oldestDueSeconds[mode] : Number.NaN);
    },
  });
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
