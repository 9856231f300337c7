import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CheckRecord } from '@sharecode/core';
import { afterAll, beforeAll } from 'vitest';
import {
  type AsyncChecksConfig,
  type CheckEndedContext,
  type CheckEndedListener,
  openDatabase,
  type Queryable,
  startServer,
} from '../../src/index.js';
import { call } from './api.js';
import { testClock } from './clock.js';
import {
  type ScenarioLiveRunnerTestDouble,
  scenarioLiveRunnerTestDouble,
} from './live-runner-test-double.mjs';
import { seedPgliteDataDir } from './pglite-template.js';
import { createPostgresDatabase } from './postgres.js';
import { type Backend, type TestServer, UPGRADE_URL } from './test-server.js';

/** What the recording CheckEndedListener saw, and what its transaction saw of the check's row. */
export interface EndedCall {
  readonly record: CheckRecord;
  readonly context: CheckEndedContext;
  /** The row's status read through the listener's transaction. */
  readonly statusInTransaction: string | undefined;
}

export interface AsyncTestServer extends TestServer {
  readonly liveRunner: ScenarioLiveRunnerTestDouble;
  readonly ended: EndedCall[];
}

/** Fast schedules for in-process tests driven by the test clock: the clock, not real time, makes checks due. */
export const FAST_ASYNC: Partial<AsyncChecksConfig> = {
  pollIntervalMs: 20,
  leaseMs: 5_000,
  concurrency: 16,
  liveConcurrency: 4,
};

/**
 * Like startTestServer, with the asynchronous-check settings and a recording CheckEndedListener. The
 * worker runs; the test clock stands still unless the test moves it (retries are due on the clock).
 */
export async function startAsyncTestServer(
  backend: Backend,
  options: {
    readonly asyncChecks?: Partial<AsyncChecksConfig>;
    readonly start?: string;
    /** A PostgreSQL the caller owns (and clears): used instead of a new database on the shared one. */
    readonly databaseUrl?: string;
  } = {},
): Promise<AsyncTestServer> {
  const clock = testClock(options.start ?? '2026-03-10T12:00:00Z');
  const encryptionKey = randomBytes(32);
  const dir = mkdtempSync(join(tmpdir(), 'rtw-async-test-'));
  let databaseUrl: string | null = null;
  let dropPostgres = async () => {};
  if (options.databaseUrl !== undefined) {
    databaseUrl = options.databaseUrl;
  } else if (backend === 'postgres') {
    const pg = await createPostgresDatabase();
    databaseUrl = pg.url;
    dropPostgres = () => pg.drop();
  }
  const dataDir = join(dir, 'data');
  if (databaseUrl === null) await seedPgliteDataDir(dataDir);
  const opened = await openDatabase({ dataDir, databaseUrl, encryptionKey }, { now: clock });
  if (!opened.ok) throw new Error(opened.error);
  const database = opened.value;
  const ended: EndedCall[] = [];
  const listener: CheckEndedListener = {
    async onCheckEnded(record, context, transaction: Queryable) {
      const { rows } = await transaction.query<{ status: string }>(
        'SELECT status FROM async_checks WHERE id = $1',
        [record.id],
      );
      ended.push({ record, context, statusInTransaction: rows[0]?.status });
    },
  };
  const liveRunner = scenarioLiveRunnerTestDouble();
  const logs: string[] = [];
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    upgradeUrl: UPGRADE_URL,
    env: {},
    database,
    clock,
    sweepIntervalMs: 0,
    logLevelOverride: 'debug',
    logDestination: { write: (line: string) => void logs.push(line) },
    liveRunner,
    checkEndedListener: listener,
    asyncChecks: { ...FAST_ASYNC, ...options.asyncChecks },
  });
  return {
    url: server.url,
    admin: server.admin,
    database,
    clock,
    logs,
    server,
    liveRunner,
    ended,
    databaseConfig: { dataDir, databaseUrl, encryptionKey },
    async close() {
      await server.close();
      await database.close();
      await dropPostgres();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface AsyncSuiteContext {
  readonly backend: Backend;
  readonly server: AsyncTestServer;
}

/** One asynchronous-check server per backend for a whole test file. */
export function useAsyncTestServer(backend: Backend): AsyncSuiteContext {
  let server: AsyncTestServer | undefined;
  beforeAll(async () => {
    server = await startAsyncTestServer(backend);
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    backend,
    get server() {
      if (!server) throw new Error('the test server is not started yet');
      return server;
    },
  };
}

/** Polls `probe` every 20 ms until it returns a value other than undefined (or fails after `timeoutMs`). */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** GET the check (contract-validated by `call`). */
export async function getCheck(server: TestServer, key: string, id: string, path = `/api/check/async/${id}`) {
  return call(server.url, 'GET', path, { key });
}

/**
 * Waits (reading the table, so polling spends none of the key's requests a second) until the check is
 * in one of `statuses`, then GETs it once.
 */
export async function waitForStatus(
  server: TestServer,
  key: string,
  id: string,
  statuses: readonly string[] = ['succeeded', 'failed'],
): Promise<CheckRecord> {
  await eventually(
    async () => {
      const { rows } = await server.database.db.query<{ status: string }>(
        'SELECT status FROM async_checks WHERE id = $1',
        [id],
      );
      return statuses.includes(rows[0]?.status ?? '') ? true : undefined;
    },
    `${id} to be ${statuses.join(' or ')}`,
  );
  const response = await getCheck(server, key, id);
  if (response.status !== 200) throw new Error(`GET ${id} answered ${response.status}`);
  return response.body as CheckRecord;
}

/**
 * Waits until no check is being run and none is due on the test clock: every check has ended or is
 * waiting for a retry the clock has not reached. Then moving the clock is what runs the next attempts.
 */
export async function untilIdle(server: TestServer): Promise<void> {
  await eventually(async () => {
    const { rows } = await server.database.db.query<{ n: number }>(
      `SELECT count(*)::integer AS n FROM async_checks
        WHERE status IN ('queued', 'running') AND (lease_token IS NOT NULL OR due_at <= $1)`,
      [server.clock()],
    );
    return rows[0]?.n === 0 ? true : undefined;
  }, 'the queue to be idle');
}
