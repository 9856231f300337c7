import { readFile } from 'node:fs/promises';
import { hmacHex, type RegisterKey } from './register-key.js';

// The register's files (receipts, register.json, the chain's head) are pretty JSON with a keyed seal
// last: readable by a person opening the folder, unforgeable without the key.

/** The seal: HMAC-SHA256 of the JSON (compact, in the order written) of everything but `mac`. */
export function sealOf(key: RegisterKey, body: object): string {
  return hmacHex(key.bytes, JSON.stringify(body));
}

/** A file's only form: two-space JSON, the seal last, one final newline. */
export function canonicalBytes(value: object): Buffer {
  return Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
}

export function sealJson(key: RegisterKey, body: object): Uint8Array {
  return canonicalBytes({ ...body, mac: sealOf(key, body) });
}

export interface OpenedJson {
  body: Record<string, unknown>;
  mac: string;
  /**
   * True when the seal holds; false when it does not; undefined without a key, or when the body
   * names another `key_id` than the key's (it cannot be checked with this key).
   */
  sealed: boolean | undefined;
  /** The bytes are exactly the canonical form of what they hold (no space, order or encoding change). */
  canonical: boolean;
}

/** Parses a sealed file; undefined when it is not JSON of an object with a string `mac`. */
export function openSealedJson(bytes: Uint8Array, key: RegisterKey | undefined): OpenedJson | undefined {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { mac, ...body } = value as Record<string, unknown>;
  if (typeof mac !== 'string') return undefined;
  const canonical = canonicalBytes(value).equals(Buffer.from(bytes));
  const sealed = key === undefined || body.key_id !== key.id ? undefined : sealOf(key, body) === mac;
  return { body, mac, sealed, canonical };
}

/**
 * Reads and opens a sealed file: undefined when there is no such file; `opened` undefined when the
 * file is there but is not sealed JSON.
 */
export async function readSealedJson(
  path: string,
  key: RegisterKey | undefined,
): Promise<{ opened: OpenedJson | undefined } | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
    throw error;
  }
  return { opened: openSealedJson(bytes, key) };
}
