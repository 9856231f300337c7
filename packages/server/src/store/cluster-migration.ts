/**
 * Cluster-wide state (migration 26, numbered after the issue so migrations written on other branches
 * at the same time keep theirs): the portal health every instance records and reads, and the
 * instances themselves. No personal data: kinds, codes, counts, times, and page fingerprints, which
 * are redacted by construction (portal/page-fingerprint.ts).
 */
export const CLUSTER_MIGRATION = {
  version: 26,
  name: 'portal health and instances shared by every instance',
  sql: `
    CREATE TABLE portal_kinds (
      kind text PRIMARY KEY,
      last_success_at timestamptz
    );
    CREATE TABLE portal_minutes (
      kind text NOT NULL,
      minute timestamptz NOT NULL,
      checks integer NOT NULL CHECK (checks >= 0),
      upstream_unexpected integer NOT NULL CHECK (upstream_unexpected >= 0),
      PRIMARY KEY (kind, minute)
    );
    CREATE TABLE portal_pages (
      kind text NOT NULL,
      id text NOT NULL,
      count integer NOT NULL CHECK (count > 0),
      last_at timestamptz NOT NULL,
      fingerprint text NOT NULL,
      PRIMARY KEY (kind, id)
    );
    CREATE TABLE instances (
      id text PRIMARY KEY,
      host text NOT NULL,
      version text NOT NULL,
      slots integer NOT NULL CHECK (slots >= 0),
      portal_driver boolean NOT NULL,
      started_at timestamptz NOT NULL,
      heartbeat_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX instances_expires ON instances (expires_at);
  `,
} as const;
