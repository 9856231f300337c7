import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { fail, ok, type Result } from '../result.js';

/** Layout of a sealed value: version byte, 96-bit random IV, 128-bit GCM tag, ciphertext. */
const VERSION = 1;
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
  open(sealed: Buffer, aad: string): Result<Buffer, 'undecryptable'>;
}

export function createCipher(key: Buffer): Cipher {
  if (key.length !== KEY_BYTES) throw new RangeError(`an AES-256 key is ${KEY_BYTES} bytes`);
  return {
    seal(plaintext, aad) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(aad, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      return Buffer.concat([Buffer.of(VERSION), iv, cipher.getAuthTag(), body]);
    },
    open(sealed, aad) {
      if (sealed.length < 1 + IV_BYTES + TAG_BYTES || sealed[0] !== VERSION) return fail('undecryptable');
      const iv = sealed.subarray(1, 1 + IV_BYTES);
      const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(aad, 'utf8'));
      decipher.setAuthTag(tag);
      try {
        return ok(
          Buffer.concat([decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]),
        );
      } catch {
        // A wrong key, a tampered value or another row's value: all the same to the caller.
        return fail('undecryptable');
      }
    },
  };
}

const KEY_HELP = 'generate one with `openssl rand -base64 32` (or `openssl rand -hex 32`)';

/** Reads a 32-byte key written as 64 hex characters or as base64 (standard or URL-safe, padding optional). */
export function parseEncryptionKey(text: string, source: string): Result<Buffer, string> {
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
