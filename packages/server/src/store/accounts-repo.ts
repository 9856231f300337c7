import type { KeyMode } from '../accounts/api-key.js';
import type { Plan, SubscriptionStatus } from '../accounts/plans.js';
import type { AccountRecord, AccountsRepo, AuthenticatedKey } from '../accounts/ports.js';
import { claimKey, insertAnonymousAccount } from './anonymous-keys-sql.js';
import { type Db, toBuffer } from './db.js';
import type { Cipher } from './encryption.js';
import { type KeyRow, toKey } from './key-row.js';

interface AccountRow {
  id: string;
  email: string;
  plan: Plan;
  subscription_status: SubscriptionStatus;
  created_at: Date;
}

const ACCOUNT_COLUMNS = 'id, email, plan, subscription_status, created_at';
const KEY_COLUMNS = 'id, account_id, mode, prefix, created_at, revoked_at';

const toAccount = (row: AccountRow): AccountRecord => ({
  id: row.id,
  email: row.email,
  plan: row.plan,
  subscriptionStatus: row.subscription_status,
  createdAt: row.created_at,
});

/** The default callback URLs are sealed; the additional data ties each to its account and mode. */
const callbackColumn = (mode: KeyMode) =>
  mode === 'live' ? 'default_callback_url_live' : 'default_callback_url_test';
const callbackAad = (accountId: string, mode: KeyMode) => `accounts:${accountId}:${callbackColumn(mode)}`;

export function createAccountsRepo(db: Db, cipher: Cipher): AccountsRepo {
  const oneAccount = async (sql: string, params: unknown[]) => {
    const { rows } = await db.query<AccountRow>(sql, params);
    return rows[0] ? toAccount(rows[0]) : null;
  };
  const oneKey = async (sql: string, params: unknown[]) => {
    const { rows } = await db.query<KeyRow>(sql, params);
    return rows[0] ? toKey(rows[0]) : null;
  };
  return {
    async insertAccount(a) {
      // One account per e-mail address, whatever its case (migration 14's index): the existing one's
      // id comes back instead, also when another process inserts the same address at the same time.
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO accounts (id, email, plan, subscription_status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $5)
         ON CONFLICT (lower(email)) WHERE NOT anonymous DO NOTHING
         RETURNING id`,
        [a.id, a.email, a.plan, a.subscriptionStatus, a.createdAt],
      );
      if (rows[0]) return null;
      const existing = await db.query<{ id: string }>(
        'SELECT id FROM accounts WHERE lower(email) = lower($1) AND NOT anonymous',
        [a.email],
      );
      return existing.rows[0]?.id ?? null;
    },
    async listAccounts() {
      const { rows } = await db.query<AccountRow>(
        `SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE NOT anonymous ORDER BY created_at, id`,
      );
      return rows.map(toAccount);
    },
    getAccount: (id) => oneAccount(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = $1`, [id]),
    updatePlan: (id, plan, now) =>
      oneAccount(
        `UPDATE accounts SET plan = $2, updated_at = $3 WHERE id = $1 RETURNING ${ACCOUNT_COLUMNS}`,
        [id, plan, now],
      ),
    updateSubscriptionStatus: (id, status, now) =>
      oneAccount(
        `UPDATE accounts SET subscription_status = $2, updated_at = $3 WHERE id = $1 RETURNING ${ACCOUNT_COLUMNS}`,
        [id, status, now],
      ),
    async insertKey(k) {
      await db.query(
        `INSERT INTO api_keys (id, account_id, mode, key_hash, prefix, created_at, revoked_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [k.id, k.accountId, k.mode, k.hash, k.prefix, k.createdAt, k.revokedAt],
      );
    },
    async listKeys(accountId) {
      const { rows } = await db.query<KeyRow>(
        `SELECT ${KEY_COLUMNS} FROM api_keys WHERE account_id = $1 ORDER BY created_at, id`,
        [accountId],
      );
      return rows.map(toKey);
    },
    revokeKeyByHash: (hash, now) =>
      oneKey(
        `UPDATE api_keys SET revoked_at = $2 WHERE key_hash = $1 AND revoked_at IS NULL RETURNING ${KEY_COLUMNS}`,
        [hash, now],
      ),
    revokeKeyById: (id, now) =>
      oneKey(
        `UPDATE api_keys SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING ${KEY_COLUMNS}`,
        [id, now],
      ),
    getKeyById: (id) => oneKey(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = $1`, [id]),
    async findActiveKeyByHash(hash) {
      const { rows } = await db.query<{
        key_id: string;
        account_id: string;
        mode: KeyMode;
        plan: Plan;
        subscription_status: SubscriptionStatus;
        anonymous: boolean;
      }>(
        `SELECT k.id AS key_id, k.account_id, k.mode, a.plan, a.subscription_status, a.anonymous
           FROM api_keys k JOIN accounts a ON a.id = k.account_id
          WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
        [hash],
      );
      const row = rows[0];
      if (!row) return null;
      const key: AuthenticatedKey = {
        keyId: row.key_id,
        accountId: row.account_id,
        mode: row.mode,
        plan: row.plan,
        subscriptionStatus: row.subscription_status,
        ...(row.anonymous ? { unclaimed: true } : {}),
      };
      return key;
    },
    async getDefaultCallbackUrl(accountId, mode) {
      const { rows } = await db.query<{ sealed: Uint8Array | null }>(
        `SELECT ${callbackColumn(mode)} AS sealed FROM accounts WHERE id = $1`,
        [accountId],
      );
      const sealed = rows[0]?.sealed;
      if (!sealed) return null;
      const opened = cipher.open(toBuffer(sealed), callbackAad(accountId, mode));
      if (!opened.ok)
        throw new Error(`the default callback URL of ${accountId} does not decrypt with the configured key`);
      return opened.value.toString('utf8');
    },
    async setDefaultCallbackUrl(accountId, mode, url, now) {
      const sealed = url === null ? null : cipher.seal(url, callbackAad(accountId, mode));
      const { rowCount } = await db.query(
        `UPDATE accounts SET ${callbackColumn(mode)} = $2, updated_at = $3 WHERE id = $1`,
        [accountId, sealed, now],
      );
      return rowCount > 0;
    },
    insertAnonymousAccount: (id, now) => insertAnonymousAccount(db, id, now),
    claimKey: (keyId, accountId) => claimKey(db, keyId, accountId),
  };
}
