import pg from 'pg';
import { DatabaseUnavailableError } from '../database-unavailable.js';
import { afterCommitQueue, type Db, type Queryable, type QueryResult, runNow } from './db.js';

/** A PostgreSQL server through a `pg` pool; several server processes can share one database. */
export async function openPostgresDb(connectionString: string, maxConnections = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: maxConnections });
  // An idle client losing its connection emits 'error' on the pool; without a listener that kills the
  // process. The next query gets a fresh connection, so there is nothing else to do here.
  pool.on('error', () => {});
  // A client checked out (inside a transaction, between two statements) has no pool listener: its
  // connection ending then emits 'error' on the client, which would kill the process. The statement
  // that follows fails as DatabaseUnavailableError and release() drops the client.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  // Fail at start, with the driver's message, rather than on the first request.
  const client = await pool.connect();
  client.release();
  return postgresDb(pool);
}

/** The part of pg.Pool used here (a test wraps a real pool to make one ROLLBACK fail). */
export type PgPool = Pick<pg.Pool, 'connect' | 'query' | 'end'>;

/** The Db over a pool: connection errors become DatabaseUnavailableError. */
export function postgresDb(pool: PgPool): Db {
  return {
    kind: 'postgres',
    query: (sql, params) => runQuery(pool, sql, params),
    exec: async (sql) => {
      await pool.query(sql).catch(rethrow);
    },
    afterCommit: runNow,
    async transaction(fn) {
      const conn = await pool.connect().catch(rethrow);
      const committed = afterCommitQueue();
      // Set when ROLLBACK fails: the connection's state is unknown (still in the transaction, or
      // broken), so it is discarded rather than handed to the next caller.
      let broken: Error | undefined;
      try {
        await conn.query('BEGIN');
        const tx: Queryable = {
          afterCommit: committed.add,
          query: (sql, params) => runQuery(conn, sql, params),
          exec: async (sql) => {
            await conn.query(sql).catch(rethrow);
          },
        };
        const value = await fn(tx);
        await conn.query('COMMIT');
        committed.run();
        return value;
      } catch (error) {
        await conn.query('ROLLBACK').catch((failed: unknown) => {
          broken = failed instanceof Error ? failed : new Error(String(failed));
        });
        return rethrow(error);
      } finally {
        // release(error) destroys the client instead of returning it to the pool.
        conn.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

async function runQuery<Row>(
  target: PgPool | pg.PoolClient,
  sql: string,
  params: readonly unknown[] = [],
): Promise<QueryResult<Row>> {
  const result = await target.query(sql, [...params]).catch(rethrow);
  return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
}

/** Node's socket errors that mean the server is not there (or went away). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  // A Unix socket path with no server behind it.
  'ENOENT',
]);

/**
 * PostgreSQL's own: class 08 (connection exception), 57P01 admin shutdown, 57P02 crash shutdown,
 * 57P03 cannot connect now (starting up, shutting down, recovering), 53300 too many connections.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** pg's wording for a connection that ended or could not be opened (its errors carry no code). */
const PG_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /not queryable/,
  /^Client has encountered a connection error/,
];

/** Whether the error says the database could not be reached (not what a statement did). */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08')))
    return true;
  if (error instanceof AggregateError && error.errors.some(isConnectionError)) return true;
  return PG_MESSAGES.some((pattern) => pattern.test(error.message));
}

function rethrow(error: unknown): never {
  if (isConnectionError(error) && !(error instanceof DatabaseUnavailableError)) {
    throw new DatabaseUnavailableError('The database cannot be reached', { cause: error });
  }
  throw error;
}
