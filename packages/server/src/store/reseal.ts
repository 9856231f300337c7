import { dataKeyAad, type SealingKeys } from './data-keys.js';
import { type Db, toBuffer } from './db.js';
import { hasMetaFlag, setMetaFlag } from './meta-flags.js';
import type { CompactedTable } from './shred-sql.js';

// Every value sealed with a master key, with the additional data its repository binds it to. After a
// rotation, account-level values (and the data keys' wrappings) under an older master key are opened
// and sealed again with the current one, a batch at a time. Values whose retention ends and that are
// still under a master key (written before crypto-shredding) move to their deletion day's data key.
// Each update is conditional on the value being unchanged, so a row rewritten meanwhile by its
// repository is left as that wrote it.

type Row = Readonly<Record<string, string>>;

interface SealedColumn {
  readonly table: CompactedTable;
  /** The row's identity: these columns, compared in the update. */
  readonly keys: readonly string[];
  readonly column: string;
  readonly aad: (row: Row) => string;
  /** For values whose retention ends: their bucket (SQL; data-keys.ts's bucketOf and openCheckBucket). */
  readonly bucket?: string;
}

const dayOf = (due: string) => `to_char(${due} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
const checkBucket = (due: string) =>
  `CASE WHEN status IN ('queued', 'running') THEN 'check:' || id ELSE ${dayOf(due)} END`;

export const SEALED_COLUMNS: readonly SealedColumn[] = [
  ...(['live', 'test'] as const).map((mode) => ({
    table: 'accounts' as const,
    keys: ['id'],
    column: `default_callback_url_${mode}`,
    aad: (row: Row) => `accounts:${row.id}:default_callback_url_${mode}`,
  })),
  ...(['fingerprint', 'request', 'client_reference', 'callback_url', 'result'] as const).map((name) => ({
    table: 'async_checks' as const,
    keys: ['id'],
    column: `${name}_sealed`,
    aad: (row: Row) => `async_checks:${row.id}:${name}_sealed`,
    // The fingerprint answers Idempotency-Key replays as long as the record lives (30 days).
    bucket: checkBucket(name === 'fingerprint' ? 'status_expires_at' : 'result_expires_at'),
  })),
  {
    table: 'check_copies',
    keys: ['id'],
    column: 'sealed',
    aad: (row) => `check_copies:${row.id}:sealed`,
    bucket: dayOf('expires_at'),
  },
  {
    table: 'webhook_deliveries',
    keys: ['id'],
    column: 'url_sealed',
    aad: (row) => `webhook_deliveries:${row.id}:url_sealed`,
    bucket: dayOf('expires_at'),
  },
  {
    table: 'webhook_secrets',
    keys: ['account_id', 'mode'],
    column: 'secret_sealed',
    aad: (row) => `webhook_secrets:${row.account_id}:${row.mode}:secret_sealed`,
  },
  { table: 'data_keys', keys: ['day'], column: 'key_sealed', aad: (row) => dataKeyAad(row.day ?? '') },
  { table: 'meta', keys: ['name'], column: 'value', aad: (row) => `meta:${row.name}` },
];

// Unreadable values stay in place and would be selected again: look a little further each time.
const unreadableSkip = 100;

export interface ResealReport {
  /** Values sealed again in this call. */
  readonly resealed: number;
  /** Values no key of the keyring opens (left as they are, counted once per call). */
  readonly unreadable: number;
  /** The tables changed: their files hold the old values until compacted (shred-sql.ts). */
  readonly tables: readonly CompactedTable[];
}

/** The headers (version and key id, hex) of the master keys: every one, or the older ones only. */
function masterHeaders(keys: SealingKeys, olderOnly: boolean): string[] {
  return keys.master.keyIds.slice(olderOnly ? 1 : 0).map((id) => `02${id}`);
}

/**
 * Seals again up to `limit` values held under older master keys (or the version-1 format without a
 * key id), and moves values whose retention ends from the master keys to their data keys. Returns
 * how many; 0 when none is left (unreadable ones aside).
 */
export async function resealBatch(db: Db, keys: SealingKeys, limit: number): Promise<ResealReport> {
  let resealed = 0;
  let unreadable = 0;
  const tables = new Set<CompactedTable>();
  for (const spec of SEALED_COLUMNS) {
    if (resealed >= limit) break;
    // meta holds other values than the canary: only sealed ones are touched.
    const only = spec.table === 'meta' ? " AND name = 'encryption_canary'" : '';
    const keyList = spec.keys.join(', ');
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT ${keyList}, ${spec.column} AS sealed${spec.bucket ? `, ${spec.bucket} AS bucket` : ''} FROM ${spec.table}
        WHERE ${spec.column} IS NOT NULL${only}
          AND (get_byte(${spec.column}, 0) = 1
               OR encode(substring(${spec.column} from 1 for 5), 'hex') = ANY($1::text[]))
        LIMIT ${limit - resealed + unreadableSkip}`,
      [masterHeaders(keys, spec.bucket === undefined)],
    );
    for (const row of rows) {
      const ids = Object.fromEntries(spec.keys.map((key) => [key, String(row[key])]));
      const old = toBuffer(row.sealed);
      const aad = spec.aad(ids);
      const opened = keys.open(old, aad);
      if (!opened.ok) {
        unreadable++;
        continue;
      }
      const sealed =
        typeof row.bucket === 'string'
          ? await keys.sealIn(db, row.bucket, opened.value, aad)
          : keys.master.seal(opened.value, aad);
      const where = spec.keys.map((key, i) => `${key} = $${i + 3}`).join(' AND ');
      const updated = await db.query(
        `UPDATE ${spec.table} SET ${spec.column} = $1 WHERE ${spec.column} = $2 AND ${where}`,
        [sealed, old, ...spec.keys.map((key) => ids[key])],
      );
      if (updated.rowCount > 0) {
        resealed++;
        tables.add(spec.table);
      }
    }
  }
  return { resealed, unreadable, tables: [...tables] };
}

/** Whether every value whose retention ends is known to be under a data key (shred-migration.ts). */
export function retentionInBuckets(db: Db): Promise<boolean> {
  return hasMetaFlag(db, 'retention_in_buckets');
}

export function markRetentionInBuckets(db: Db): Promise<void> {
  return setMetaFlag(db, 'retention_in_buckets');
}
