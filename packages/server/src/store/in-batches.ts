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

/** Deletes the rows of `table` that match `where`, in the order of `order`, a batch at a time. */
export function deleteInBatches(
  db: Db,
  table: string,
  where: string,
  order: string,
  params: readonly unknown[],
): Promise<number> {
  return inBatches(
    db,
    `DELETE FROM ${table} WHERE id IN (
       SELECT id FROM ${table} WHERE ${where} ORDER BY ${order} LIMIT ${SWEEP_BATCH})`,
    params,
  );
}
