// Reservations of an instance that stopped heartbeating, given back by two live instances at once
// (two connections stand for them, PostgreSQL): each once, whoever gets it, and only those of
// unregistered instances: a live instance's, an asynchronous check's and an unnamed one stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type TestPostgresDatabase } from '../../test/support/postgres.js';
import type { Db } from './db.js';
import { createInstancesRepo } from './instances-repo.js';
import { migrate } from './migrations.js';
import { openPostgresDb } from './pg-db.js';
import { createUsageRepo } from './usage-repo.js';

const NOW = new Date('2026-11-27T10:00:00Z');
const PERIOD = '2026-11';

describe('reservations of stopped instances', () => {
  let pg: TestPostgresDatabase;
  let a: Db;
  let b: Db;
  beforeAll(async () => {
    pg = await createPostgresDatabase();
    a = await openPostgresDb(pg.url, 4);
    b = await openPostgresDb(pg.url, 4);
    await migrate(a, NOW);
    await a.query(
      `INSERT INTO accounts (id, email, plan, subscription_status, created_at, updated_at)
       VALUES ('acc_1', 'o@example.com', 'pro', 'active', $1, $1)`,
      [NOW],
    );
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await pg?.drop();
  });

  it('are given back once between two instances running the release together', async () => {
    const usage = createUsageRepo(a);
    await createInstancesRepo(a).register(
      { id: 'ins_alive', host: 'rtw-2', version: '1', slots: 1, portalDriver: true },
      60_000,
    );
    const reserve = (id: string, instanceId?: string) =>
      usage.reserve({
        reservationId: id,
        accountId: 'acc_1',
        keyId: 'key_1',
        period: PERIOD,
        ceiling: 1000,
        now: NOW,
        holder: instanceId ? { instanceId, checkId: `chk_${id}` } : undefined,
      });
    for (let i = 0; i < 20; i++) await reserve(`res_dead_${i}`, 'ins_dead');
    await reserve('res_alive', 'ins_alive');
    await reserve('res_unnamed');
    await reserve('res_async', 'ins_dead');
    // A queued asynchronous check holds its reservation (its lease moves it, not the heartbeat).
    await a.query(
      `INSERT INTO async_checks (id, account_id, key_id, mode, kind, status, request_id, reservation_id,
         created_at, due_at)
       VALUES ('chk_async', 'acc_1', 'key_1', 'live', 'right_to_work', 'queued', 'req_1', 'res_async', $1, $1)`,
      [NOW],
    );
    expect((await usage.counts('acc_1', PERIOD)).reserved).toBe(23);

    const [first, second] = await Promise.all([
      createUsageRepo(a).releaseOrphans(),
      createUsageRepo(b).releaseOrphans(),
    ]);
    const released = [...first, ...second];
    expect(released.every((r) => r.instanceId === 'ins_dead')).toBe(true);
    expect(released.reduce((sum, r) => sum + r.count, 0)).toBe(20);
    expect((await usage.counts('acc_1', PERIOD)).reserved).toBe(3);
    const left = await a.query<{ id: string }>('SELECT id FROM usage_reservations ORDER BY id');
    expect(left.rows.map((r) => r.id)).toEqual(['res_alive', 'res_async', 'res_unnamed']);
    // Nothing more to give back.
    expect(await createUsageRepo(b).releaseOrphans()).toEqual([]);
  });
});
