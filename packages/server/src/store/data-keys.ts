import { fail, type Outcome } from '@sharecode/core';
import { type Queryable, toBuffer } from './db.js';
import { createCipher, generateEncryptionKey, type Keyring, keyIdOf } from './encryption.js';

// Crypto-shredding. A value whose retention ends is sealed with the data key of its deletion bucket,
// the UTC day on which it falls due; the bucket keys are sealed with the master key in `data_keys`.
// Retention deletes the data and, once the day has passed, the key (shred-sql.ts): every copy of the
// data left in dead row versions, the WAL or a disk image is then unreadable. An asynchronous check
// that has not ended yet does not know its day: its values are under a key of its own (bucket
// `check:<id>`), deleted when it ends and its values are sealed again under their days' keys. A
// sealed value keeps the version-2 layout of encryption.ts, its key id being the data key's.

const HEADER_BYTES = 5;

/** The bucket of a value that falls due at `due`: its UTC day, `YYYY-MM-DD`. */
export const bucketOf = (due: Date): string => due.toISOString().slice(0, 10);

/** The bucket of an asynchronous check's values until it ends. */
const OPEN_CHECK = 'check:';
export const openCheckBucket = (checkId: string): string => `${OPEN_CHECK}${checkId}`;

/** The additional data of a wrapped data key. */
export const dataKeyAad = (day: string) => `data_keys:${day}:key_sealed`;

/** The key id of a version-2 sealed value as hex, or null (version 1, or not a sealed value). */
export function sealedKeyId(sealed: Uint8Array | string | null | undefined): string | null {
  if (sealed === null || sealed === undefined) return null;
  // Results cross the driver as base64 (async-check-row.ts): 8 characters hold the first 6 bytes.
  const bytes = typeof sealed === 'string' ? Buffer.from(sealed.slice(0, 8), 'base64') : toBuffer(sealed);
  if (bytes.length < HEADER_BYTES || bytes[0] !== 2) return null;
  return bytes.subarray(1, HEADER_BYTES).toString('hex');
}

/**
 * What the repositories seal and open with: account-level values under the master keyring, values
 * whose retention ends under their bucket's data key. Opening is synchronous: the data keys a row
 * needs are loaded first (`loadFor`, done by the database wrapper of withDataKeys).
 */
export interface SealingKeys {
  readonly master: Keyring;
  /** Seals with the data key of `bucket` (bucketOf, openCheckBucket), creating that key through `q` if needed. */
  sealIn(q: Queryable, bucket: string, plaintext: Buffer | string, aad: string): Promise<Buffer>;
  /** Seals with the data key of the UTC day `due` falls on. */
  sealUntil(q: Queryable, due: Date, plaintext: Buffer | string, aad: string): Promise<Buffer>;
  /** Opens a value sealed with a master key or a loaded data key. */
  open(sealed: Buffer, aad: string): Outcome<Buffer, 'undecryptable'>;
  /**
   * Loads, through `q`, the data keys that the sealed values in these rows name and are not known yet.
   * False when some are not in `data_keys` either: deleted since the rows were read (data-keys-db.ts).
   */
  loadFor(q: Queryable, rows: readonly unknown[]): Promise<boolean>;
  /** Forgets the data keys of these buckets (deleted). */
  forget(days: readonly string[]): void;
  /**
   * Forgets the open checks' keys not used since the previous call (each sweep calls it): one read by
   * this process and ended by another would stay in memory for good. A key loaded for a read is used
   * at once, so none is forgotten between its loading and its use; one needed later is loaded again.
   */
  forgetOpenChecks(): void;
}

interface DataKeyRow {
  day: string;
  key_sealed: Uint8Array;
}

