import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newCheckId } from '@sharecode/core';
import { validateCheckRequest } from '@sharecode/core/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, type Database, openDatabase } from '../src/index.js';
import { seedPgliteDataDir } from './support/pglite-template.js';
import { createPostgresDatabase, type TestPostgresDatabase } from './support/postgres.js';
import { BACKENDS } from './support/test-server.js';

// Without an injected clock, leases and due times are the database's: `{ afterMs }` is after its
// now(), a claim without `now` compares with its now(), and work registered with afterCommit runs
// only once its transaction has committed.
describe.each(BACKENDS)('the queues on the database clock, on %s', (backend) => {
  let database: Database;
  let pg: TestPostgresDatabase | undefined;
  let dir: string;
  let accountId: string;
  let keyId: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rtw-queue-clock-'));
    if (backend === 'postgres') pg = await createPostgresDatabase();
    else await seedPgliteDataDir(join(dir, 'data'));
    const opened = await openDatabase({
      dataDir: join(dir, 'data'),
      databaseUrl: pg?.url ?? null,
      encryptionKey: randomBytes(32),
    });
    if (!opened.ok) throw new Error(opened.error);
    database = opened.value;
    const admin = createAdmin({ accounts: database.accounts, usage: database.usage, now: () => new Date() });
    const account = await admin.createAccount({ email: 'clock@example.com', plan: 'pro' });
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

  /** Queues a check whose writer's clock says `createdAt`; `committed` is told after the commit. */
  const queue = async (createdAt: Date, committed: (id: string) => void = () => {}) => {
    const request = validateCheckRequest(
      'right_to_work',
      { share_code: 'WACPT0001', date_of_birth: '1990-01-01', company_name: 'Clock Ltd' },
      { async: true, now: createdAt },
    );
    if (!request.ok) throw new Error('invalid fixture');
    const id = newCheckId();
    await database.asyncChecks.create(accountId, 'test', async (tx) => {
      await tx.insert({
        id,
        accountId,
        keyId,
        mode: 'test',
        kind: 'right_to_work',
        requestId: 'req_clock',
        request: request.value,
        fingerprint: 'f',
        idempotencyKey: null,
        clientReference: null,
        callbackUrl: null,
        reservation: null,
        createdAt,
      });
    });
    committed(id);
    return id;
  };
  const claim = (token: string) =>
    database.asyncChecks.claim({
      mode: 'test',
      limit: 10,
      leaseUntil: { afterMs: 60_000 },
      leaseToken: token,
      workerId: 'W',
      exclude: [],
    });
  const dueAt = async (id: string) =>
    (await database.db.query<{ due_at: Date }>('SELECT due_at FROM async_checks WHERE id = $1', [id])).rows[0]
      ?.due_at;

  it("a new entry is due at once even when its writer's clock runs an hour ahead", async () => {
    const id = await queue(new Date(Date.now() + 3_600_000));
    const [claimed] = await claim('A.1');
    expect(claimed?.id).toBe(id);
    // Leased for a minute after the database's now, not the writer's.
    const until = (await dueAt(id))?.getTime() ?? 0;
    expect(until).toBeGreaterThan(Date.now() + 50_000);
    expect(until).toBeLessThan(Date.now() + 70_000);
    expect(await claim('B.1')).toEqual([]);
  });

  it('a retry and a renewal count from the database now', async () => {
    const id = await queue(new Date());
    await claim('A.2');
    expect(await database.asyncChecks.scheduleRetry(id, 'A.2', { afterMs: 200 })).toBe(true);
    expect(await claim('B.2')).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [again] = await claim('B.3');
    expect(again).toMatchObject({ id, attempt: 2 });
    expect(await database.asyncChecks.renewLease(id, 'B.3', { afterMs: -1 })).toBe(true);
    // A lease that has run out on the database's clock is anyone's.
    const [taken] = await claim('C.3');
    expect(taken).toMatchObject({ id, attempt: 2, lostRuns: 1 });
  });

  it('runs after-commit work only after the commit, and never after a rollback', async () => {
    const seen: string[] = [];
    await database.db.transaction(async (tx) => {
      await tx.query("UPDATE accounts SET plan = 'scale' WHERE id = $1", [accountId]);
      tx.afterCommit(() => seen.push('committed'));
      // Not yet: the transaction is still open.
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['committed']);
    await expect(
      database.db.transaction(async (tx) => {
        tx.afterCommit(() => seen.push('rolled back'));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(seen).toEqual(['committed']);
  });
});
