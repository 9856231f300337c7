import { randomBytes, randomInt } from 'node:crypto';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LETTERS_AND_DIGITS = `${LETTERS}0123456789`;

function pick(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/**
 * A check reference in the one real format seen (`WE-XXXXXXX-XX`): two prefix letters, seven
 * letters and digits, two letters.
 */
export function makeReference(prefix: string): string {
  return `${prefix}-${pick(LETTERS_AND_DIGITS, 7)}-${pick(LETTERS, 2)}`;
}

/** An unguessable token for session ids and CSRF tokens. */
export function makeToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Uniform integer in [min, max]. */
export function uniformInt(min: number, max: number): number {
  return min === max ? min : randomInt(min, max + 1);
}