export function createSealingKeys(master: Keyring): SealingKeys {
  const masterIds = new Set(master.keyIds);
  const byDay = new Map<string, Keyring>();
  const byId = new Map<string, Keyring[]>();
  // The sweep generation in which each open check's key was last used (forgetOpenChecks).
  const lastUsed = new Map<string, number>();
  const bucketOfCipher = new Map<Keyring, string>();
  let generation = 0;
  const used = (bucket: string) => {
    if (bucket.startsWith(OPEN_CHECK)) lastUsed.set(bucket, generation);
  };
  const remember = (day: string, key: Buffer): Keyring => {
    used(day);
    const known = byDay.get(day);
    if (known) return known;
    const cipher = createCipher(key);
    byDay.set(day, cipher);
    bucketOfCipher.set(cipher, day);
    const id = cipher.keyIds[0] ?? '';
    byId.set(id, [...(byId.get(id) ?? []), cipher]);
    return cipher;
  };
  const unwrap = (row: DataKeyRow): Buffer => {
    const opened = master.open(toBuffer(row.key_sealed), dataKeyAad(row.day));
    if (!opened.ok) throw new Error(`the data key of ${row.day} does not decrypt with the configured key`);
    return opened.value;
  };

  const ensureKey = async (q: Queryable, day: string): Promise<Keyring> => {
    const known = byDay.get(day);
    used(day);
    if (known) return known;
    let fresh = generateEncryptionKey();
    // A data key's id must not name a master key (opening would pick the wrong one).
    while (masterIds.has(keyIdOf(fresh).toString('hex'))) fresh = generateEncryptionKey();
    // Two processes creating the day's key at once: the first insert wins and both use it.
    const inserted = await q.query<DataKeyRow>(
      `INSERT INTO data_keys (day, key_id, key_sealed) VALUES ($1, $2, $3) ON CONFLICT (day) DO NOTHING
       RETURNING day, key_sealed`,
      [day, keyIdOf(fresh), master.seal(fresh, dataKeyAad(day))],
    );
    const row =
      inserted.rows[0] ??
      (await q.query<DataKeyRow>('SELECT day, key_sealed FROM data_keys WHERE day = $1', [day])).rows[0];
    if (!row) throw new Error(`the data key of ${day} was not stored`);
    const key = unwrap(row);
    // Remembered once committed: a rolled-back transaction takes its new key with it.
    q.afterCommit(() => remember(day, key));
    return createCipher(key);
  };

  const forget = (days: readonly string[]) => {
    for (const day of days) {
      lastUsed.delete(day);
      const cipher = byDay.get(day);
      if (!cipher) continue;
      byDay.delete(day);
      bucketOfCipher.delete(cipher);
      const id = cipher.keyIds[0] ?? '';
      const left = (byId.get(id) ?? []).filter((other) => other !== cipher);
      if (left.length > 0) byId.set(id, left);
      else byId.delete(id);
    }
  };

  return {
    master,
    forget,
    forgetOpenChecks() {
      forget([...lastUsed].filter(([, at]) => at < generation).map(([bucket]) => bucket));
      generation++;
    },
    async sealIn(q, bucket, plaintext, aad) {
      return (await ensureKey(q, bucket)).seal(plaintext, aad);
    },
    async sealUntil(q, due, plaintext, aad) {
      return (await ensureKey(q, bucketOf(due))).seal(plaintext, aad);
    },
    open(sealed, aad) {
      const id = sealedKeyId(sealed);
      if (id === null || masterIds.has(id)) return master.open(sealed, aad);
      for (const cipher of byId.get(id) ?? []) {
        const opened = cipher.open(sealed, aad);
        if (!opened.ok) continue;
        used(bucketOfCipher.get(cipher) ?? '');
        return opened;
      }
      return fail('undecryptable');
    },
    async loadFor(q, rows) {
      const missing = new Set<string>();
      for (const row of rows) {
        if (typeof row !== 'object' || row === null) continue;
        for (const [column, value] of Object.entries(row)) {
          // Only sealed columns: a hash column (idempotency keys) may start with the same byte.
          if (!column.endsWith('sealed') || !(value instanceof Uint8Array || typeof value === 'string'))
            continue;
          const id = sealedKeyId(value);
          if (id !== null && !masterIds.has(id) && !byId.has(id)) missing.add(id);
        }
      }
      if (missing.size === 0) return true;
      const { rows: found } = await q.query<DataKeyRow>(
        `SELECT day, key_sealed FROM data_keys WHERE encode(key_id, 'hex') = ANY($1::text[])`,
        [[...missing]],
      );
      for (const row of found) remember(row.day, unwrap(row));
      return [...missing].every((id) => byId.has(id));
    },
  };
}
