const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// Bytes at or above this are dropped so every character is equally likely (248 = 4 * 62).
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

/** `length` characters of [A-Za-z0-9] from the platform's CSPRNG (WebCrypto, present in Node 20 and browsers). */
export function randomToken(length: number): string {
  let out = '';
  const buffer = new Uint8Array(Math.max(length * 2, 16));
  while (out.length < length) {
    globalThis.crypto.getRandomValues(buffer);
    for (const byte of buffer) {
      if (byte >= UNBIASED_LIMIT) continue;
      out += ALPHABET.charAt(byte % ALPHABET.length);
      if (out.length === length) break;
    }
  }
  return out;
}

/** An asynchronous check id: `chk_` and 32 characters. */
export function newCheckId(): string {
  return `chk_${randomToken(32)}`;
}

/** A webhook event id (`webhook-id`): `evt_` and 32 characters. */
export function newEventId(): string {
  return `evt_${randomToken(32)}`;
}

const CHECK_ID = /^chk_[A-Za-z0-9]{32}$/;

export function isCheckId(value: unknown): value is string {
  return typeof value === 'string' && CHECK_ID.test(value);
}
