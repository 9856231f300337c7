import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable, QueryResult } from './db.js';

/**
 * The embedded database: PGlite (PostgreSQL compiled to WASM) in a data folder. It is one connection in
 * one process, so queries are serialised; the hot paths are a handful of point queries per request.
 */
export async function openPgliteDb(dataDir: string): Promise<Db> {
  const pglite = await PGlite.create(dataDir);
  return wrap(pglite);
}

function adapt(q: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
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
  const base = adapt(pglite);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (fn) => pglite.transaction((tx) => fn(adapt(tx))),
    close: () => pglite.close(),
  };
}
