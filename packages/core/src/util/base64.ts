// Base64 without Buffer or btoa, so core runs unchanged in Node, browsers and edge runtimes.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function base64Encode(bytes: Uint8Array): string {
  const parts: string[] = [];
  const chunk: string[] = [];
  const length = bytes.length;
  let i = 0;
  for (; i + 2 < length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    chunk.push(
      ALPHABET.charAt(n >>> 18) +
        ALPHABET.charAt((n >>> 12) & 63) +
        ALPHABET.charAt((n >>> 6) & 63) +
        ALPHABET.charAt(n & 63),
    );
    // Join in slices to keep the intermediate array small on large PDFs.
    if (chunk.length === 4096) {
      parts.push(chunk.join(''));
      chunk.length = 0;
    }
  }
  const rest = length - i;
  if (rest === 1) {
    const n = (bytes[i] ?? 0) << 16;
    chunk.push(`${ALPHABET.charAt(n >>> 18)}${ALPHABET.charAt((n >>> 12) & 63)}==`);
  } else if (rest === 2) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8);
    chunk.push(
      `${ALPHABET.charAt(n >>> 18)}${ALPHABET.charAt((n >>> 12) & 63)}${ALPHABET.charAt((n >>> 6) & 63)}=`,
    );
  }
  parts.push(chunk.join(''));
  return parts.join('');
}

// The sandbox's photos and PDFs are cached byte arrays handed out again and again: remember their
// encoding per array (weakly, so it goes when the bytes go) instead of re-encoding on every check.
const encoded = new WeakMap<Uint8Array, string>();

/** `data:<mime>;base64,<bytes>` */
export function dataUrl(mime: string, bytes: Uint8Array): string {
  let base64 = encoded.get(bytes);
  if (base64 === undefined) {
    base64 = base64Encode(bytes);
    encoded.set(bytes, base64);
  }
  return `data:${mime};base64,${base64}`;
}
