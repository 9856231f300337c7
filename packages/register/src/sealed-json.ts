// The module object, read at each call: a test can watch the comparison whatever loaded it first.
import crypto from 'node:crypto';
import { open } from 'node:fs/promises';
import { hmacHex, type RegisterKey } from './register-key.js';

// The register's files (receipts, register.json, the chain's head) are pretty JSON with a keyed seal
// last: readable by a person opening the folder, unforgeable without the key.

/**
 * The largest sealed file read: a receipt is a few kilobytes. A bigger file is not one the register
 * wrote, and is never read whole (someone could fill the disk's worth of JSON into it).
 */
export const MAX_SEALED_BYTES = 256 * 1024;
/** The deepest nesting of arrays and objects read: a receipt nests 3 deep. */
export const MAX_SEALED_DEPTH = 16;

/** The seal: HMAC-SHA256 of the JSON (compact, in the order written) of everything but `mac`. */
export function sealOf(key: RegisterKey, body: object): string {
  return hmacHex(key.bytes, JSON.stringify(body));
}

/** Whether two hex seals are equal, in time that does not depend on where they differ. */
export function sealsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && crypto.timingSafeEqual(left, right);
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

/** Why bytes are not sealed JSON, said to the person reading verify's output. */
export type UnreadableReason = 'too_large' | 'too_deep' | 'not_sealed_json';

export const UNREADABLE_DETAIL: Readonly<Record<UnreadableReason, string>> = {
  too_large: `is larger than any file the register writes (over ${MAX_SEALED_BYTES} bytes): it was not read`,
  too_deep: `nests deeper than any file the register writes (over ${MAX_SEALED_DEPTH} levels): it was not read`,
  not_sealed_json: 'is not a receipt this register wrote (edited or replaced)',
};

/** The deepest nesting of `[` and `{` outside strings, stopping once past `limit` (no recursion). */
function nestingOver(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Parses a sealed file, bounded in size and depth (parsing and canonicalising never recurse past
 * MAX_SEALED_DEPTH); the reason when it is not JSON of an object with a string `mac`.
 */
export function openSealedJsonOrWhy(
  bytes: Uint8Array,
  key: RegisterKey | undefined,
): { opened: OpenedJson } | { unreadable: UnreadableReason } {
  if (bytes.byteLength > MAX_SEALED_BYTES) return { unreadable: 'too_large' };
  const text = Buffer.from(bytes).toString('utf8');
  if (nestingOver(text, MAX_SEALED_DEPTH)) return { unreadable: 'too_deep' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { unreadable: 'not_sealed_json' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { unreadable: 'not_sealed_json' };
  }
  const { mac, ...body } = value as Record<string, unknown>;
  if (typeof mac !== 'string') return { unreadable: 'not_sealed_json' };
  const canonical = canonicalBytes(value).equals(Buffer.from(bytes));
  const sealed = key === undefined || body.key_id !== key.id ? undefined : sealsEqual(sealOf(key, body), mac);
  return { opened: { body, mac, sealed, canonical } };
}

/** Parses a sealed file; undefined when it is not (bounded) JSON of an object with a string `mac`. */
export function openSealedJson(bytes: Uint8Array, key: RegisterKey | undefined): OpenedJson | undefined {
  const result = openSealedJsonOrWhy(bytes, key);
  return 'opened' in result ? result.opened : undefined;
}

/** A file's bytes, or `too_large` without reading past MAX_SEALED_BYTES; undefined when there is no such file. */
export async function readBounded(path: string): Promise<Buffer | 'too_large' | undefined> {
  let handle: import('node:fs/promises').FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    if (size > MAX_SEALED_BYTES) return 'too_large';
    const buffer = Buffer.alloc(MAX_SEALED_BYTES + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > MAX_SEALED_BYTES) return 'too_large';
    }
    return buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}

/**
 * Reads and opens a sealed file: undefined when there is no such file; `opened` undefined when the
 * file is there but is not (bounded) sealed JSON.
 */
export async function readSealedJson(
  path: string,
  key: RegisterKey | undefined,
): Promise<{ opened: OpenedJson | undefined } | undefined> {
  const bytes = await readBounded(path);
  if (bytes === undefined) return undefined;
  if (bytes === 'too_large') return { opened: undefined };
  return { opened: openSealedJson(bytes, key) };
}
