import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type TestPostgresDatabase } from '../../test/support/postgres.js';
import type { Db } from './db.js';
import { EMAIL_UNIQUE_MIGRATION } from './email-unique-migration.js';
import { MIGRATIONS, migrate } from './migrations.js';
import { openPostgresDb } from './pg-db.js';

/** The schema as the previous release left it: every migration before this one. */
async function migrateBefore(db: Db): Promise<void> {
  await db.exec(
    'CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL)',
  );
  for (const migration of MIGRATIONS.filter((m) => m.version < EMAIL_UNIQUE_MIGRATION.version)) {
    await db.exec(migration.sql);
    await db.query('INSERT INTO schema_migrations VALUES ($1, $2, now())', [
      migration.version,
      migration.name,
    ]);
  }
}

const account = (db: Db, id: string, email: string, anonymous = false) =>
  db.query(
    `INSERT INTO accounts (id, email, plan, subscription_status, created_at, updated_at, anonymous)
     VALUES ($1, $2, 'pro', 'active', now(), now(), $3)`,
    [id, email, anonymous],
  );

describe('migration 14: one account per e-mail address, whatever its case', () => {
  let pg: TestPostgresDatabase;
  let db: Db;
  beforeAll(async () => {
    pg = await createPostgresDatabase();
    db = await openPostgresDb(pg.url, 2);
    await migrateBefore(db);
  });
  afterAll(async () => {
    await db?.close();
    await pg?.drop();
  });

  it('stops on existing duplicates, naming each address and its accounts, and changes nothing', async () => {
    await account(db, 'acc_one', 'owner@example.com');
    await account(db, 'acc_two', 'OWNER@Example.com');
    await account(db, 'acc_three', 'other@example.com');
    await account(db, 'acc_anon1', '', true);
    await account(db, 'acc_anon2', '', true);
    const failed = await migrate(db, new Date()).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failed).toContain('Several accounts share an e-mail address');
    expect(failed).toContain('owner@example.com (acc_one, acc_two)');
    expect(failed).not.toContain('other@example.com');
    const { rows } = await db.query<{ version: number }>(
      'SELECT max(version) AS version FROM schema_migrations',
    );
    expect(rows[0]?.version).toBe(4);
  });

  it('applies once the operator has settled them; a second address differing in case is then refused', async () => {
    await db.query("UPDATE accounts SET email = 'owner2@example.com' WHERE id = 'acc_two'");
    // Migrations after it (crypto-shredding's 15) apply in the same run.
    expect(await migrate(db, new Date())).toContain(EMAIL_UNIQUE_MIGRATION.version);
    await expect(account(db, 'acc_four', 'Other@EXAMPLE.com')).rejects.toThrow(/accounts_email_lower/);
    // Anonymous sandbox accounts have no address and stay many.
    await account(db, 'acc_anon3', '', true);
  });
});
