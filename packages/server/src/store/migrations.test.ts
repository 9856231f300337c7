import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type TestPostgresDatabase } from '../../test/support/postgres.js';
import { MIGRATIONS, migrate } from './migrations.js';
import { openPostgresDb } from './pg-db.js';

describe('migrations on PostgreSQL', () => {
  let pg: TestPostgresDatabase;
  beforeAll(async () => {
    pg = await createPostgresDatabase();
  });
  afterAll(async () => {
    await pg?.drop();
  });

  it('apply each version exactly once when several connections start at once', async () => {
    const dbs = await Promise.all([1, 2, 3].map(() => openPostgresDb(pg.url, 2)));
    try {
      const applied = await Promise.all(dbs.map((db) => migrate(db, new Date())));
      expect(applied.flat().sort((a, b) => a - b)).toEqual(MIGRATIONS.map((m) => m.version));
      const [db] = dbs;
      const rows = await db?.query<{ version: number }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      expect(rows?.rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
      expect(await db?.query('SELECT 1 FROM accounts')).toBeDefined();
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
    }
  });
});
