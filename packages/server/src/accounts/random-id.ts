import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` uniformly random base62 characters (5.95 bits each); rejection sampling avoids modulo bias. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 * 62: bytes at or above it would favour the first characters.
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export function newAccountId(): string {
  return `acc_${randomBase62(24)}`;
}

export function newKeyId(): string {
  return `key_${randomBase62(24)}`;
}

export function newReservationId(): string {
  return `res_${randomBase62(24)}`;
}
