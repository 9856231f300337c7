import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CheckResult, checkError, fail, newCheckId, type Outcome } from '@sharecode/core';
import { validateCheckRequest } from '@sharecode/core/validation';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAsyncAttempt } from '../src/checks/async-attempt.js';
import {
  type ClaimedCheck,
  createAdmin,
  type Database,
  MAX_LOST_RUNS,
  noCheckEndedListener,
  noPortalDriverRunner,
  openDatabase,
} from '../src/index.js';
import { seedPgliteDataDir } from './support/pglite-template.js';
import { createPostgresDatabase, type TestPostgresDatabase } from './support/postgres.js';
import { BACKENDS } from './support/test-server.js';

// The queue's guarantees at the storage level, on both backends: a claim is exclusive, a lost lease
// writes nothing, an ended check is never taken again, and claims racing on PostgreSQL never overlap.
const T0 = new Date('2026-06-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const LEASE = 1_000;

describe.each(BACKENDS)('the asynchronous-check queue on %s', (backend) => {
  let database: Database;
  let pg: TestPostgresDatabase | undefined;
  let dir: string;
  let accountId: string;
  let keyId: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rtw-queue-test-'));
    if (backend === 'postgres') pg = await createPostgresDatabase();
    else await seedPgliteDataDir(join(dir, 'data'));
    const opened = await openDatabase({
      dataDir: join(dir, 'data'),
      databaseUrl: pg?.url ?? null,
      encryptionKey: randomBytes(32),
    });
    if (!opened.ok) throw new Error(opened.error);
    database = opened.value;
    const admin = createAdmin({ accounts: database.accounts, usage: database.usage, now: () => T0 });
    const account = await admin.createAccount({ email: 'queue@example.com', plan: 'pro' });
    if (!account.ok) throw new Error(account.error);
    accountId = account.value.id;
    const key = await admin.createApiKey(accountId, 'test');
    if (!key.ok) throw new Error(key.error);
    keyId = key.value.record.id;
  });

  afterAll(async () => {
    await database?.close();
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const queue = async (createdAt = T0) => {
    const request = validateCheckRequest(
      'right_to_work',
      { share_code: 'WACPT0001', date_of_birth: '1990-01-01', company_name: 'Queue Ltd' },
      { async: true, now: createdAt },
    );
    if (!request.ok) throw new Error('invalid fixture');
    const id = newCheckId();
    await database.asyncChecks.create(accountId, 'test', (tx) =>
      tx.insert({
        id,
        accountId,
        keyId,
        mode: 'test',
        kind: 'right_to_work',
        requestId: 'req_queue',
        request: request.value,
        fingerprint: 'f',
        idempotencyKey: null,
        clientReference: null,
        callbackUrl: null,
        reservation: null,
        createdAt,
      }),
    );
    return id;
  };
  const claim = (now: Date, token: string, limit = 10) =>
    database.asyncChecks.claim({
      mode: 'test',
      limit,
      now,
      leaseUntil: new Date(now.getTime() + LEASE),
      leaseToken: token,
      workerId: token.split('.')[0] ?? token,
      exclude: [],
    });
  const row = async (id: string) =>
    (
      await database.db.query<{
        status: string;
        attempts: number;
        lost_runs: number;
        lease_token: string | null;
      }>('SELECT status, attempts, lost_runs, lease_token FROM async_checks WHERE id = $1', [id])
    ).rows[0];
  const notFound: Outcome<CheckResult> = fail(checkError('NOT_FOUND'));

  it('a run whose lease was lost writes nothing; the check ends once; an ended check is never taken again', async () => {
    const id = await queue();
    const [first] = await claim(at(0), 'A.1');
    expect(first).toMatchObject({ id, attempt: 1, lostRuns: 0, leaseToken: 'A.1' });
    // Held: nobody else gets it until the lease runs out.
    expect(await claim(at(LEASE - 1), 'B.1')).toEqual([]);
    expect(await database.asyncChecks.renewLease(id, 'A.1', at(LEASE))).toBe(true);
    // A's process "dies": its lease runs out and B takes the check over, as the same attempt.
    const [taken] = await claim(at(LEASE), 'B.2');
    expect(taken).toMatchObject({ id, attempt: 1, lostRuns: 1, leaseToken: 'B.2' });
    // A wakes up: every write of its run is refused, and changes nothing.
    expect(await database.asyncChecks.renewLease(id, 'A.1', at(LEASE + 10))).toBe(false);
    expect(await database.asyncChecks.scheduleRetry(id, 'A.1', at(LEASE + 10))).toBe(false);
    let aWithin = false;
    const aEnded = await database.asyncChecks.finish(
      { id, leaseToken: 'A.1', outcome: notFound, endedAt: at(LEASE + 10) },
      async () => {
        aWithin = true;
      },
    );
    expect([aEnded, aWithin]).toEqual([null, false]);
    expect(await row(id)).toMatchObject({ status: 'running', lease_token: 'B.2' });
    // B ends it, once.
    const bEnded = await database.asyncChecks.finish(
      { id, leaseToken: 'B.2', outcome: notFound, endedAt: at(LEASE + 20) },
      async () => {},
    );
    expect(bEnded).toMatchObject({ id, status: 'failed', attempts: 1, error: { code: 'NOT_FOUND' } });
    expect(
      await database.asyncChecks.finish(
        { id, leaseToken: 'B.2', outcome: notFound, endedAt: at(LEASE + 30) },
        async () => {},
      ),
    ).toBeNull();
    expect(await claim(at(3_600_000), 'C.1')).toEqual([]);
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1, lost_runs: 1, lease_token: null });
  });

  it('a retry gives the check back until its due time, then it is the next attempt', async () => {
    const id = await queue(at(10_000_000));
    const [first] = await claim(at(10_000_000), 'A.3');
    expect(first?.attempt).toBe(1);
    expect(await database.asyncChecks.scheduleRetry(id, 'A.3', at(10_002_000))).toBe(true);
    expect(await claim(at(10_001_999), 'B.3')).toEqual([]);
    const [second] = await claim(at(10_002_000), 'B.4');
    expect(second).toMatchObject({ id, attempt: 2, lostRuns: 0 });
    expect(
      await database.asyncChecks.finish(
        { id, leaseToken: 'B.4', outcome: notFound, endedAt: at(10_002_001) },
        async () => {},
      ),
    ).not.toBeNull();
  });

  it(`a check that keeps losing its runs ends as failed INTERNAL after ${MAX_LOST_RUNS}`, async () => {
    const id = await queue(at(20_000_000));
    let claimed: ClaimedCheck | undefined;
    for (let i = 0; i <= MAX_LOST_RUNS; i += 1) [claimed] = await claim(at(20_000_000 + i * LEASE), `L.${i}`);
    expect(claimed).toMatchObject({ id, attempt: 1, lostRuns: MAX_LOST_RUNS });
    if (!claimed) throw new Error('not claimed');
    const end = await runAsyncAttempt(
      {
        repo: database.asyncChecks,
        liveRunner: noPortalDriverRunner,
        listener: noCheckEndedListener,
        upgradeUrl: 'https://billing.example.com/upgrade',
        clock: () => at(20_000_000 + (MAX_LOST_RUNS + 1) * LEASE),
        log: pino({ level: 'silent' }),
        retrySchedule: { live: [30, 120], test: [1, 2] },
      },
      claimed,
    );
    expect(end).toEqual({ type: 'ended', status: 'failed' });
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('claims racing from several workers never take the same check twice', async () => {
    const start = at(30_000_000);
    const ids = new Set<string>();
    for (let i = 0; i < 60; i += 1) ids.add(await queue(start));
    const taken = (
      await Promise.all(Array.from({ length: 6 }, (_, w) => claim(at(30_000_001), `W${w}.1`, 15)))
    ).flat();
    expect(taken).toHaveLength(60);
    expect(new Set(taken.map((c) => c.id))).toEqual(ids);
  });

  it('after a crash, a check whose lease ran out is reclaimed before the backlog queued ahead of it', async () => {
    // Its own mode, so rows other tests left queued cannot stand in the way.
    const queueLive = async (createdAt: Date) => {
      const request = validateCheckRequest(
        'right_to_work',
        { share_code: 'WACPT0001', date_of_birth: '1990-01-01', company_name: 'Queue Ltd' },
        { async: true, now: createdAt },
      );
      if (!request.ok) throw new Error('invalid fixture');
      const id = newCheckId();
      await database.asyncChecks.create(accountId, 'live', (tx) =>
        tx.insert({
          id,
          accountId,
          keyId,
          mode: 'live',
          kind: 'right_to_work',
          requestId: 'req_queue',
          request: request.value,
          fingerprint: 'f',
          idempotencyKey: null,
          clientReference: null,
          callbackUrl: null,
          reservation: null,
          createdAt,
        }),
      );
      return id;
    };
    const claimLive = (now: Date, token: string, limit: number) =>
      database.asyncChecks.claim({
        mode: 'live',
        limit,
        now,
        leaseUntil: new Date(now.getTime() + LEASE),
        leaseToken: token,
        workerId: 'W',
        exclude: [],
      });
    const start = at(40_000_000);
    const interrupted = await queueLive(start);
    const [running] = await claimLive(start, 'dead.1', 1);
    expect(running).toMatchObject({ id: interrupted, takenOver: false });
    // The process dies. Meanwhile a backlog arrives, every check due before the lease runs out.
    const backlog: string[] = [];
    for (let i = 1; i <= 5; i += 1) backlog.push(await queueLive(at(40_000_000 + i)));
    const [first] = await claimLive(at(40_000_000 + LEASE + 1), 'new.1', 1);
    // A lease take-over (rtw_queue_lease_takeovers_total counts it).
    expect(first).toMatchObject({ id: interrupted, attempt: 1, lostRuns: 1, takenOver: true });
    // Then the backlog, oldest first.
    const rest = await claimLive(at(40_000_000 + LEASE + 2), 'new.2', 10);
    expect(rest.map((c) => c.id)).toEqual(backlog);
    expect(rest.every((c) => c.takenOver === false)).toBe(true);
  });
});
