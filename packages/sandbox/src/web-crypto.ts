// Hashes and MACs with WebCrypto, which Node 20+ and browsers both have: the main entry stays
// browser-safe.

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function base64url(bytes: ArrayBuffer): string {
  let text = '';
  for (const b of new Uint8Array(bytes)) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** SHA-256 of the UTF-8 bytes of `text`, hex: how the service stores an applicant's token. */
export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** HMAC-SHA256 of `text` under `key`, base64url. */
export async function hmacBase64url(key: CryptoKey, text: string): Promise<string> {
  return base64url(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text)));
}

/** A random HMAC-SHA256 key that never leaves this process. */
export function newHmacKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign']) as Promise<CryptoKey>;
}

/** Constant-time string comparison (of two MACs of the same length). */
export function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
