import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL the tests use; each test file creates its own database there and drops it after. */
export const POSTGRES_ADMIN_URL =
  process.env.RTW_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestPostgresDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

export async function createPostgresDatabase(): Promise<TestPostgresDatabase> {
  const name = `rtw_test_${randomBytes(8).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
