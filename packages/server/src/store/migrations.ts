import { ASYNC_CHECKS_MIGRATION } from './async-migration.js';
import { CHECK_REQUESTS_MIGRATION } from './check-requests-migration.js';
import { CLUSTER_MIGRATION } from './cluster-migration.js';
import { DASHBOARD_MIGRATION } from './dashboard-migration.js';
import type { Db } from './db.js';
import { EMAIL_UNIQUE_MIGRATION } from './email-unique-migration.js';
import { REQUEST_EMAIL_STATUS_MIGRATION } from './request-email-status-migration.js';
import { RESERVATION_HOLDER_MIGRATION } from './reservation-holder-migration.js';
import { SHRED_MIGRATION } from './shred-migration.js';
import { WEBHOOKS_MIGRATION } from './webhook-migration.js';

interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/**
 * Versioned schema changes, applied in order at start. Never edit a released migration: add one.
 * Personal data lives only in `bytea` columns sealed with AES-256-GCM (see encryption.ts).
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'accounts, keys, usage, rate limits, check copies',
    sql: `
      CREATE TABLE accounts (
        id text PRIMARY KEY,
        email text NOT NULL,
        plan text NOT NULL CHECK (plan IN ('free', 'pro', 'scale')),
        subscription_status text NOT NULL
          CHECK (subscription_status IN ('active', 'past_due', 'unpaid', 'canceled')),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE TABLE api_keys (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts (id),
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        key_hash bytea NOT NULL UNIQUE,
        prefix text NOT NULL,
        created_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE INDEX api_keys_account ON api_keys (account_id);
      CREATE TABLE rate_windows (
        key_id text NOT NULL,
        window_second bigint NOT NULL,
        hits integer NOT NULL,
        PRIMARY KEY (key_id, window_second)
      );
      CREATE TABLE usage_counters (
        account_id text NOT NULL REFERENCES accounts (id),
        period text NOT NULL,
        used integer NOT NULL DEFAULT 0 CHECK (used >= 0),
        reserved integer NOT NULL DEFAULT 0 CHECK (reserved >= 0),
        PRIMARY KEY (account_id, period)
      );
      CREATE TABLE usage_reservations (
        id text PRIMARY KEY,
        account_id text NOT NULL,
        period text NOT NULL,
        key_id text NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX usage_reservations_created ON usage_reservations (created_at);
      CREATE TABLE usage_ledger (
        check_id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts (id),
        key_id text NOT NULL,
        period text NOT NULL,
        kind text NOT NULL,
        plan text NOT NULL,
        overage boolean NOT NULL,
        amount_pence integer NOT NULL CHECK (amount_pence >= 0),
        created_at timestamptz NOT NULL
      );
      CREATE INDEX usage_ledger_account_period ON usage_ledger (account_id, period);
      CREATE TABLE check_copies (
        id text PRIMARY KEY,
        account_id text NOT NULL,
        key_id text NOT NULL,
        mode text NOT NULL,
        kind text NOT NULL,
        request_id text NOT NULL,
        http_status integer NOT NULL,
        error_code text,
        sealed bytea NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX check_copies_expires ON check_copies (expires_at);
      CREATE TABLE meta (
        name text PRIMARY KEY,
        value bytea NOT NULL
      );
    `,
  },
  ASYNC_CHECKS_MIGRATION,
  WEBHOOKS_MIGRATION,
  DASHBOARD_MIGRATION,
  EMAIL_UNIQUE_MIGRATION,
  SHRED_MIGRATION,
  CLUSTER_MIGRATION,
  RESERVATION_HOLDER_MIGRATION,
  CHECK_REQUESTS_MIGRATION,
  REQUEST_EMAIL_STATUS_MIGRATION,
];

/** The newest schema version this server knows (GET /readyz compares the database's with it). */
export const LATEST_MIGRATION = Math.max(...MIGRATIONS.map((m) => m.version));

/** Any constant works; it only has to be the same in every process sharing the database. */
const MIGRATION_LOCK_ID = 0x72_74_77_01;

/**
 * Applies pending migrations in one transaction under a transaction-scoped advisory lock, so two
 * processes starting at once apply each migration exactly once (the second waits, then finds nothing
 * to do). Returns the versions applied by this call.
 */
export async function migrate(db: Db, now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL
    )`);
    const applied = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(applied.rows.map((row) => row.version));
    const newest = Math.max(0, ...done);
    const known = LATEST_MIGRATION;
    if (newest > known) {
      throw new Error(
        `The database schema is at version ${newest} but this rtw-server knows versions up to ${known}; ` +
          'run a newer rtw-server against this database.',
      );
    }
    const ran: number[] = [];
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        now,
      ]);
      ran.push(migration.version);
    }
    return ran;
  });
}
