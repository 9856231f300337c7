// The alert rules the repository ships (deploy/prometheus): promtool runs each rule's unit test on
// series spelled as a scrape shows them, and a fresh scrape (no event yet) already has a series at 0
// of every counter a rule reads, so the first event after a start is an increase Prometheus sees.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServiceMetrics } from '../src/metrics/service-metrics.js';
import {
  DEPLOYED_RULES,
  familiesOf,
  metricNamesIn,
  PROMTOOL,
  ruleQueries,
  samplesOf,
} from './support/metrics-scrape.js';

const RULE_TESTS = DEPLOYED_RULES.replace(/\.yml$/, '.test.yml');

describe.skipIf(!existsSync(PROMTOOL))('the shipped alert rules', () => {
  it('pass their promtool unit tests, every rule among them', () => {
    const run = spawnSync(PROMTOOL, ['test', 'rules', RULE_TESTS], {
      cwd: dirname(RULE_TESTS),
      encoding: 'utf8',
    });
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    const tested = new Set(
      [...readFileSync(RULE_TESTS, 'utf8').matchAll(/alertname: (\w+)/g)].map((m) => m[1]),
    );
    const rules = [...readFileSync(DEPLOYED_RULES, 'utf8').matchAll(/- alert: (\w+)/g)].map((m) => m[1]);
    expect(rules.filter((rule) => !tested.has(rule))).toEqual([]);
  });
});

describe('a scrape before any event', () => {
  it('has every counter an alert rule reads, at 0', async () => {
    const metrics = createServiceMetrics({
      version: '0.0.0-test',
      slots: () => null,
      queue: { read: async () => ({ checks: [], oldestDueSeconds: { live: 0, test: 0 } }) },
      onQueueReadError: () => {},
    });
    const { body } = await metrics.scrape();
    const families = familiesOf(body);
    const samples = samplesOf(body);
    const counters = [...new Set(ruleQueries().flatMap(metricNamesIn))].filter(
      (name) => families.get(name) === 'counter',
    );
    expect(counters.length).toBeGreaterThan(3);
    for (const name of counters) {
      const series = samples.filter((s) => s.name === name);
      expect(series.length, name).toBeGreaterThan(0);
      expect(
        series.every((s) => s.value === 0),
        name,
      ).toBe(true);
    }
    // The unrecognised-page alert's counter, by kind, and the live outcomes the no-success rule reads.
    for (const kind of ['right_to_work', 'right_to_rent', 'immigration_status']) {
      expect(
        samples.some((s) => s.name === 'rtw_portal_unrecognised_pages_total' && s.labels.kind === kind),
      ).toBe(true);
      expect(
        samples.some(
          (s) =>
            s.name === 'rtw_checks_total' &&
            s.labels.kind === kind &&
            s.labels.mode === 'live' &&
            s.labels.outcome === 'TIMEOUT',
        ),
      ).toBe(true);
    }
  });

  it('says the database is down, and the queue unknown, when the queue cannot be read', async () => {
    const problems: unknown[] = [];
    const metrics = createServiceMetrics({
      version: '0.0.0-test',
      slots: () => null,
      queue: { read: () => new Promise(() => {}) },
      onQueueReadError: (error) => problems.push(error),
      databaseProbeMs: 50,
    });
    const samples = samplesOf((await metrics.scrape()).body);
    expect(samples.find((s) => s.name === 'rtw_database_up')?.value).toBe(0);
    const queued = samples.filter((s) => s.name === 'rtw_async_checks');
    expect(queued.length).toBe(4);
    expect(queued.every((s) => Number.isNaN(s.value))).toBe(true);
    expect(samples.filter((s) => s.name === 'rtw_async_check_oldest_due_seconds').length).toBe(2);
    expect(problems.length).toBe(1);
  });
});
