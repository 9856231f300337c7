import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CHECK_KINDS,
  type CheckKind,
  type CheckRecord,
  checkError,
  type ErrorCode,
  kindInfo,
} from '@sharecode/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Admin, createAdmin, type Database, openDatabase } from '../src/index.js';
import { call, validBody } from './support/api.js';
import { attemptsStarted, checksEnded, startAsyncServerProcess } from './support/async-processes.js';
import { seedPgliteDataDir } from './support/pglite-template.js';
import { createPostgresDatabase, type TestPostgresDatabase } from './support/postgres.js';
import { ensureServerBuilt, runBin } from './support/processes.js';

// Server PROCESSES (the built server) running asynchronous checks on the real clock: two processes on
// one PostgreSQL share the work and never run an attempt twice; a process killed with SIGKILL in the
// middle of runs is replaced, and every check still ends once, right, and charged at most once.

/** How every sandbox scenario ends asynchronously (spec 3 through core's retry policy). */
const EXPECTED: Readonly<
  Record<string, { status: 'succeeded' | 'failed'; attempts: number; code: ErrorCode | null }>
> = {
  ACPT0001: { status: 'succeeded', attempts: 1, code: null },
  NFND0001: { status: 'failed', attempts: 1, code: 'NOT_FOUND' },
  TIME0001: { status: 'failed', attempts: 3, code: 'TIMEOUT' },
  BUSY0001: { status: 'failed', attempts: 3, code: 'BUSY' },
  UPEX0001: { status: 'failed', attempts: 2, code: 'UPSTREAM_UNEXPECTED' },
  FAIL0001: { status: 'failed', attempts: 3, code: 'INTERNAL' },
  RTRY0001: { status: 'succeeded', attempts: 2, code: null },
  RTRY0002: { status: 'succeeded', attempts: 3, code: null },
};
const SUFFIXES = Object.keys(EXPECTED);
const LIVE_SUFFIXES = ['ACPT0001', 'NFND0001', 'RTRY0001', 'TIME0001', 'UPEX0001', 'BUSY0001'];

/** Fast schedules, so a whole run takes seconds; the lease is short so a dead process's runs return soon. */
const FAST_ENV = {
  RTW_ASYNC_POLL_INTERVAL_MS: '100',
  RTW_ASYNC_TEST_RETRY_SECONDS: '0.3,0.6',
  RTW_ASYNC_LIVE_RETRY_SECONDS: '0.3,0.6',
  RTW_ASYNC_LEASE_SECONDS: '2',
  RTW_ASYNC_CONCURRENCY: '8',
  RTW_ASYNC_LIVE_CONCURRENCY: '4',
  RTW_UPGRADE_URL: 'https://billing.example.com/upgrade',
};

interface Planned {
  readonly key: string;
  readonly accountId: string;
  readonly live: boolean;
  readonly kind: CheckKind;
  readonly suffix: string;
}

interface Queued extends Planned {
  readonly id: string;
}

/**
 * Accounts and keys for `tests` sandbox checks and `lives` pro live checks, cycling through the
 * scenarios and the three kinds; optionally a free account sending 11 live checks (10 included).
 * Sandbox checks: 40 an account, 20 a key; live: 20 an account, 10 a key; so no account passes 100
 * in progress and no key its requests a second.
 */
