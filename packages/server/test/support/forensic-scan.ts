// What someone holding a copy of the database's files and a key could read. Sealed values have the
// layout of src/store/encryption.ts: version byte 2, 4-byte key id, IV, tag, ciphertext; PostgreSQL
// stores a bytea with a varlena header just before it (1 byte for up to 126 bytes, else 4), in table
// files and WAL records alike, so each occurrence of a key's header gives the value's exact length.
import { createDecipheriv, createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { POSTGRES_ADMIN_URL } from './postgres.js';

const IV = 12;
const TAG = 16;
const HEADER = 5;

/** The id a sealed value names its key by (encryption.ts's keyIdOf), hex. */
export function keyIdHex(key: Buffer): string {
  return createHash('sha256')
    .update('rtw-server encryption key id\n')
    .update(key)
    .digest()
    .subarray(0, 4)
    .toString('hex');
}

/** Every file under `dir` (the embedded data folder: tables, WAL, everything), with its content. */
export function filesUnder(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const child = join(path, name);
      if (statSync(child).isDirectory()) walk(child);
      else files.set(child, readFileSync(child));
    }
  };
  walk(dir);
  return files;
}

/**
 * The table, TOAST and index files of one PostgreSQL database (every relation it created), read after
 * a CHECKPOINT has written them home. Needs a superuser (data_directory) and a test run as root.
 */
export async function postgresRelationFiles(databaseUrl: string): Promise<Map<string, Buffer>> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  const own = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await own.connect();
  try {
    await admin.query('CHECKPOINT');
    const dataDir = (await admin.query<{ d: string }>("SELECT current_setting('data_directory') AS d"))
      .rows[0]?.d;
    const { rows } = await own.query<{ path: string }>(
      `SELECT pg_relation_filepath(oid) AS path FROM pg_class
        WHERE oid >= 16384 AND pg_relation_filepath(oid) IS NOT NULL`,
    );
    const files = new Map<string, Buffer>();
    for (const { path } of rows) {
      for (const suffix of ['', '.1', '.2']) {
        try {
          files.set(path + suffix, readFileSync(join(dataDir ?? '', path + suffix)));
        } catch {
          // No such segment: relations under 1 GB have one file.
        }
      }
    }
    return files;
  } finally {
    await own.end();
    await admin.end();
  }
}

/** The sealed values under any of `keyIds` found in these files (deduplicated). */
export function sealedValuesIn(files: Map<string, Buffer>, keyIds: Iterable<string>): Buffer[] {
  const found = new Map<string, Buffer>();
  for (const content of files.values()) {
    for (const id of keyIds) {
      const needle = Buffer.from(`02${id}`, 'hex');
      for (let at = content.indexOf(needle); at >= 0; at = content.indexOf(needle, at + 1)) {
        for (const length of varlenaLengths(content, at)) {
          if (length < HEADER + IV + TAG || at + length > content.length) continue;
          const value = content.subarray(at, at + length);
          found.set(value.toString('hex'), Buffer.from(value));
        }
      }
    }
  }
  return [...found.values()];
}

/** The data lengths the bytes before `at` announce as a 1-byte or a 4-byte varlena header. */
function varlenaLengths(content: Buffer, at: number): number[] {
  const lengths: number[] = [];
  const short = content[at - 1];
  if (short !== undefined && (short & 1) === 1) lengths.push((short >> 1) - 1);
  if (at >= 4) {
    const long = content.readUInt32LE(at - 4);
    if ((long & 3) === 0) lengths.push((long >>> 2) - 4);
  }
  return lengths;
}

export interface Opened {
  readonly aad: string;
  readonly key: Buffer;
  readonly plaintext: Buffer;
}

/** Every (key, additional data) pair that opens `sealed`, as AES-256-GCM. */
export function openWithAny(sealed: Buffer, keys: Iterable<Buffer>, aads: readonly string[]): Opened[] {
  const id = sealed.subarray(1, HEADER).toString('hex');
  const iv = sealed.subarray(HEADER, HEADER + IV);
  const tag = sealed.subarray(HEADER + IV, HEADER + IV + TAG);
  const body = sealed.subarray(HEADER + IV + TAG);
  const opened: Opened[] = [];
  for (const key of keys) {
    if (keyIdHex(key) !== id) continue;
    for (const aad of aads) {
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(aad, 'utf8'));
      decipher.setAuthTag(tag);
      try {
        opened.push({ aad, key, plaintext: Buffer.concat([decipher.update(body), decipher.final()]) });
      } catch {
        // Not this key or not this row.
      }
    }
  }
  return opened;
}

/**
 * Everything `keys` open in the files, data keys included: a master key opens the data keys'
 * wrappings (any version of them left in the files), which then open the values sealed with them, as
 * an attacker holding the files and the key would proceed.
 */
export function openEverything(
  files: Map<string, Buffer>,
  keys: readonly Buffer[],
  aads: readonly string[],
): Opened[] {
  const known = new Map(keys.map((key) => [key.toString('hex'), key]));
  const opened = new Map<string, Opened>();
  for (let round = 0; round < 3; round++) {
    const before = known.size;
    const ids = new Set([...known.values()].map(keyIdHex));
    for (const value of sealedValuesIn(files, ids)) {
      for (const one of openWithAny(value, known.values(), aads)) {
        opened.set(`${one.aad}:${one.plaintext.toString('hex')}`, one);
        // A 32-byte plaintext under a data key's additional data is a data key.
        if (one.aad.startsWith('data_keys:') && one.plaintext.length === 32) {
          known.set(one.plaintext.toString('hex'), one.plaintext);
        }
      }
    }
    if (known.size === before) break;
  }
  return [...opened.values()];
}

/** The files (by name) that hold `needle` in clear, as UTF-8 text. */
export function filesHolding(files: Map<string, Buffer>, needle: string): string[] {
  const bytes = Buffer.from(needle, 'utf8');
  return [...files].filter(([, content]) => content.includes(bytes)).map(([name]) => name);
}
