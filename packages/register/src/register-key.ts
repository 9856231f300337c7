import { createHmac, randomBytes } from 'node:crypto';
import { ShareCodeRegisterError } from './register-error.js';

const MIN_KEY_BYTES = 32;

/** The register's secret: keys the share-code hashes and seals each receipt. */
export interface RegisterKey {
  readonly bytes: Uint8Array;
  /** A short public name of the key, stored in receipts, so a wrong key is told apart from tampering. */
  readonly id: string;
}

/** A key from its text form: base64, base64url or hex, at least 32 bytes. */
export function parseRegisterKey(text: string): RegisterKey {
  const trimmed = text.trim();
  const bytes =
    /^[0-9a-f]+$/i.test(trimmed) && trimmed.length % 2 === 0
      ? Buffer.from(trimmed, 'hex')
      : /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)
        ? Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
        : Buffer.alloc(0);
  if (bytes.length < MIN_KEY_BYTES) {
    throw new ShareCodeRegisterError(
      'bad_key',
      `The register key must be at least ${MIN_KEY_BYTES} random bytes, written as base64 or hex (make one with: openssl rand -base64 32).`,
    );
  }
  return { bytes, id: hmacHex(bytes, 'rtw-register key id').slice(0, 16) };
}

/** A new random key and its text form (base64), to keep in a password manager or secret store. */
export function newRegisterKey(): { key: RegisterKey; text: string } {
  const text = randomBytes(MIN_KEY_BYTES).toString('base64');
  return { key: parseRegisterKey(text), text };
}

export function hmacHex(key: Uint8Array, text: string): string {
  return createHmac('sha256', key).update(text, 'utf8').digest('hex');
}

/** The keyed hash a receipt keeps instead of the share code: spaces and case do not matter. */
export function shareCodeHash(key: RegisterKey, shareCode: string): string {
  return hmacHex(key.bytes, `share-code:${shareCode.replace(/\s+/g, '').toUpperCase()}`);
}

/**
 * The keyed hash of a person's name and date of birth: a follow-up check, made with a new share
 * code, is matched to the person it follows up; spaces and case in the name do not matter.
 */
export function identityHash(key: RegisterKey, name: string, dateOfBirth: string): string {
  const tidy = name.replace(/\s+/g, ' ').trim().toUpperCase();
  return hmacHex(key.bytes, `identity:${tidy}|${dateOfBirth.trim()}`);
}
