/**
 * Schema of the account dashboard (migration 4): the owner's password hash (scrypt) and sign-in
 * sessions, stored as the SHA-256 of the cookie's token so a copy of the table signs nobody in.
 */
export const DASHBOARD_MIGRATION = {
  version: 4,
  name: 'dashboard passwords and sessions',
  sql: `
    ALTER TABLE accounts ADD COLUMN password_hash text;
    CREATE INDEX accounts_email ON accounts (lower(email));
    CREATE TABLE dashboard_sessions (
      token_hash bytea PRIMARY KEY,
      account_id text NOT NULL REFERENCES accounts (id),
      csrf_token text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX dashboard_sessions_account ON dashboard_sessions (account_id);
    CREATE INDEX dashboard_sessions_expiry ON dashboard_sessions (expires_at);
  `,
} as const;