async function plan(admin: Admin, tests: number, lives: number, freeAccount: boolean): Promise<Planned[]> {
  const accountWithKeys = async (plan: 'free' | 'pro', mode: 'live' | 'test', keys: number) => {
    // One address per account (several plans share a database).
    const account = await admin.createAccount({ email: `processes-${randomUUID()}@example.com`, plan });
    if (!account.ok) throw new Error(account.error);
    const made: string[] = [];
    for (let i = 0; i < keys; i += 1) {
      const key = await admin.createApiKey(account.value.id, mode);
      if (!key.ok) throw new Error(key.error);
      made.push(key.value.key);
    }
    return { accountId: account.value.id, keys: made };
  };
  const planned: Planned[] = [];
  const add = async (
    count: number,
    perAccount: number,
    mode: 'live' | 'test',
    suffixes: readonly string[],
  ) => {
    for (let first = 0; first < count; first += perAccount) {
      const { accountId, keys } = await accountWithKeys('pro', mode, 2);
      for (let i = first; i < Math.min(count, first + perAccount); i += 1) {
        planned.push({
          key: keys[i % 2] ?? '',
          accountId,
          live: mode === 'live',
          kind: CHECK_KINDS[i % 3] ?? 'right_to_work',
          suffix: suffixes[i % suffixes.length] ?? 'ACPT0001',
        });
      }
    }
  };
  await add(tests, 40, 'test', SUFFIXES);
  await add(lives, 20, 'live', LIVE_SUFFIXES);
  if (freeAccount) {
    // Free plan keys take 5 requests a second: three keys for the 11 checks.
    const { accountId, keys } = await accountWithKeys('free', 'live', 3);
    for (let i = 0; i < 11; i += 1) {
      planned.push({
        key: keys[i % 3] ?? '',
        accountId,
        live: true,
        kind: CHECK_KINDS[i % 3] ?? 'right_to_work',
        suffix: 'ACPT0001',
      });
    }
  }
  return planned;
}

/** POSTs every planned check (a few at a time) to the given servers in turn; returns the queued ones. */
async function queueAll(urls: readonly string[], planned: readonly Planned[]): Promise<Queued[]> {
  const queued: Queued[] = [];
  const refusedFree: number[] = [];
  for (let start = 0; start < planned.length; start += 10) {
    const batch = planned.slice(start, start + 10);
    const answers = await Promise.all(
      batch.map((p, i) =>
        call(urls[(start + i) % urls.length] ?? '', 'POST', kindInfo(p.kind).asyncPath, {
          key: p.key,
          json: validBody(kindInfo(p.kind).syncPath, p.suffix),
        }),
      ),
    );
    answers.forEach((answer, i) => {
      const p = batch[i];
      if (!p) return;
      if (answer.status === 202) queued.push({ ...p, id: (answer.body as CheckRecord).id });
      else refusedFree.push(answer.status);
    });
  }
  // Only the free account's 11th live check may be refused: its 10 included checks are all in progress.
  expect(refusedFree.every((status) => status === 402)).toBe(true);
  return queued;
}

interface Row {
  id: string;
  status: string;
  attempts: number;
  lost_runs: number;
  error_code: string | null;
  error_message: string | null;
  claimed_by: string | null;
}

