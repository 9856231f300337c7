// Prometheus metrics after real traffic: one server with the portal driver (Chromium and the portal
// simulator) and metrics on, sandbox and live checks, a 503 BUSY, an unrecognised page, a retried
// asynchronous check and a given-up webhook, each found counted in a scrape of /metrics; no label
// value is an id or personal; promtool finds nothing to say; the dashboard's metrics are all there.
import { CHECK_KINDS, ERROR_CATALOGUE, kindInfo } from '@sharecode/core';
import { SANDBOX_DATE_OF_BIRTH, sandboxShareCode } from '@sharecode/core/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_VERSION } from '../src/version.js';
import { DELIVERY_ERROR_CLASSES } from '../src/webhooks/delivery-outcome.js';
import { CHROMIUM } from './portal-harness.js';
import { type ApiResponse, call, errorOf } from './support/api.js';
import { type LiveServer, startLiveServer } from './support/live-server.js';
import {
  dashboardQueries,
  metricNamesIn,
  promtoolCheckMetrics,
  ruleQueries,
  sampleSum,
  samplesOf,
  seriesNamesOf,
} from './support/metrics-scrape.js';
import { newKey } from './support/test-server.js';

const LIVE = { share_code: 'W7K 2M9 P4Q', date_of_birth: '1990-04-27', company_name: 'Acme Widgets Ltd' };
const SANDBOX = (suffix: string) => ({
  share_code: sandboxShareCode('right_to_work', suffix),
  date_of_birth: SANDBOX_DATE_OF_BIRTH,
  company_name: 'Acme Widgets Ltd',
});
/** Nothing listens on port 1: every webhook attempt fails to connect, and with no retry it is given up. */
const DEAD_CALLBACK = 'https://127.0.0.1:1/hooks';

