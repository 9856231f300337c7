import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { fail, type Outcome, ok } from '@sharecode/core';

// Layout of a sealed value. Version 2 (written now): version byte, 4-byte key id, 96-bit random IV,
// 128-bit GCM tag, ciphertext. Version 1 (read only): the same without the key id, so it is tried
// with every known key. The key id is the first 4 bytes of SHA-256 over a label and the key: it says
// which key to use without revealing anything usable about it.
const VERSION_1 = 1;
const VERSION_2 = 2;
const KEY_ID_BYTES = 4;
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

/**
 * AES-256-GCM with a fresh random IV per value. The additional data binds a ciphertext to its table,
 * row and column, so a value copied into another row does not open. Random 96-bit IVs stay safe for
 * about 2^32 values per key, decades at this service's volume.
 */
export interface Cipher {
  seal(plaintext: Buffer | string, aad: string): Buffer;
  open(sealed: Buffer, aad: string): Outcome<Buffer, 'undecryptable'>;
}

/**
 * The keys a database may hold values under: the first seals, every one opens. After a rotation the
 * old keys stay until every value is sealed again with the new one (reseal.ts).
 */
export interface Keyring extends Cipher {
  /** The bytes every value sealed with the current key starts with (version and key id). */
  readonly currentHeader: Buffer;
  /** Hex ids of the keys, the current one first. */
  readonly keyIds: readonly string[];
}

export function keyIdOf(key: Buffer): Buffer {
  return createHash('sha256')
    .update('rtw-server encryption key id\n')
    .update(key)
    .digest()
    .subarray(0, KEY_ID_BYTES);
}

function openWith(key: Buffer, iv: Buffer, tag: Buffer, body: Buffer, aad: string): Buffer | null {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(body), decipher.final()]);
  } catch {
    // A wrong key, a tampered value or another row's value: all the same to the caller.
    return null;
  }
}

export function createKeyring(keys: readonly Buffer[]): Keyring {
  const [current] = keys;
  if (!current) throw new RangeError('a keyring needs at least one key');
  for (const key of keys)
    if (key.length !== KEY_BYTES) throw new RangeError(`an AES-256 key is ${KEY_BYTES} bytes`);
  const byId = new Map(keys.map((key) => [keyIdOf(key).toString('hex'), key] as const));
  const currentHeader = Buffer.concat([Buffer.of(VERSION_2), keyIdOf(current)]);
  return {
    currentHeader,
    keyIds: [...byId.keys()],
    seal(plaintext, aad) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      cipher.setAAD(Buffer.from(aad, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      return Buffer.concat([currentHeader, iv, cipher.getAuthTag(), body]);
    },
    open(sealed, aad) {
      const version = sealed[0];
      const header = version === VERSION_2 ? 1 + KEY_ID_BYTES : 1;
      if ((version !== VERSION_1 && version !== VERSION_2) || sealed.length < header + IV_BYTES + TAG_BYTES) {
        return fail('undecryptable');
      }
      const iv = sealed.subarray(header, header + IV_BYTES);
      const tag = sealed.subarray(header + IV_BYTES, header + IV_BYTES + TAG_BYTES);
      const body = sealed.subarray(header + IV_BYTES + TAG_BYTES);
      const candidates =
        version === VERSION_2 ? [byId.get(sealed.subarray(1, header).toString('hex'))] : [...byId.values()];
      for (const key of candidates) {
        const opened = key ? openWith(key, iv, tag, body, aad) : null;
        if (opened) return ok(opened);
      }
      return fail('undecryptable');
    },
  };
}

/** One key: seals and opens with it alone. */
export function createCipher(key: Buffer): Keyring {
  return createKeyring([key]);
}

const KEY_HELP = 'generate one with `openssl rand -base64 32` (or `openssl rand -hex 32`)';

/** Reads a 32-byte key written as 64 hex characters or as base64 (standard or URL-safe, padding optional). */
export function parseEncryptionKey(text: string, source: string): Outcome<Buffer, string> {
  const trimmed = text.trim();
  if (trimmed === '') return fail(`${source} is empty; it must hold a 32-byte key: ${KEY_HELP}.`);
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return ok(Buffer.from(trimmed, 'hex'));
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) {
    const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === KEY_BYTES) return ok(bytes);
    return fail(
      `${source} decodes to ${bytes.length} bytes; it must be exactly ${KEY_BYTES} bytes: ${KEY_HELP}.`,
    );
  }
  return fail(`${source} is neither 64 hex characters nor base64 of 32 bytes: ${KEY_HELP}.`);
}

export function generateEncryptionKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

/** Several keys, comma-separated (RTW_ENCRYPTION_KEY) or one a line (the key file): the current one first. */
export function parseEncryptionKeys(text: string, source: string): Outcome<Buffer[], string> {
  const parts = text
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) return fail(`${source} is empty; it must hold a 32-byte key: ${KEY_HELP}.`);
  const keys: Buffer[] = [];
  for (const [i, part] of parts.entries()) {
    const parsed = parseEncryptionKey(part, parts.length === 1 ? source : `Key ${i + 1} of ${source}`);
    if (!parsed.ok) return parsed;
    keys.push(parsed.value);
  }
  return ok(keys);
}
