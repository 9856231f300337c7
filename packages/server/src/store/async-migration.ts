/**
 * Schema of asynchronous checks (migration 2). The check row is also its queue entry: one row, one
 * state, so queueing, claiming, retrying and ending are each one conditional UPDATE and the final one
 * shares its transaction with the quota charge. Personal data is only in the `*_sealed` columns
 * (AES-256-GCM, see encryption.ts).
 */
export const ASYNC_CHECKS_MIGRATION = {
  version: 2,
  name: 'asynchronous checks and default callback URLs',
  sql: `
    CREATE TABLE async_checks (
      id text PRIMARY KEY,
      account_id text NOT NULL REFERENCES accounts (id),
      key_id text NOT NULL,
      mode text NOT NULL CHECK (mode IN ('live', 'test')),
      kind text NOT NULL CHECK (kind IN ('right_to_work', 'right_to_rent', 'immigration_status')),
      status text NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      lost_runs integer NOT NULL DEFAULT 0 CHECK (lost_runs >= 0),
      due_at timestamptz,
      lease_token text,
      claimed_by text,
      request_id text NOT NULL,
      idempotency_key_hash bytea,
      fingerprint_sealed bytea,
      request_sealed bytea,
      client_reference_sealed bytea,
      callback_url_sealed bytea,
      result_sealed bytea,
      error_code text,
      error_message text,
      reservation_id text,
      reservation_period text,
      reservation_plan text,
      created_at timestamptz NOT NULL,
      first_started_at timestamptz,
      completed_at timestamptz,
      result_expires_at timestamptz,
      result_expired boolean NOT NULL DEFAULT false,
      status_expires_at timestamptz,
      CHECK ((status IN ('queued', 'running')) = (due_at IS NOT NULL))
    );
    CREATE UNIQUE INDEX async_checks_idempotency ON async_checks (account_id, mode, idempotency_key_hash)
      WHERE idempotency_key_hash IS NOT NULL;
    CREATE INDEX async_checks_due ON async_checks (mode, due_at) WHERE status IN ('queued', 'running');
    CREATE INDEX async_checks_in_progress ON async_checks (account_id, mode)
      WHERE status IN ('queued', 'running');
    CREATE INDEX async_checks_reservation ON async_checks (reservation_id) WHERE reservation_id IS NOT NULL;
    CREATE INDEX async_checks_result_expiry ON async_checks (result_expires_at) WHERE NOT result_expired;
    CREATE INDEX async_checks_status_expiry ON async_checks (status_expires_at);
    ALTER TABLE accounts
      ADD COLUMN default_callback_url_live bytea,
      ADD COLUMN default_callback_url_test bytea;
  `,
} as const;
