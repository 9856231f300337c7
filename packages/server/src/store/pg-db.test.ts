import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type TestPostgresDatabase } from '../../test/support/postgres.js';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../database-unavailable.js';
import { isConnectionError, openPostgresDb, type PgPool, postgresDb } from './pg-db.js';

describe('postgresDb', () => {
  let database: TestPostgresDatabase;
  beforeAll(async () => {
    database = await createPostgresDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('discards a client whose ROLLBACK failed instead of handing it, mid-transaction, to the next caller', async () => {
    // One connection, so the next caller would get the same one back.
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    pool.on('error', () => {});
    let rollbacks = 0;
    const faulty: PgPool = {
      query: pool.query.bind(pool),
      end: pool.end.bind(pool),
      async connect() {
        const client = await pool.connect();
        const query = client.query.bind(client) as (sql: string, params?: unknown[]) => Promise<unknown>;
        // This connection's ROLLBACK fails (never reaching the server): its transaction stays open.
        (client as { query: unknown }).query = (sql: string, params?: unknown[]) => {
          if (sql !== 'ROLLBACK') return query(sql, params);
          rollbacks += 1;
          return Promise.reject(new Error('ROLLBACK failed'));
        };
        return client;
      },
    } as PgPool;
    const db = postgresDb(faulty);
    try {
      await db.exec('CREATE TABLE t (n integer)');
      await expect(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO t VALUES (1)');
          await tx.query('SELECT 1 / 0');
        }),
      ).rejects.toThrow(/division by zero/);
      expect(rollbacks).toBe(1);
      // Returned to the pool, the connection would still be in the aborted transaction: "current
      // transaction is aborted" for every statement of the next caller.
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM t');
      expect(rows[0]?.n).toBe(0);
      expect(pool.totalCount).toBe(1);
    } finally {
      await db.close();
    }
  });

  it('survives a checked-out connection ending between two statements of a transaction', async () => {
    const db = await openPostgresDb(database.url, 2);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const failed = await db
        .transaction(async (tx) => {
          const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
          // The server ends this session (as a restart or a crash does) while the client holds it.
          await admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
          // Time for the client to see its socket close with no statement running: an 'error' event
          // with no listener would end the test process here.
          await new Promise((resolve) => setTimeout(resolve, 300));
          await tx.query('SELECT 1');
        })
        .catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(Error);
      // The pool goes on with a new connection.
      const { rows } = await db.query<{ n: number }>('SELECT 1 AS n');
      expect(rows[0]?.n).toBe(1);
    } finally {
      await admin.end();
      await db.close();
    }
  });

  it('raises DatabaseUnavailableError when the server cannot be reached, and leaves statement errors as they are', async () => {
    // A port with nothing listening on it: connection refused.
    const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none', max: 1 });
    const away = postgresDb(pool);
    const refused = await away.query('SELECT 1').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DatabaseUnavailableError);
    expect(isDatabaseUnavailable(refused)).toBe(true);
    const inTransaction = await away.transaction(async () => 1).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(inTransaction)).toBe(true);
    await away.close();

    const pool2 = new pg.Pool({ connectionString: database.url, max: 1 });
    const db = postgresDb(pool2);
    const wrong = await db.query('SELECT * FROM no_such_table').catch((error: unknown) => error);
    expect(isDatabaseUnavailable(wrong)).toBe(false);
    expect((wrong as { code?: string }).code).toBe('42P01');
    await db.close();
  });

  it('classifies connection errors by socket code, SQLSTATE and pg wording', () => {
    const coded = (code: string) => Object.assign(new Error('x'), { code });
    for (const code of ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '53300']) {
      expect(isConnectionError(coded(code)), code).toBe(true);
    }
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError(new AggregateError([coded('ECONNREFUSED')]))).toBe(true);
    for (const code of ['23505', '42P01', '40001', '25P02'])
      expect(isConnectionError(coded(code)), code).toBe(false);
    expect(isConnectionError('ECONNREFUSED')).toBe(false);
  });
});
