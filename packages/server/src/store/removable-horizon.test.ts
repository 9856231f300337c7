import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPostgresDatabase,
  POSTGRES_ADMIN_URL,
  type TestPostgresDatabase,
} from '../../test/support/postgres.js';
import type { Db } from './db.js';
import { openPostgresDb } from './pg-db.js';
import { untilDeletedVersionsRemovable } from './removable-horizon.js';

describe('waiting for deleted row versions to become removable (PostgreSQL)', () => {
  let database: TestPostgresDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createPostgresDatabase();
    db = await openPostgresDb(database.url, 2);
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  /** A transaction with an id, open in another database of the cluster, as another service's would be. */
  async function olderTransaction(): Promise<{ end(): Promise<void> }> {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await client.connect();
    await client.query('BEGIN');
    await client.query('SELECT pg_current_xact_id()');
    return {
      async end() {
        await client.query('COMMIT');
        await client.end();
      },
    };
  }

  it('is past once no transaction older than the call runs', async () => {
    // The cluster is shared: other tests' short transactions may be running when the call starts,
    // so the call is given the time they take, not asked to be past at once.
    expect(await untilDeletedVersionsRemovable(db, { waitMs: 30_000, pollMs: 50 })).toBe(true);
  });

  it('gives up after its wait while an older transaction runs elsewhere in the cluster', async () => {
    const older = await olderTransaction();
    try {
      expect(await untilDeletedVersionsRemovable(db, { waitMs: 300, pollMs: 50 })).toBe(false);
    } finally {
      await older.end();
    }
  });

  it('waits for an older transaction to end, then is past', async () => {
    const older = await olderTransaction();
    let settled = false;
    const waiting = untilDeletedVersionsRemovable(db, { waitMs: 30_000, pollMs: 50 }).finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(settled).toBe(false);
    await older.end();
    expect(await waiting).toBe(true);
  });

  it('waits for a snapshot taken before the delete in this database', async () => {
    const reader = new pg.Client({ connectionString: database.url });
    await reader.connect();
    await reader.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    await reader.query('SELECT 1');
    // Deleted after the reader's snapshot, which may still see it.
    await db.exec('CREATE TABLE IF NOT EXISTS horizon_probe (n int); INSERT INTO horizon_probe VALUES (1)');
    await db.exec('DELETE FROM horizon_probe');
    try {
      expect(await untilDeletedVersionsRemovable(db, { waitMs: 300, pollMs: 50 })).toBe(false);
    } finally {
      await reader.query('COMMIT');
      await reader.end();
    }
    expect(await untilDeletedVersionsRemovable(db, { waitMs: 30_000, pollMs: 50 })).toBe(true);
  });
});
