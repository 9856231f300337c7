import pg from 'pg';
import { afterCommitQueue, type Db, type Queryable, type QueryResult, runNow } from './db.js';

/** A PostgreSQL server through a `pg` pool; several server processes can share one database. */
export async function openPostgresDb(connectionString: string, maxConnections = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: maxConnections });
  // An idle client losing its connection emits 'error' on the pool; without a listener that kills the
  // process. The next query gets a fresh connection, so there is nothing else to do here.
  pool.on('error', () => {});
  // Fail at start, with the driver's message, rather than on the first request.
  const client = await pool.connect();
  client.release();
  return {
    kind: 'postgres',
    query: (sql, params) => runQuery(pool, sql, params),
    exec: async (sql) => {
      await pool.query(sql);
    },
    afterCommit: runNow,
    async transaction(fn) {
      const conn = await pool.connect();
      const committed = afterCommitQueue();
      try {
        await conn.query('BEGIN');
        const tx: Queryable = {
          afterCommit: committed.add,
          query: (sql, params) => runQuery(conn, sql, params),
          exec: async (sql) => {
            await conn.query(sql);
          },
        };
        const value = await fn(tx);
        await conn.query('COMMIT');
        committed.run();
        return value;
      } catch (error) {
        await conn.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}

async function runQuery<Row>(
  target: pg.Pool | pg.PoolClient,
  sql: string,
  params: readonly unknown[] = [],
): Promise<QueryResult<Row>> {
  const result = await target.query(sql, [...params]);
  return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
}