async function rowsOf(database: Database, ids: readonly string[]): Promise<Map<string, Row>> {
  const { rows } = await database.db.query<Row>(
    'SELECT id, status, attempts, lost_runs, error_code, error_message, claimed_by FROM async_checks WHERE id = ANY($1)',
    [[...ids]],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

async function untilAllEnded(database: Database, ids: readonly string[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await rowsOf(database, ids);
    if ([...rows.values()].every((row) => row.status === 'succeeded' || row.status === 'failed')) return;
    if (Date.now() > deadline) throw new Error('the checks did not all end');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every check ended as its scenario says, with the synchronous error; charges and counters are exact. */
async function expectRightEnds(database: Database, queued: readonly Queued[]): Promise<void> {
  const rows = await rowsOf(
    database,
    queued.map((q) => q.id),
  );
  for (const q of queued) {
    const row = rows.get(q.id);
    const expected = EXPECTED[q.suffix];
    expect(
      { status: row?.status, attempts: row?.attempts, code: row?.error_code },
      `${q.suffix} ${q.kind} ${q.id}`,
    ).toEqual({
      status: expected?.status,
      attempts: expected?.attempts,
      code: expected?.code,
    });
    if (expected?.code) expect(row?.error_message).toBe(checkError(expected.code).message);
  }
  const liveSucceeded = queued.filter((q) => q.live && EXPECTED[q.suffix]?.status === 'succeeded');
  const accounts = [...new Set(queued.filter((q) => q.live).map((q) => q.accountId))];
  const ledger = await database.db.query<{ check_id: string }>(
    'SELECT check_id FROM usage_ledger WHERE account_id = ANY($1)',
    [accounts],
  );
  // Each charged exactly once: one ledger line per succeeded live check, nothing else.
  expect(ledger.rows.map((row) => row.check_id).sort()).toEqual(liveSucceeded.map((q) => q.id).sort());
  const counters = await database.db.query<{ account_id: string; used: number; reserved: number }>(
    'SELECT account_id, used, reserved FROM usage_counters WHERE account_id = ANY($1)',
    [accounts],
  );
  for (const accountId of accounts) {
    const counter = counters.rows.find((row) => row.account_id === accountId);
    expect(counter, accountId).toMatchObject({
      used: liveSucceeded.filter((q) => q.accountId === accountId).length,
      reserved: 0,
    });
  }
  const held = await database.db.query('SELECT 1 FROM usage_reservations WHERE account_id = ANY($1)', [
    accounts,
  ]);
  expect(held.rowCount).toBe(0);
}

describe('asynchronous checks across server processes', () => {
  let dir: string;
  beforeAll(() => {
    ensureServerBuilt();
    dir = mkdtempSync(join(tmpdir(), 'rtw-async-processes-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  describe('on one PostgreSQL', () => {
    let pg: TestPostgresDatabase;
    let database: Database;
    let admin: Admin;
    let env: Record<string, string>;
    beforeAll(async () => {
      pg = await createPostgresDatabase();
      const encryptionKey = randomBytes(32);
      env = { ...FAST_ENV, DATABASE_URL: pg.url, RTW_ENCRYPTION_KEY: encryptionKey.toString('base64') };
      const opened = await openDatabase({ dataDir: '', databaseUrl: pg.url, encryptionKey });
      if (!opened.ok) throw new Error(opened.error);
      database = opened.value;
      admin = createAdmin({ accounts: database.accounts, usage: database.usage, now: () => new Date() });
    });
    afterAll(async () => {
      await database?.close();
      await pg?.drop();
    });

    it('two processes split the work and never run an attempt twice; the bin sets the default callback URL meanwhile', {
      timeout: 60_000,
    }, async () => {
      const logs = [join(dir, 'split-a.log'), join(dir, 'split-b.log')];
      const [a, b] = await Promise.all(
        // No process dies here, so no lease should run out: with FAST_ENV's 2 s, a process stalled
        // for 2 s on a loaded CI machine lost its lease and the other ran that attempt again (the
        // designed recovery, counted in lostRuns), which this test counts as a second run.
        logs.map((log) =>
          startAsyncServerProcess(
            { ...env, RTW_ASYNC_LEASE_SECONDS: '15', RTW_TEST_LIVE_DELAY_MS: '30' },
            log,
          ),
        ),
      );
      if (!a || !b) throw new Error('servers did not start');
      try {
        const queued = await queueAll([a.url, b.url], await plan(admin, 60, 12, false));
        await untilAllEnded(
          database,
          queued.map((q) => q.id),
        );
        await expectRightEnds(database, queued);
        const [fromA, fromB] = logs.map((log) =>
          attemptsStarted(log).filter((s) => queued.some((q) => q.id === s.checkId)),
        );
        expect(fromA?.length).toBeGreaterThan(0);
        expect(fromB?.length).toBeGreaterThan(0);
        const starts = [...(fromA ?? []), ...(fromB ?? [])].map((s) => `${s.checkId}#${s.attempt}`);
        // Every attempt of every check started exactly once, in one process or the other.
        const expected = queued.flatMap((q) =>
          Array.from({ length: EXPECTED[q.suffix]?.attempts ?? 0 }, (_, n) => `${q.id}#${n + 1}`),
        );
        expect(starts.sort()).toEqual(expected.sort());
        const rows = await rowsOf(
          database,
          queued.map((q) => q.id),
        );
        expect(new Set([...rows.values()].map((row) => row.claimed_by)).size).toBe(2);

        // The bin changes the default callback URL while the servers run; new checks take it.
        const binEnv = {
          DATABASE_URL: env.DATABASE_URL ?? '',
          RTW_ENCRYPTION_KEY: env.RTW_ENCRYPTION_KEY ?? '',
        };
        const [planned] = await plan(admin, 1, 0, false);
        if (!planned) throw new Error('no account');
        const url = 'https://hooks.example.com/from-the-bin';
        const set = runBin(
          ['accounts', 'set-callback', '--account', planned.accountId, '--mode', 'test', '--url', url],
          binEnv,
        );
        expect(set).toMatchObject({ code: 0, stdout: `${planned.accountId} test ${url}\n` });
        const [withDefault] = await queueAll([a.url], [planned]);
        const record = await call(a.url, 'GET', `/api/check/async/${withDefault?.id}`, { key: planned.key });
        expect((record.body as CheckRecord).callback_url).toBe(url);
        const bad = runBin(
          [
            'accounts',
            'set-callback',
            '--account',
            planned.accountId,
            '--mode',
            'test',
            '--url',
            'http://x.example.com',
          ],
          binEnv,
        );
        expect(bad.code).toBe(1);
        expect(bad.stderr).toContain('https');
        expect(
          runBin(
            ['accounts', 'set-callback', '--account', planned.accountId, '--mode', 'test', '--clear'],
            binEnv,
          ).stdout,
        ).toBe(`${planned.accountId} test poll-only\n`);
        expect(await admin.defaultCallbackUrl(planned.accountId, 'test')).toEqual({ ok: true, value: null });
      } finally {
        a.child.kill('SIGTERM');
        b.child.kill('SIGTERM');
        expect(await a.exited).toBe(0);
        expect(await b.exited).toBe(0);
      }
    });

    it('SIGKILL mid-run: a new process takes the lost runs over after their lease; 200 checks end once, right, charged at most once', {
      timeout: 90_000,
    }, async () => {
      const first = await startAsyncServerProcess(
        { ...env, RTW_TEST_LIVE_DELAY_MS: '200' },
        join(dir, 'crash-1.log'),
      );
      const queued = await queueAll([first.url], await plan(admin, 160, 30, true));
      expect(queued).toHaveLength(200);
      const ids = queued.map((q) => q.id);
      // Kill while live runs are in flight and some checks have already ended.
      for (;;) {
        const rows = [...(await rowsOf(database, ids)).values()];
        const ended = rows.filter((row) => row.status === 'succeeded' || row.status === 'failed').length;
        const { rowCount } = await database.db.query(
          "SELECT 1 FROM async_checks WHERE id = ANY($1) AND status = 'running' AND lease_token IS NOT NULL",
          [ids],
        );
        if (ended >= 40 && rowCount > 0) break;
        if (ended === ids.length) throw new Error('every check ended before the kill');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      first.child.kill('SIGKILL');
      expect(await first.exited).toBeNull();
      const inFlight = await database.db.query<{ id: string }>(
        "SELECT id FROM async_checks WHERE id = ANY($1) AND status = 'running' AND lease_token IS NOT NULL",
        [ids],
      );
      const endedBefore = await database.db.query<{ id: string }>(
        "SELECT id FROM async_checks WHERE id = ANY($1) AND status IN ('succeeded', 'failed')",
        [ids],
      );
      expect(inFlight.rowCount).toBeGreaterThan(0);
      expect(endedBefore.rowCount).toBeLessThan(ids.length);

      const second = await startAsyncServerProcess(
        { ...env, RTW_TEST_LIVE_DELAY_MS: '20' },
        join(dir, 'crash-2.log'),
      );
      try {
        await untilAllEnded(database, ids);
        await expectRightEnds(database, queued);
        const rows = await rowsOf(database, ids);
        // The runs lost with the process were run again (as the same attempt) once their lease ran out.
        for (const { id } of inFlight.rows) expect(rows.get(id)?.lost_runs, id).toBe(1);
        // A check that had ended was never run again.
        const rerun = attemptsStarted(second.logFile).filter((s) =>
          endedBefore.rows.some((row) => row.id === s.checkId),
        );
        expect(rerun).toEqual([]);
        expect(checksEnded(second.logFile).length).toBe(ids.length - (endedBefore.rowCount ?? 0));
      } finally {
        second.child.kill('SIGTERM');
        expect(await second.exited).toBe(0);
      }
    });
  });

  it('on the embedded PGlite: SIGKILL mid-run, restart on the same data folder, every check ends once and right', {
    timeout: 120_000,
  }, async () => {
    const dataDir = join(dir, 'pglite-data');
    await seedPgliteDataDir(dataDir);
    const encryptionKey = randomBytes(32);
    const env = { ...FAST_ENV, RTW_DATA_DIR: dataDir, RTW_ENCRYPTION_KEY: encryptionKey.toString('base64') };
    const logs = [join(dir, 'pglite-1.log'), join(dir, 'pglite-2.log')] as const;
    // Accounts and keys first: the embedded database serves one process at a time.
    let queued: Queued[] = [];
    let planned: Planned[] = [];
    {
      const opened = await openDatabase({ dataDir, databaseUrl: null, encryptionKey });
      if (!opened.ok) throw new Error(opened.error);
      planned = await plan(
        createAdmin({ accounts: opened.value.accounts, usage: opened.value.usage, now: () => new Date() }),
        24,
        12,
        false,
      );
      await opened.value.close();
    }
    const first = await startAsyncServerProcess({ ...env, RTW_TEST_LIVE_DELAY_MS: '200' }, logs[0]);
    queued = await queueAll([first.url], planned);
    expect(queued).toHaveLength(36);
    // Kill once some checks have ended and a live run has started without ending (from the log).
    for (;;) {
      const ended = new Set(checksEnded(logs[0]));
      const liveInFlight = attemptsStarted(logs[0]).filter((s) => s.mode === 'live' && !ended.has(s.checkId));
      if (ended.size >= 10 && liveInFlight.length > 0) break;
      if (ended.size === queued.length) throw new Error('every check ended before the kill');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    const second = await startAsyncServerProcess({ ...env, RTW_TEST_LIVE_DELAY_MS: '20' }, logs[1]);
    let exitCode: number | null = null;
    try {
      // Poll over HTTP (the folder is the server's): 12 GETs a key per round, at most two rounds a second,
      // keep every key under its limit.
      const deadline = Date.now() + 60_000;
      for (;;) {
        const records = await Promise.all(
          queued.map((q) => call(second.url, 'GET', `/api/check/async/${q.id}`, { key: q.key })),
        );
        if (
          records.every(
            (r) => r.status === 200 && ['succeeded', 'failed'].includes((r.body as CheckRecord).status),
          )
        )
          break;
        if (Date.now() > deadline) throw new Error('the checks did not all end');
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    } finally {
      second.child.kill('SIGTERM');
      exitCode = await second.exited;
    }
    expect(exitCode).toBe(0);
    const opened = await openDatabase({ dataDir, databaseUrl: null, encryptionKey });
    if (!opened.ok) throw new Error(opened.error);
    try {
      await expectRightEnds(opened.value, queued);
      const lost = await opened.value.db.query('SELECT 1 FROM async_checks WHERE lost_runs > 0');
      expect(lost.rowCount).toBeGreaterThan(0);
      const endedFirst = new Set(checksEnded(logs[0]));
      expect(attemptsStarted(logs[1]).filter((s) => endedFirst.has(s.checkId))).toEqual([]);
    } finally {
      await opened.value.close();
    }
  });
});
