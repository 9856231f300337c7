import type { Db } from './db.js';

/**
 * VACUUM FULL copies a deleted row version into the new file while any transaction that might still
 * see it runs: one that was running when the row was deleted, anywhere in the PostgreSQL cluster
 * (it holds back the oldest running transaction id, and so VACUUM's own snapshot), or a snapshot
 * taken before the delete in this database. Compacting then would keep a shredded data key in the
 * files. This waits, up to `waitMs`, until no such transaction is left; false: one still runs.
 * The embedded database has one connection, this one, so its horizon is always past.
 */
export async function untilDeletedVersionsRemovable(
  db: Db,
  options: { readonly waitMs: number; readonly pollMs?: number },
): Promise<boolean> {
  if (db.kind === 'pglite') return true;
  // A new transaction id: every transaction with a lower one had started by now (the deletes
  // before this call included). A snapshot's xmax would not do: an id given out but not yet
  // finished by anyone may equal it.
  const { rows } = await db.query<{ horizon: string }>('SELECT pg_current_xact_id()::text AS horizon');
  const horizon = rows[0]?.horizon ?? '0';
  const deadline = Date.now() + options.waitMs;
  for (;;) {
    if (await pastHorizon(db, horizon)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 200));
  }
}

async function pastHorizon(db: Db, horizon: string): Promise<boolean> {
  // xid has no ordering operator: an older backend_xmin has a greater age. The 32-bit form of the
  // horizon is compared that way (wraparound is billions of transactions away from any wait here).
  const { rows } = await db.query<{ running: boolean; snapshots: boolean }>(
    `SELECT pg_snapshot_xmin(pg_current_snapshot()) < $1::xid8 AS running,
            EXISTS (SELECT 1 FROM pg_stat_activity
                     WHERE datname = current_database() AND pid <> pg_backend_pid()
                       AND backend_type <> 'autovacuum worker' AND backend_xmin IS NOT NULL
                       AND age(backend_xmin) > age($2::xid)) AS snapshots`,
    [horizon, (BigInt(horizon) % 4294967296n).toString()],
  );
  const row = rows[0];
  return row !== undefined && !row.running && !row.snapshots;
}
