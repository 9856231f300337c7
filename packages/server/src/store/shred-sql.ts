import { bucketOf } from './data-keys.js';
import type { Db, Queryable } from './db.js';
import { untilDeletedVersionsRemovable } from './removable-horizon.js';

/** How long a compaction waits for older transactions to end before it compacts what it can. */
export const COMPACTION_WAIT_MS = 60_000;

/**
 * Deletes the data keys of the days before `now`'s, once retention has deleted their data: every copy
 * of that data left in the files is unreadable from then on. A key still used by a delivery still
 * pending (past its deletion, left to its worker) stays until it ends. The open checks' own keys
 * (`check:<id>`) go when their check ends (deleteDataKey). Returns the days whose key went.
 */
export async function deleteSpentDataKeys(db: Db, now: Date): Promise<string[]> {
  const { rows } = await db.query<{ day: string }>(
    `DELETE FROM data_keys k WHERE k.day < $1 AND k.day NOT LIKE 'check:%'
       AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.state = 'pending'
                         AND substring(d.url_sealed from 2 for 4) = k.key_id)
     RETURNING day`,
    [bucketOf(now)],
  );
  return rows.map((row) => row.day);
}

/** Deletes one bucket's data key (an ended check's own); the next compaction removes its old versions. */
export async function deleteDataKey(q: Queryable, bucket: string): Promise<void> {
  await q.query('DELETE FROM data_keys WHERE day = $1', [bucket]);
}

/** The tables whose files may hold values under a master key (reseal.ts) or a data key's wrapping. */
export type CompactedTable =
  | 'data_keys'
  | 'accounts'
  | 'async_checks'
  | 'check_requests'
  | 'check_copies'
  | 'webhook_deliveries'
  | 'webhook_secrets'
  | 'meta';

/**
 * Rewrites each table into new files (VACUUM FULL: the old file is emptied at commit), so no dead
 * version of a row survives in them, then writes a checkpoint (see checkpoint). It first waits for
 * the transactions that could still see the deleted versions (removable-horizon.ts); `complete`
 * false: one still ran after `waitMs`, so some versions may have been kept and a later compaction
 * must run again.
 */
export async function compactTables(
  db: Db,
  tables: readonly CompactedTable[],
  waitMs = COMPACTION_WAIT_MS,
): Promise<{ checkpoint: boolean; complete: boolean }> {
  const complete = await untilDeletedVersionsRemovable(db, { waitMs });
  for (const table of new Set(tables)) await db.exec(`VACUUM (FULL) ${table}`);
  return { checkpoint: await checkpoint(db), complete };
}

/**
 * A checkpoint writes the compacted pages home, after which the WAL before it is no longer needed.
 * The embedded database then switches to a new WAL segment and checkpoints again with segment
 * recycling off, so the segments that held the old row versions are removed, not kept for reuse.
 * PostgreSQL's WAL belongs to the cluster (its settings: docs/operations.md); CHECKPOINT needs a
 * superuser or the pg_checkpoint role there, and without it is left to the server's own schedule
 * (false).
 */
export async function checkpoint(db: Db): Promise<boolean> {
  if (db.kind === 'pglite') {
    await db.exec('SET wal_recycle = off; CHECKPOINT; SELECT pg_switch_wal(); CHECKPOINT;');
    return true;
  }
  try {
    await db.exec('CHECKPOINT');
    return true;
  } catch {
    return false;
  }
}
