import { createHash } from 'node:crypto';
import { API_KEY_RANDOM_CHARS, type ApiKeyMode } from '@sharecode/core/validation';
import { randomBase62 } from './random-id.js';

export type KeyMode = ApiKeyMode;

/**
 * 40 base62 characters: 238 bits of randomness (the issue asks for at least 192). The shape is
 * core's one rule, which the SDK and the sandbox apply too.
 */
export const KEY_RANDOM_CHARS = API_KEY_RANDOM_CHARS;
/** Characters of the random part kept for display, e.g. `rtw_live_Ab3d…`: too few to help a guesser. */
const DISPLAY_CHARS = 4;

export interface NewApiKey {
  /** The key itself: shown once, never stored. */
  readonly key: string;
  readonly hash: Buffer;
  readonly prefix: string;
}

export function generateApiKey(mode: KeyMode): NewApiKey {
  const key = `rtw_${mode}_${randomBase62(KEY_RANDOM_CHARS)}`;
  return { key, hash: hashApiKey(key), prefix: displayPrefix(key) };
}

/**
 * Keys are stored as SHA-256 digests. A slow password hash buys nothing for 238-bit random keys, and a
 * digest allows a direct index lookup: the secret is never compared character by character.
 */
export function hashApiKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** The mode of a well-formed key, or null when the text cannot be one of our keys (core's rule). */
export { apiKeyMode } from '@sharecode/core/validation';

export function displayPrefix(key: string): string {
  const modeEnd = key.indexOf('_', 4) + 1;
  return `${key.slice(0, modeEnd + DISPLAY_CHARS)}…`;
}
