import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { fail, type Outcome, ok } from '@sharecode/core';

/**
 * scrypt N = 2^15, r = 8, p = 3: one of OWASP's equivalent minimums (to N = 2^17, p = 1) at a quarter
 * of the memory (32 MiB), so sign-ins on a small server do not compete with checks for RAM.
 * The cost is log2 N. Only lower (RTW_DASHBOARD_PASSWORD_COST) is allowed, for tests: a test that
 * signs in 30 times spends 12 CPU-seconds on hashing at the default.
 */
export const DEFAULT_PASSWORD_COST = 15;
export const MIN_PASSWORD_COST = 10;
const R = 8;
const P = 3;
const KEY_BYTES = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { N: n, r, p, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Length rules only (NCSC: long passwords, no composition rules); the message says what to do. */
export function checkNewPassword(password: string): Outcome<string, string> {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) {
    return fail(
      `The password must be at least ${PASSWORD_MIN_LENGTH} characters: three random words work well.`,
    );
  }
  if (length > PASSWORD_MAX_LENGTH)
    return fail(`The password must be at most ${PASSWORD_MAX_LENGTH} characters.`);
  return ok(password);
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64: the parameters travel with the hash. */
export async function hashPassword(password: string, cost = DEFAULT_PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const n = 2 ** cost;
  const key = await derive(password, salt, n, R, P);
  return ['scrypt', n, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/** True when `password` matches `stored`; a malformed stored value never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  if (expected.length !== KEY_BYTES) return false;
  try {
    const key = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
    return timingSafeEqual(key, expected);
  } catch {
    return false;
  }
}

/** A fixed hash to verify against when no account matches, so a miss takes as long as a wrong password. */
const decoys = new Map<number, Promise<string>>();
export function decoyHash(cost = DEFAULT_PASSWORD_COST): Promise<string> {
  let decoy = decoys.get(cost);
  if (!decoy) {
    decoy = hashPassword(randomBytes(16).toString('base64'), cost);
    decoys.set(cost, decoy);
  }
  return decoy;
}