describe.skipIf(CHROMIUM === null)('metrics after sandbox, live, busy, retried and webhook traffic', () => {
  let live: LiveServer;
  let testKey: string;
  let scrapeUrl: string;
  const scrape = async () => {
    const response = await fetch(scrapeUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };
  /** Scrapes until `ready` holds (the queue and webhook workers run in the background). */
  const scrapeUntil = async (ready: (text: string) => boolean, what: string) => {
    for (let tries = 0; tries < 600; tries += 1) {
      const text = await scrape();
      if (ready(text)) return text;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the metrics never showed ${what}`);
  };

  /**
   * Sends a live check again while it is refused because the machine is loaded (the load guard's
   * `overloaded`, seen on a shared test machine), not because the slot is taken.
   */
  const admitted = async (send: () => Promise<ApiResponse>): Promise<ApiResponse> => {
    for (let tries = 0; ; tries += 1) {
      const before = sampleSum(await scrape(), 'rtw_busy_refusals_total', { reason: 'overloaded' });
      const response = await send();
      if (response.status !== 503 || tries >= 60) return response;
      const after = sampleSum(await scrape(), 'rtw_busy_refusals_total', { reason: 'overloaded' });
      if (after === before) return response;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };

  beforeAll(async () => {
    live = await startLiveServer(
      {},
      {
        env: { RTW_METRICS_PORT: '0' },
        // No webhook retry: the first failed attempt gives the delivery up.
        webhooks: { retrySchedule: [], unsafeAllowHosts: ['127.0.0.1'] },
        asyncChecks: { testRetrySchedule: [0.05, 0.05] },
      },
    );
    testKey = (await newKey(live.server.admin, 'scale', 'test')).key;
    if (!live.server.metricsUrl) throw new Error('metrics are off');
    scrapeUrl = `${live.server.metricsUrl}/metrics`;
  });
  afterAll(async () => {
    await live?.close();
  });

  it('counts each check, refusal, page, retry and give-up, in a scrape promtool and the dashboard accept', async () => {
    const sync = kindInfo('right_to_work').syncPath;
    // A sandbox check and a live one through the portal simulator.
    expect(
      (await call(live.server.url, 'POST', sync, { key: testKey, json: SANDBOX('ACPT0001') })).status,
    ).toBe(200);
    expect((await admitted(() => live.check(sync, LIVE))).status).toBe(200);

    // One slot: a second live check while a slow one runs is refused 503 BUSY at once.
    // (The result page alone is slowed: the slot stays taken until it is read.)
    live.sim.setFaults({ latency: { ms: 2000, on: 'result' } });
    const slow = admitted(() => live.check(sync, LIVE));
    await scrapeUntil((text) => sampleSum(text, 'rtw_check_slots_busy') === 1, 'the slot taken');
    const refused = await live.check(sync, LIVE);
    expect(refused.status).toBe(503);
    expect(errorOf(refused).code).toBe('BUSY');
    expect((await slow).status).toBe(200);

    // A redesigned result page: unrecognised, 502 UPSTREAM_UNEXPECTED.
    live.sim.setFaults({ pageShape: 'changed' });
    expect((await admitted(() => live.check(sync, LIVE))).status).toBe(502);
    live.sim.resetFaults();

    // Asynchronous: RTRY0001 fails its first attempt and succeeds on its second; the other's webhook
    // cannot be delivered and is given up.
    const async = kindInfo('right_to_work').asyncPath;
    const retried = await call(live.server.url, 'POST', async, { key: testKey, json: SANDBOX('RTRY0001') });
    expect(retried.status).toBe(202);
    const hooked = await call(live.server.url, 'POST', async, {
      key: testKey,
      json: { ...SANDBOX('ACPT0001'), callback_url: DEAD_CALLBACK },
    });
    expect(hooked.status).toBe(202);

    const text = await scrapeUntil(
      (t) =>
        sampleSum(t, 'rtw_checks_total', { path: 'async', outcome: 'ok' }) >= 2 &&
        sampleSum(t, 'rtw_webhook_deliveries_given_up_total', { mode: 'test' }) >= 1,
      'both asynchronous checks ended and the webhook given up',
    );
    const count = (name: string, labels: Record<string, string>) => sampleSum(text, name, labels);
    const rtw = { kind: 'right_to_work' };
    expect(count('rtw_checks_total', { ...rtw, mode: 'test', path: 'sync', outcome: 'ok' })).toBe(1);
    expect(count('rtw_checks_total', { ...rtw, mode: 'live', path: 'sync', outcome: 'ok' })).toBe(2);
    expect(
      count('rtw_checks_total', { ...rtw, mode: 'live', path: 'sync', outcome: 'UPSTREAM_UNEXPECTED' }),
    ).toBe(1);
    expect(count('rtw_busy_refusals_total', { reason: 'slots_full' })).toBe(1);
    expect(count('rtw_portal_unrecognised_pages_total', rtw)).toBe(1);
    expect(
      count('rtw_async_check_retries_total', { ...rtw, mode: 'test', code: 'UPSTREAM_UNEXPECTED' }),
    ).toBe(1);
    expect(count('rtw_checks_total', { ...rtw, mode: 'test', path: 'async', outcome: 'ok' })).toBe(2);
    expect(count('rtw_webhook_attempts_total', { mode: 'test', outcome: 'connection' })).toBe(1);
    expect(count('rtw_webhook_deliveries_given_up_total', { mode: 'test' })).toBe(1);
    // Runs timed: 4 synchronous (the refused one never ran), 3 asynchronous attempts.
    expect(count('rtw_check_duration_seconds_count', { mode: 'live', path: 'sync' })).toBe(3);
    expect(count('rtw_check_duration_seconds_count', { mode: 'test', path: 'async' })).toBe(3);
    expect(count('rtw_check_overhead_seconds_count', { mode: 'live', path: 'sync' })).toBe(3);
    expect(count('rtw_portal_step_duration_seconds_count', { ...rtw, step: 'entry' })).toBeGreaterThanOrEqual(
      3,
    );
    expect(
      count('rtw_portal_step_duration_seconds_count', { ...rtw, step: 'share-code' }),
    ).toBeGreaterThanOrEqual(3);
    expect(
      count('rtw_portal_step_duration_seconds_count', { ...rtw, step: 'result' }),
    ).toBeGreaterThanOrEqual(2);
    expect(count('rtw_check_slots', {})).toBe(1);
    expect(count('rtw_browser_launches_total', {})).toBeGreaterThanOrEqual(1);
    expect(count('rtw_portal_driver_enabled', {})).toBe(1);
    expect(count('rtw_build_info', { version: SERVER_VERSION })).toBe(1);
    // The cluster's queue: nothing left in progress, nothing waiting.
    expect(count('rtw_async_checks', { state: 'queued' })).toBe(0);
    expect(count('rtw_async_check_oldest_due_seconds', {})).toBe(0);
    expect(count('process_cpu_seconds_total', {})).toBeGreaterThan(0);

    // Ids and personal data never label a series: every rtw_ label value is from a closed set.
    const allowed: Record<string, ReadonlySet<string> | RegExp> = {
      kind: new Set(CHECK_KINDS),
      mode: new Set(['live', 'test']),
      path: new Set(['sync', 'async']),
      outcome: new Set(['ok', 'delivered', ...Object.keys(ERROR_CATALOGUE), ...DELIVERY_ERROR_CLASSES]),
      code: new Set(Object.keys(ERROR_CATALOGUE)),
      queue: new Set(['async_checks', 'webhooks']),
      reason: new Set([
        'slots_full',
        'latency_limit',
        'overloaded',
        'shutting_down',
        'recycled',
        'replaced',
        'instance_gone',
        'shutdown',
      ]),
      state: new Set(['queued', 'running']),
      surface: new Set(['api', 'health', 'dashboard', 'other']),
      key_id: /^[0-9a-f]{8}$/,
      class: new Set(['1xx', '2xx', '3xx', '4xx', '5xx']),
      step: /^[a-z]+(-[a-z]+)*$/,
      le: /^(\+Inf|\d+(\.\d+)?(e[+-]?\d+)?)$/,
      version: new Set([SERVER_VERSION]),
      node_version: new Set([process.versions.node]),
    };
    const personal = [
      LIVE.share_code,
      LIVE.share_code.replaceAll(' ', ''),
      LIVE.date_of_birth,
      LIVE.company_name,
    ];
    const samples = samplesOf(text);
    for (const sample of samples) {
      for (const [label, value] of Object.entries(sample.labels)) {
        const where = `${sample.name}{${label}="${value}"}`;
        // Any series, ours or Node's: no id shape (uuid, chk_/acc_/key_/dlv_ ids, API keys), no date.
        expect(value, where).not.toMatch(
          /[0-9a-f]{8}-[0-9a-f]{4}-|^(chk|acc|key|dlv|evt|msg|wrk)_|rtw_(live|test)_/i,
        );
        expect(value, where).not.toMatch(/\d{4}-\d{2}-\d{2}/);
        expect(
          personal.some((p) => value.includes(p)) ||
            value.includes(sandboxShareCode('right_to_work', 'ACPT0001')),
          where,
        ).toBe(false);
        if (!sample.name.startsWith('rtw_')) continue;
        const rule = allowed[label];
        expect(rule, `${where}: a label with no closed set of values`).toBeDefined();
        if (rule instanceof RegExp) expect(value, where).toMatch(rule);
        else expect(rule?.has(value), where).toBe(true);
      }
    }

    // promtool has nothing to say; the dashboard and the rules name only what this scrape has.
    const findings = promtoolCheckMetrics(text);
    if (findings === null)
      console.warn('promtool is not installed (Debian package prometheus): skipped its check');
    else expect(findings).toBe('');
    const exposed = seriesNamesOf(text).add('up');
    const unknown = [...dashboardQueries(), ...ruleQueries()]
      .flatMap(metricNamesIn)
      .filter((n) => !exposed.has(n));
    expect(unknown).toEqual([]);
    // Generous: four live checks through Chromium, and waits on a loaded machine's load guard.
  }, 240_000);

  it('serves only GET /metrics on the metrics port, never the API', async () => {
    const metricsUrl = live.server.metricsUrl ?? '';
    expect((await fetch(`${metricsUrl}/healthz`)).status).toBe(404);
    expect((await fetch(`${metricsUrl}/metrics`, { method: 'POST' })).status).toBe(405);
    expect(new URL(metricsUrl).hostname).toBe('127.0.0.1');
    expect(new URL(metricsUrl).port).not.toBe(new URL(live.server.url).port);
  });
});
