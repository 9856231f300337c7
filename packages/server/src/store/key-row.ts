import type { KeyMode } from '../accounts/api-key.js';
import type { KeyRecord } from '../accounts/ports.js';

/** An API key's row as read (its hash stays in the table). */
export interface KeyRow {
  id: string;
  account_id: string;
  mode: KeyMode;
  prefix: string;
  created_at: Date;
  revoked_at: Date | null;
}

export const toKey = (row: KeyRow): KeyRecord => ({
  id: row.id,
  accountId: row.account_id,
  mode: row.mode,
  prefix: row.prefix,
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
});
