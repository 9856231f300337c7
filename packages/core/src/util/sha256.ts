// SHA-256 from @noble/hashes (audited, synchronous and browser-safe, unlike WebCrypto's digest).
import { sha256 as nobleSha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

export function sha256(message: Uint8Array): Uint8Array {
  return nobleSha256(message);
}

export function toHex(bytes: Uint8Array): string {
  return bytesToHex(bytes);
}

/** Hex SHA-256 of the UTF-8 bytes of `text`. */
export function sha256Hex(text: string): string {
  return toHex(sha256(utf8ToBytes(text)));
}
