import type { ClaimKeyOutcome } from '../accounts/ports.js';
import type { Db } from './db.js';
import { type KeyRow, toKey } from './key-row.js';

/**
 * An anonymous sandbox key lives on an account of its own marked `anonymous` (no owner, no e-mail,
 * no password), so every per-account rule (checks, idempotency, limits) works unchanged.
 */
export async function insertAnonymousAccount(db: Db, accountId: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO accounts (id, email, plan, subscription_status, created_at, updated_at, anonymous)
     VALUES ($1, '', 'free', 'active', $2, $2, true)`,
    [accountId, now],
  );
}

/**
 * Moves a key of an anonymous account, and the checks it made, to a real account, then deletes the
 * emptied anonymous account. An Idempotency-Key that the account already uses is dropped from the
 * moved check (the account's own check keeps it).
 */
export function claimKey(db: Db, keyId: string, accountId: string): Promise<ClaimKeyOutcome> {
  return db.transaction(async (tx): Promise<ClaimKeyOutcome> => {
    const { rows: keys } = await tx.query<{ account_id: string; anonymous: boolean }>(
      `SELECT k.account_id, a.anonymous FROM api_keys k JOIN accounts a ON a.id = k.account_id
        WHERE k.id = $1 FOR UPDATE OF k`,
      [keyId],
    );
    const key = keys[0];
    if (!key) return { type: 'no_key' };
    if (!key.anonymous) return { type: 'not_anonymous' };
    const { rows: targets } = await tx.query<{ id: string }>(
      'SELECT id FROM accounts WHERE id = $1 AND NOT anonymous',
      [accountId],
    );
    if (!targets[0]) return { type: 'no_account' };
    const from = key.account_id;
    const { rows: moved } = await tx.query<KeyRow>(
      `UPDATE api_keys SET account_id = $2 WHERE id = $1
       RETURNING id, account_id, mode, prefix, created_at, revoked_at`,
      [keyId, accountId],
    );
    await tx.query(
      `UPDATE async_checks c SET account_id = $2,
         idempotency_key_hash = CASE WHEN c.idempotency_key_hash IS NOT NULL AND EXISTS (
           SELECT 1 FROM async_checks o WHERE o.account_id = $2 AND o.mode = c.mode
             AND o.idempotency_key_hash = c.idempotency_key_hash) THEN NULL ELSE c.idempotency_key_hash END
       WHERE c.account_id = $1 AND c.key_id = $3`,
      [from, accountId, keyId],
    );
    await tx.query(
      `DELETE FROM accounts a WHERE a.id = $1 AND a.anonymous
         AND NOT EXISTS (SELECT 1 FROM api_keys k WHERE k.account_id = a.id)
         AND NOT EXISTS (SELECT 1 FROM async_checks c WHERE c.account_id = a.id)
         AND NOT EXISTS (SELECT 1 FROM usage_counters u WHERE u.account_id = a.id)
         AND NOT EXISTS (SELECT 1 FROM usage_ledger l WHERE l.account_id = a.id)
         AND NOT EXISTS (SELECT 1 FROM webhook_secrets s WHERE s.account_id = a.id)
         AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.account_id = a.id)`,
      [from],
    );
    const row = moved[0];
    if (!row) return { type: 'no_key' };
    return { type: 'claimed', key: toKey(row) };
  });
}
