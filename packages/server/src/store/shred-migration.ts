/**
 * Crypto-shredding (migration 15; numbered with a gap so migrations written on other branches at
 * the same time keep theirs). `data_keys` holds one data key per deletion bucket (the UTC day on which
 * the values sealed with it fall due), sealed with the master key; `key_id` is the id the sealed
 * values carry (encryption.ts). A database that holds no retention-bound value yet is marked as
 * having them all in buckets; an older one gets its values moved there by the re-seal pass (reseal.ts).
 */
export const SHRED_MIGRATION = {
  version: 15,
  name: 'data keys per deletion day (crypto-shredding)',
  sql: `
    CREATE TABLE data_keys (
      day text PRIMARY KEY,
      key_id bytea NOT NULL,
      key_sealed bytea NOT NULL
    );
    INSERT INTO meta (name, value)
      SELECT 'retention_in_buckets', '\\x'::bytea
       WHERE NOT EXISTS (SELECT 1 FROM async_checks) AND NOT EXISTS (SELECT 1 FROM check_copies)
         AND NOT EXISTS (SELECT 1 FROM webhook_deliveries);
  `,
} as const;
