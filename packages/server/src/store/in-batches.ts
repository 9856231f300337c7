import type { Db } from './db.js';

/** Deletes and clean-ups run in batches, so one sweep never holds the single PGlite connection for long. */
export const SWEEP_BATCH = 500;

/**
 * Runs `sql` (which touches at most `LIMIT ${SWEEP_BATCH}` rows) until a batch comes back short, and
 * counts the rows it touched in all.
 */
export async function inBatches(db: Db, sql: string, params: readonly unknown[]): Promise<number> {
  let total = 0;
  for (;;) {
    const { rowCount } = await db.query(sql, params);
    total += rowCount;
    if (rowCount < SWEEP_BATCH) return total;
  }
}
