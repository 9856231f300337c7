import type { KeyMode } from '../accounts/api-key.js';
import type { WebhookSecretsRepo } from '../webhooks/webhook-ports.js';
import { generateWebhookSecret } from '../webhooks/webhook-secret.js';
import { type Db, toBuffer } from './db.js';
import type { Cipher } from './encryption.js';

const aad = (accountId: string, mode: KeyMode) => `webhook_secrets:${accountId}:${mode}:secret_sealed`;

/** A sealed `whsec_` secret opened; throws when the configured key does not open it. */
export function openWebhookSecret(
  cipher: Cipher,
  accountId: string,
  mode: KeyMode,
  sealed: Uint8Array,
): string {
  const opened = cipher.open(toBuffer(sealed), aad(accountId, mode));
  if (!opened.ok) {
    throw new Error(`the ${mode} webhook secret of ${accountId} does not decrypt with the configured key`);
  }
  return opened.value.toString('utf8');
}

/** One `whsec_` secret per account and mode, sealed at rest and created on first use. */
export function createWebhookSecretsRepo(db: Db, cipher: Cipher): WebhookSecretsRepo {
  const read = async (accountId: string, mode: KeyMode): Promise<string | null> => {
    const { rows } = await db.query<{ secret_sealed: Uint8Array }>(
      'SELECT secret_sealed FROM webhook_secrets WHERE account_id = $1 AND mode = $2',
      [accountId, mode],
    );
    const row = rows[0];
    return row ? openWebhookSecret(cipher, accountId, mode, row.secret_sealed) : null;
  };
  return {
    async current(accountId, mode, now) {
      const existing = await read(accountId, mode);
      if (existing !== null) return existing;
      const secret = generateWebhookSecret();
      // Two processes creating it at once: the first write wins and both read it back.
      await db.query(
        `INSERT INTO webhook_secrets (account_id, mode, secret_sealed, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [accountId, mode, cipher.seal(secret, aad(accountId, mode)), now],
      );
      const stored = await read(accountId, mode);
      if (stored === null) throw new Error(`the ${mode} webhook secret of ${accountId} was not stored`);
      return stored;
    },
    async rotate(accountId, mode, now) {
      const secret = generateWebhookSecret();
      await db.query(
        `INSERT INTO webhook_secrets (account_id, mode, secret_sealed, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (account_id, mode) DO UPDATE SET secret_sealed = EXCLUDED.secret_sealed,
           created_at = EXCLUDED.created_at`,
        [accountId, mode, cipher.seal(secret, aad(accountId, mode)), now],
      );
      return secret;
    },
  };
}
