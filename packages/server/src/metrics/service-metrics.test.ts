// The metrics in process: the names follow Prometheus's rules, the dashboard and the alert rules
// name only metrics the service exposes, promtool accepts the rules and a scrape, and the listener's
// configuration is validated at start. The scrape after real traffic is test/live-metrics.test.ts.
import { describe, expect, it } from 'vitest';
import {
  dashboardQueries,
  familiesOf,
  metricNamesIn,
  promtoolCheckMetrics,
  promtoolCheckRules,
  DEPLOYED_RULES as RULES,
  ruleQueries,
  seriesNamesOf,
} from '../../test/support/metrics-scrape.js';
import { loadConfig } from '../config.js';
import { createServiceMetrics, type SlotFigures } from './service-metrics.js';

const SLOTS: SlotFigures = {
  slots: 4,
  inUse: 1,
  launches: 2,
  replacements: 1,
  crashes: 1,
  recycles: 0,
  admissionLimit: 4,
  ownOverheadSeconds: 0.4,
  refusals: { full: 3, limit: 0, overloaded: 0, closed: 0 },
};

async function scrapeAfterEvents(): Promise<string> {
  const metrics = createServiceMetrics({
    version: '9.9.9',
    keyId: () => '0a1b2c3d',
    slots: () => SLOTS,
    queue: {
      read: async () => ({
        checks: [{ mode: 'live', state: 'queued', count: 2 }],
        oldestDueSeconds: { live: 12.5, test: 0 },
      }),
    },
    onQueueReadError: () => {},
  });
  const { observer } = metrics;
  observer.checkRan({ kind: 'right_to_work', mode: 'live', path: 'sync', seconds: 3, overheadSeconds: 0.01 });
  observer.checkEnded({ kind: 'right_to_work', mode: 'live', path: 'sync', outcome: 'ok' });
  observer.checkRetried({ kind: 'right_to_rent', mode: 'test', code: 'TIMEOUT' });
  observer.leaseTakenOver({ queue: 'async_checks' });
  observer.portalStep({ kind: 'right_to_work', step: 'share-code', seconds: 0.4 });
  observer.unrecognisedPage({ kind: 'right_to_rent' });
  observer.webhookAttempt({ mode: 'test', outcome: 'connection' });
  observer.webhookDelivered({ mode: 'test', latencySeconds: 0.2 });
  observer.webhookGivenUp({ mode: 'test' });
  observer.httpAnswered({ surface: 'api', status: 503 });
  observer.reservationsReleased({ reason: 'instance_gone', count: 2 });
  return (await metrics.scrape()).body;
}

describe('the service metrics', () => {
  it('follow the naming rules: one rtw_ prefix, _total counters, base units, standard process names', async () => {
    const families = familiesOf(await scrapeAfterEvents());
    for (const [name, type] of families) {
      expect(name, name).toMatch(/^(rtw_|process_|nodejs_)/);
      expect(name, name).not.toMatch(/^rtw_rtw_/);
      if (type === 'counter') expect(name, name).toMatch(/_total$/);
      else expect(name, name).not.toMatch(/_total$/);
      expect(name, name).not.toMatch(/_(milliseconds|ms|minutes|kilobytes|megabytes)\b/);
    }
    expect([...families.keys()].filter((n) => n.startsWith('rtw_')).sort()).toEqual([
      'rtw_async_check_oldest_due_seconds',
      'rtw_async_check_retries_total',
      'rtw_async_checks',
      'rtw_browser_crashes_total',
      'rtw_browser_launches_total',
      'rtw_browser_restarts_total',
      'rtw_build_info',
      'rtw_busy_refusals_total',
      'rtw_check_admission_limit',
      'rtw_check_duration_seconds',
      'rtw_check_overhead_seconds',
      'rtw_check_own_overhead_estimate_seconds',
      'rtw_check_slots',
      'rtw_check_slots_busy',
      'rtw_checks_total',
      'rtw_database_up',
      'rtw_encryption_key_info',
      'rtw_http_responses_total',
      'rtw_portal_driver_enabled',
      'rtw_portal_step_duration_seconds',
      'rtw_portal_unrecognised_pages_total',
      'rtw_queue_lease_takeovers_total',
      'rtw_quota_reservations_released_total',
      'rtw_webhook_attempts_total',
      'rtw_webhook_deliveries_given_up_total',
      'rtw_webhook_delivery_latency_seconds',
    ]);
  });

  it('keep the queue figures of a scrape whose database read fails as NaN (unknown), the database down, and say so', async () => {
    const problems: unknown[] = [];
    const metrics = createServiceMetrics({
      version: '9.9.9',
      slots: () => null,
      queue: { read: () => Promise.reject(new Error('connection refused')) },
      onQueueReadError: (error) => problems.push(error),
    });
    const { body } = await metrics.scrape();
    expect(body).toMatch(/^rtw_async_checks\{mode="live",state="queued"\} NaN$/im);
    expect(body).toMatch(/^rtw_database_up 0$/m);
    expect(body).toMatch(/^rtw_portal_driver_enabled 0$/m);
    expect(problems).toHaveLength(1);
  });

  it.skipIf(promtoolCheckMetrics('') === null)(
    'pass `promtool check metrics` with nothing to say',
    async () => {
      expect(promtoolCheckMetrics(await scrapeAfterEvents())).toBe('');
    },
  );
});

