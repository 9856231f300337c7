import type { SealingKeys } from './data-keys.js';
import type { Db, Queryable } from './db.js';

/**
 * How often a read is run again when a data key it names has gone meanwhile. Once is enough for an
 * ended check (its values are then under day keys that stay for days); three leave room for a check
 * that ended and a sweep that deleted its row in between.
 */
const READ_ATTEMPTS = 3;

const isRead = (sql: string) => /^\s*SELECT\b/i.test(sql);

/**
 * A database whose every read brings in the data keys its sealed values need (from `data_keys`, on
 * the same connection or transaction), so the repositories open rows synchronously as before.
 *
 * The rows and their keys are read by two statements, each with its own snapshot (READ COMMITTED,
 * or PGlite's reads outside a transaction): a check that ends between them re-seals its row under
 * day keys and deletes its own key, so the rows read name a key that no longer exists (issue 36: an
 * Idempotency-Key replay, or a GET, racing the check's end answered 500). The read is then run again:
 * it sees the row as re-sealed. Only SELECTs: a write must not run twice.
 */
export function withDataKeys(db: Db, keys: SealingKeys): Db {
  const loading = (q: Queryable): Queryable => ({
    afterCommit: (fn) => q.afterCommit(fn),
    exec: (sql) => q.exec(sql),
    async query(sql, params) {
      for (let attempt = 1; ; attempt += 1) {
        const result = await q.query(sql, params);
        const complete = await keys.loadFor(q, result.rows);
        if (complete || attempt >= READ_ATTEMPTS || !isRead(sql)) return result as never;
      }
    },
  });
  const base = loading(db);
  return {
    ...base,
    kind: db.kind,
    transaction: (fn) => db.transaction((tx) => fn(loading(tx))),
    close: () => db.close(),
  };
}
