import { PGlite } from '@electric-sql/pglite';
import { afterCommitQueue, type Db, type Queryable, type QueryResult, runNow } from './db.js';

/**
 * The embedded database: PGlite (PostgreSQL compiled to WASM) in a data folder. It is one connection in
 * one process, so queries are serialised; the hot paths are a handful of point queries per request.
 */
export async function openPgliteDb(dataDir: string): Promise<Db> {
  const pglite = await PGlite.create(dataDir);
  return wrap(pglite);
}

function adapt(q: Pick<PGlite, 'query' | 'exec'>, afterCommit: (fn: () => void) => void): Queryable {
  return {
    afterCommit,
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const result = await q.query<Row>(sql, [...params]);
      return { rows: result.rows, rowCount: result.affectedRows || result.rows.length };
    },
    async exec(sql: string): Promise<void> {
      await q.exec(sql);
    },
  };
}

function wrap(pglite: PGlite): Db {
  const base = adapt(pglite, runNow);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    afterCommit: runNow,
    async transaction(fn) {
      const committed = afterCommitQueue();
      const value = await pglite.transaction((tx) => fn(adapt(tx, committed.add)));
      committed.run();
      return value;
    },
    close: () => pglite.close(),
  };
}
