import type { SealingKeys } from './data-keys.js';
import type { Db, Queryable } from './db.js';

/**
 * A database whose every read brings in the data keys its sealed values need (from `data_keys`, on
 * the same connection or transaction), so the repositories open rows synchronously as before.
 */
export function withDataKeys(db: Db, keys: SealingKeys): Db {
  const loading = (q: Queryable): Queryable => ({
    afterCommit: (fn) => q.afterCommit(fn),
    exec: (sql) => q.exec(sql),
    async query(sql, params) {
      const result = await q.query(sql, params);
      await keys.loadFor(q, result.rows);
      return result as never;
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
