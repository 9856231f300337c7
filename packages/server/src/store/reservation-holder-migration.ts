/**
 * Reservations name their holder (migration 37, numbered after the issue so migrations written on
 * other branches at the same time keep theirs): the instance that made a synchronous check's
 * reservation, and the check. When that instance stops heartbeating, any live instance gives the
 * reservation back within a minute (orphan-reservations.ts) instead of the 15-minute stale limit,
 * which stays for rows without a holder (made before this migration, or by an unregistered process).
 */
export const RESERVATION_HOLDER_MIGRATION = {
  version: 37,
  name: 'reservations name the instance and check holding them; instances name their key',
  sql: `
    ALTER TABLE usage_reservations ADD COLUMN instance_id text;
    ALTER TABLE usage_reservations ADD COLUMN check_id text;
    CREATE INDEX usage_reservations_instance ON usage_reservations (instance_id)
      WHERE instance_id IS NOT NULL;
    -- Which encryption key each instance seals with (its 8-hex-digit id, never the key): a rotation
    -- is seen done when every instance shows the new one.
    ALTER TABLE instances ADD COLUMN key_id text;
  `,
} as const;
