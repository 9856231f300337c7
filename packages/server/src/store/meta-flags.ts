import type { Db } from './db.js';

/** Named markers in the `meta` table: set or cleared, read by every instance. */
export type MetaFlag = 'retention_in_buckets' | 'data_keys_compaction_due';

export async function setMetaFlag(db: Db, name: MetaFlag, on = true): Promise<void> {
  if (on) {
    await db.query(`INSERT INTO meta (name, value) VALUES ($1, '\\x'::bytea) ON CONFLICT (name) DO NOTHING`, [
      name,
    ]);
  } else {
    await db.query('DELETE FROM meta WHERE name = $1', [name]);
  }
}

export async function hasMetaFlag(db: Db, name: MetaFlag): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM meta WHERE name = $1', [name]);
  return rows.length > 0;
}
