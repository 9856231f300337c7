/**
 * Check requests (migration 38): a link an applicant fills in, turned into an asynchronous check. The
 * applicant's token is kept only as its SHA-256; the checker's fields are the employer's, not the
 * applicant's, and stay plain; client_reference, callback_url, applicant_email and the URL of its ended event (its callback_url, else
 * the account's default for the mode when it was made) are sealed under
 * the request's own data key until it ends, then under their deletion day's (data-keys.ts). The share
 * code and date of birth live only in the check made from it. Its ended events are webhook deliveries
 * whose `check_id` is the request's id.
 */
export const CHECK_REQUESTS_MIGRATION = {
  version: 38,
  name: 'check requests',
  sql: `
    CREATE TABLE check_requests (
      id text PRIMARY KEY,
      account_id text NOT NULL REFERENCES accounts (id),
      key_id text NOT NULL,
      mode text NOT NULL CHECK (mode IN ('live', 'test')),
      kind text NOT NULL CHECK (kind IN ('right_to_work', 'right_to_rent', 'immigration_status')),
      token_hash text NOT NULL UNIQUE,
      checker jsonb NOT NULL,
      client_reference_sealed bytea,
      callback_url_sealed bytea,
      applicant_email_sealed bytea,
      event_url_sealed bytea,
      status text NOT NULL CHECK (status IN ('waiting', 'submitted', 'locked', 'expired', 'cancelled')),
      failed_attempts integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
      checks_made integer NOT NULL DEFAULT 0 CHECK (checks_made >= 0),
      latest_check_id text,
      last_error_field text,
      last_error_message text,
      notice text CHECK (notice IN ('not_now')),
      sent_shown boolean NOT NULL DEFAULT false,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      ended_at timestamptz,
      ended_event_at timestamptz,
      personal_expires_at timestamptz,
      personal_expired boolean NOT NULL DEFAULT false,
      row_expires_at timestamptz,
      CHECK ((status = 'waiting') = (ended_at IS NULL))
    );
    CREATE INDEX check_requests_listing ON check_requests (account_id, mode, created_at DESC, id DESC);
    CREATE INDEX check_requests_expiry ON check_requests (expires_at) WHERE status = 'waiting';
    CREATE INDEX check_requests_personal_expiry ON check_requests (personal_expires_at)
      WHERE NOT personal_expired;
    CREATE INDEX check_requests_row_expiry ON check_requests (row_expires_at);
    ALTER TABLE async_checks ADD COLUMN check_request_id text;
    CREATE INDEX async_checks_check_request ON async_checks (check_request_id)
      WHERE check_request_id IS NOT NULL;
    ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_event_type_check;
    ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_event_type_check
      CHECK (event_type IN ('check.succeeded', 'check.failed', 'check.test', 'check_request.expired',
                            'check_request.locked'));
  `,
} as const;
