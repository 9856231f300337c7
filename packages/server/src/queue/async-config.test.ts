import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { DEFAULT_ASYNC_CHECKS_CONFIG, fitAsyncToSlots, loadAsyncChecksConfig } from './async-config.js';

describe('loadAsyncChecksConfig', () => {
  it("defaults to the spec's schedules: live 30 s then 2 min, sandbox 1 s then 2 s; a 90 s lease", () => {
    expect(loadAsyncChecksConfig({})).toEqual({ ok: true, value: DEFAULT_ASYNC_CHECKS_CONFIG });
    expect(DEFAULT_ASYNC_CHECKS_CONFIG).toMatchObject({
      liveRetrySchedule: [30, 120],
      testRetrySchedule: [1, 2],
      leaseMs: 90_000,
      pollIntervalMs: 1_000,
    });
    const server = loadConfig({}, {});
    expect(server.ok && server.value.asyncChecks).toEqual(DEFAULT_ASYNC_CHECKS_CONFIG);
  });

  it('reads every schedule from the environment, in seconds (fractions allowed) or milliseconds', () => {
    const config = loadAsyncChecksConfig({
      RTW_ASYNC_LIVE_RETRY_SECONDS: '0.5, 1.5',
      RTW_ASYNC_TEST_RETRY_SECONDS: '0.1,0.2',
      RTW_ASYNC_LEASE_SECONDS: '2.5',
      RTW_ASYNC_POLL_INTERVAL_MS: '50',
      RTW_ASYNC_CONCURRENCY: '12',
      RTW_ASYNC_LIVE_CONCURRENCY: '6',
    });
    expect(config).toEqual({
      ok: true,
      value: {
        liveRetrySchedule: [0.5, 1.5],
        testRetrySchedule: [0.1, 0.2],
        leaseMs: 2_500,
        pollIntervalMs: 50,
        concurrency: 12,
        liveConcurrency: 6,
      },
    });
  });

  it('names each bad variable and says what it must be', () => {
    const config = loadAsyncChecksConfig({
      RTW_ASYNC_LIVE_RETRY_SECONDS: '30,soon',
      RTW_ASYNC_TEST_RETRY_SECONDS: '0',
      RTW_ASYNC_LEASE_SECONDS: '0.1',
      RTW_ASYNC_POLL_INTERVAL_MS: '1.5',
      RTW_ASYNC_CONCURRENCY: '0',
    });
    expect(config.ok).toBe(false);
    const problems = config.ok ? [] : config.error;
    for (const name of [
      'RTW_ASYNC_LIVE_RETRY_SECONDS',
      'RTW_ASYNC_TEST_RETRY_SECONDS',
      'RTW_ASYNC_LEASE_SECONDS',
      'RTW_ASYNC_POLL_INTERVAL_MS',
      'RTW_ASYNC_CONCURRENCY',
    ]) {
      expect(
        problems.some((problem) => problem.startsWith(name)),
        name,
      ).toBe(true);
    }
    const above = loadAsyncChecksConfig({ RTW_ASYNC_CONCURRENCY: '2', RTW_ASYNC_LIVE_CONCURRENCY: '3' });
    expect(above.ok || above.error).toEqual([
      'RTW_ASYNC_LIVE_CONCURRENCY must not be above RTW_ASYNC_CONCURRENCY.',
    ]);
    // The server refuses to start with them, like any other bad setting.
    expect(loadConfig({}, { RTW_ASYNC_LEASE_SECONDS: 'long' }).ok).toBe(false);
  });
});

describe('fitAsyncToSlots', () => {
  it('gives the queue as many live lanes as the portal has slots, plus the sandbox lanes on top', () => {
    const fitted = fitAsyncToSlots(DEFAULT_ASYNC_CHECKS_CONFIG, 96, {});
    expect(fitted).toMatchObject({ liveConcurrency: 96, concurrency: 102 });
  });

  it("keeps the operator's own settings", () => {
    expect(
      fitAsyncToSlots({ ...DEFAULT_ASYNC_CHECKS_CONFIG, liveConcurrency: 4 }, 96, {
        RTW_ASYNC_LIVE_CONCURRENCY: '4',
      }),
    ).toMatchObject({ liveConcurrency: 4, concurrency: 10 });
    expect(
      fitAsyncToSlots({ ...DEFAULT_ASYNC_CHECKS_CONFIG, concurrency: 20 }, 96, {
        RTW_ASYNC_CONCURRENCY: '20',
      }),
    ).toMatchObject({ liveConcurrency: 20, concurrency: 20 });
  });
});