describe('the Grafana dashboard and the alert rules (deploy/)', () => {
  it('name only metrics the service exposes (or Prometheus’s own `up`)', async () => {
    const exposed = seriesNamesOf(await scrapeAfterEvents());
    exposed.add('up');
    const queries = [...dashboardQueries(), ...ruleQueries()];
    expect(queries.length).toBeGreaterThan(30);
    const unknown = queries.flatMap((q) =>
      metricNamesIn(q)
        .filter((name) => !exposed.has(name))
        .map((n) => `${n} in ${q}`),
    );
    expect(unknown).toEqual([]);
    // Every rtw_ metric is on the dashboard.
    const onDashboard = new Set(dashboardQueries().flatMap(metricNamesIn));
    const missing = [...familiesOf(await scrapeAfterEvents()).entries()]
      .filter(([name]) => name.startsWith('rtw_'))
      .filter(([name, type]) => !onDashboard.has(type === 'histogram' ? `${name}_bucket` : name))
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('reads metric names out of PromQL, not functions, labels, keywords or variables', () => {
    expect(
      metricNamesIn(
        'histogram_quantile(0.95, sum by (le, kind) (rate(rtw_x_bucket{job="$job", a=~"b(c)"}[$__rate_interval]))) > 0 unless on () up == 1',
      ),
    ).toEqual(['rtw_x_bucket', 'up']);
  });

  it.skipIf(promtoolCheckRules(RULES) === null)('pass `promtool check rules`', () => {
    const checked = promtoolCheckRules(RULES);
    expect(checked?.output).toMatch(/SUCCESS: 11 rules found/);
    expect(checked?.ok).toBe(true);
  });
});

describe('--metrics-port / RTW_METRICS_PORT', () => {
  const config = (env: Record<string, string>, flags = {}) =>
    loadConfig(flags, { RTW_DATA_DIR: '/tmp/x', ...env });

  it('is off by default and read from the flag before the environment', () => {
    const unset = config({});
    expect(unset.ok && unset.value.metricsPort).toBeNull();
    const both = config({ RTW_METRICS_PORT: '9464' }, { metricsPort: '9465' });
    expect(both.ok && both.value.metricsPort).toBe(9465);
  });

  it('refuses a bad port, or the API’s own, with a clear message', () => {
    const bad = config({ RTW_METRICS_PORT: 'nine' });
    expect(!bad.ok && bad.error.join('\n')).toMatch(/metrics port .* must be a number from 0 to 65535/);
    const same = config({ RTW_METRICS_PORT: '8080' });
    expect(!same.ok && same.error.join('\n')).toMatch(/must differ from the API's port 8080/);
  });
});
