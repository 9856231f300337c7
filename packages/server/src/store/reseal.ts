import { type Db, toBuffer } from './db.js';
import type { Keyring } from './encryption.js';

// Every sealed column, with the additional data its repository binds it to. A value whose first bytes
// are not the current key's header is opened with the keyring (the old key is still in it) and sealed
// again with the current key, a batch at a time. Each update is conditional on the value being
// unchanged, so a row rewritten meanwhile by its repository is left as that wrote it.

interface SealedColumn {
  readonly table: string;
  /** The row's identity: these columns, compared in the update. */
  readonly keys: readonly string[];
  readonly column: string;
  readonly aad: (row: Readonly<Record<string, string>>) => string;
}

export const SEALED_COLUMNS: readonly SealedColumn[] = [
  ...(['live', 'test'] as const).map((mode) => ({
    table: 'accounts',
    keys: ['id'],
    column: `default_callback_url_${mode}`,
    aad: (row: Readonly<Record<string, string>>) => `accounts:${row.id}:default_callback_url_${mode}`,
  })),
  ...(['fingerprint', 'request', 'client_reference', 'callback_url', 'result'] as const).map((name) => ({
    table: 'async_checks',
    keys: ['id'],
    column: `${name}_sealed`,
    aad: (row: Readonly<Record<string, string>>) => `async_checks:${row.id}:${name}_sealed`,
  })),
  {
    table: 'check_copies',
    keys: ['id'],
    column: 'sealed',
    aad: (row) => `check_copies:${row.id}:sealed`,
  },
  {
    table: 'webhook_deliveries',
    keys: ['id'],
    column: 'url_sealed',
    aad: (row) => `webhook_deliveries:${row.id}:url_sealed`,
  },
  {
    table: 'webhook_secrets',
    keys: ['account_id', 'mode'],
    column: 'secret_sealed',
    aad: (row) => `webhook_secrets:${row.account_id}:${row.mode}:secret_sealed`,
  },
  { table: 'meta', keys: ['name'], column: 'value', aad: (row) => `meta:${row.name}` },
];

// Unreadable values stay in place and would be selected again: look a little further each time.
const unreadableSkip = 100;

export interface ResealReport {
  /** Values sealed again with the current key in this call. */
  readonly resealed: number;
  /** Values no key of the keyring opens (left as they are, counted once per call). */
  readonly unreadable: number;
}

/**
 * Seals again, with the current key, up to `limit` values held under older keys (or the version-1
 * format without a key id). Returns how many; 0 when none is left (unreadable ones aside).
 */
export async function resealBatch(db: Db, keyring: Keyring, limit: number): Promise<ResealReport> {
  let resealed = 0;
  let unreadable = 0;
  const header = keyring.currentHeader;
  for (const spec of SEALED_COLUMNS) {
    if (resealed >= limit) break;
    // meta holds other values than the canary: only sealed ones are touched.
    const only = spec.table === 'meta' ? " AND name = 'encryption_canary'" : '';
    const keyList = spec.keys.join(', ');
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT ${keyList}, ${spec.column} AS sealed FROM ${spec.table}
        WHERE ${spec.column} IS NOT NULL AND substring(${spec.column} from 1 for ${header.length}) <> $1${only}
        LIMIT ${limit - resealed + unreadableSkip}`,
      [header],
    );
    for (const row of rows) {
      const ids = Object.fromEntries(spec.keys.map((key) => [key, String(row[key])]));
      const old = toBuffer(row.sealed);
      const opened = keyring.open(old, spec.aad(ids));
      if (!opened.ok) {
        unreadable++;
        continue;
      }
      const where = spec.keys.map((key, i) => `${key} = $${i + 3}`).join(' AND ');
      const updated = await db.query(
        `UPDATE ${spec.table} SET ${spec.column} = $1 WHERE ${spec.column} = $2 AND ${where}`,
        [keyring.seal(opened.value, spec.aad(ids)), old, ...spec.keys.map((key) => ids[key])],
      );
      if (updated.rowCount > 0) resealed++;
    }
  }
  return { resealed, unreadable };
}

/** Re-seals until nothing is left under an old key; returns the totals. */
export async function resealAll(db: Db, keyring: Keyring, batch = 200): Promise<ResealReport> {
  let resealed = 0;
  let unreadable = 0;
  for (;;) {
    const report = await resealBatch(db, keyring, batch);
    resealed += report.resealed;
    unreadable = report.unreadable;
    if (report.resealed === 0) return { resealed, unreadable };
  }
}
