/**
 * Schema of webhook delivery (migration 3). A delivery row is its own queue entry, like an
 * asynchronous check: `due_at` says when a worker may take it, `lease_token` who holds it. Bodies are
 * never stored (they are rebuilt from the sealed check each attempt); the URL is sealed; the attempt
 * log holds only ids, numbers, an error class and times, and is kept 7 days.
 */
export const WEBHOOKS_MIGRATION = {
  version: 3,
  name: 'webhook secrets, deliveries, attempt log, give-up mails, anonymous sandbox keys',
  sql: `
    CREATE TABLE webhook_secrets (
      account_id text NOT NULL REFERENCES accounts (id),
      mode text NOT NULL CHECK (mode IN ('live', 'test')),
      secret_sealed bytea NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (account_id, mode)
    );
    CREATE TABLE webhook_deliveries (
      id text PRIMARY KEY,
      event_id text NOT NULL UNIQUE,
      account_id text NOT NULL REFERENCES accounts (id),
      mode text NOT NULL CHECK (mode IN ('live', 'test')),
      check_id text NOT NULL,
      event_type text NOT NULL CHECK (event_type IN ('check.succeeded', 'check.failed', 'check.test')),
      url_sealed bytea NOT NULL,
      state text NOT NULL CHECK (state IN ('pending', 'delivered', 'given_up', 'failed')),
      series integer NOT NULL DEFAULT 1 CHECK (series >= 1),
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      due_at timestamptz,
      lease_token text,
      claimed_by text,
      event_created_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      last_attempt_at timestamptz,
      last_status_code integer,
      last_error_class text,
      completed_at timestamptz,
      expires_at timestamptz NOT NULL,
      CHECK ((state = 'pending') = (due_at IS NOT NULL))
    );
    CREATE INDEX webhook_deliveries_due ON webhook_deliveries (mode, due_at) WHERE state = 'pending';
    CREATE INDEX webhook_deliveries_recent ON webhook_deliveries (account_id, mode, created_at DESC);
    CREATE INDEX webhook_deliveries_expiry ON webhook_deliveries (expires_at);
    CREATE TABLE webhook_attempts (
      id text PRIMARY KEY,
      delivery_id text NOT NULL,
      account_id text NOT NULL,
      mode text NOT NULL,
      check_id text NOT NULL,
      event_id text NOT NULL,
      series integer NOT NULL,
      attempt integer NOT NULL,
      trigger text NOT NULL CHECK (trigger IN ('scheduled', 'resend', 'test')),
      delivered boolean NOT NULL,
      status_code integer,
      error_class text,
      duration_ms integer NOT NULL,
      attempted_at timestamptz NOT NULL
    );
    CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, attempted_at);
    CREATE INDEX webhook_attempts_time ON webhook_attempts (attempted_at);
    CREATE TABLE webhook_give_up_mails (
      account_id text NOT NULL,
      mode text NOT NULL,
      day text NOT NULL,
      sent_at timestamptz NOT NULL,
      PRIMARY KEY (account_id, mode, day)
    );
    ALTER TABLE accounts ADD COLUMN anonymous boolean NOT NULL DEFAULT false;
  `,
} as const;
