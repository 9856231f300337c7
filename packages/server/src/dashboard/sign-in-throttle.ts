import { createHash } from 'node:crypto';
import type { RateLimitRepo } from '../accounts/ports.js';

/** A limit of failed sign-ins in fixed windows of `seconds`. */
export interface FailureLimit {
  readonly seconds: number;
  readonly failures: number;
}

/**
 * Per client address and e-mail address together: a progressive delay. A few slips cost nothing; a
 * guesser waits up to a minute, then up to 15 minutes, then up to an hour.
 */
export const SIGN_IN_PAIR_LIMITS: readonly FailureLimit[] = [
  { seconds: 60, failures: 5 },
  { seconds: 15 * 60, failures: 10 },
  { seconds: 60 * 60, failures: 20 },
];
/**
 * Per e-mail address from every client: stops a guesser with many addresses. Browsers that signed in
 * to the account before (device cookie) are not held by it, so guessing cannot lock the owner out.
 */
export const SIGN_IN_ADDRESS_LIMIT: FailureLimit = { seconds: 15 * 60, failures: 20 };
/** Per client address: caps the password hashing one client can make us do. */
export const SIGN_IN_CLIENT_LIMIT: FailureLimit = { seconds: 15 * 60, failures: 100 };
/** Per known browser (device cookie): its own count, so a stolen cookie guesses no faster. */
export const SIGN_IN_DEVICE_LIMIT: FailureLimit = { seconds: 15 * 60, failures: 10 };

export interface SignInAttempt {
  readonly email: string;
  /** The client's network address (the proxy's client with RTW_TRUST_PROXY). */
  readonly client: string;
  /** The device id of a valid device cookie for an account of this e-mail address; null otherwise. */
  readonly device: string | null;
}

export type SignInAllowance =
  | {
      readonly allowed: true;
      /** Tell the outcome: a success gives the reserved attempt back; only failures stay counted. */
      settle(succeeded: boolean): Promise<void>;
    }
  | { readonly allowed: false; readonly retryAfterSeconds: number };

/**
 * Reserves a sign-in attempt before the password is checked (so parallel guesses cannot slip past,
 * and a refused attempt costs no hashing); only failed attempts stay counted.
 */
export type SignInThrottle = (attempt: SignInAttempt, now: Date) => Promise<SignInAllowance>;

const hash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export function createSignInThrottle(repo: RateLimitRepo): SignInThrottle {
  return async (attempt, now) => {
    const seconds = Math.floor(now.getTime() / 1000);
    // The address is hashed: the rate table is no place for an e-mail address.
    const address = hash(attempt.email.trim().toLowerCase());
    const counters: { key: string; limit: FailureLimit }[] =
      attempt.device !== null
        ? [{ key: `sign-in:device:${attempt.device}`, limit: SIGN_IN_DEVICE_LIMIT }]
        : [
            ...SIGN_IN_PAIR_LIMITS.map((limit) => ({
              key: `sign-in:pair:${limit.seconds}:${hash(`${attempt.client}\n${address}`)}`,
              limit,
            })),
            { key: `sign-in:address:${address}`, limit: SIGN_IN_ADDRESS_LIMIT },
            { key: `sign-in:client:${attempt.client}`, limit: SIGN_IN_CLIENT_LIMIT },
          ];
    const windows = counters.map(({ key, limit }) => ({
      key,
      limit,
      start: seconds - (seconds % limit.seconds),
    }));
    const giveBack = () =>
      Promise.all(windows.map((w) => repo.add(w.key, w.start, w.limit.seconds, -1))).then(() => {});
    const counts = await Promise.all(windows.map((w) => repo.add(w.key, w.start, w.limit.seconds, 1)));
    const over = windows.filter((w, i) => (counts[i] ?? 0) > w.limit.failures);
    if (over.length > 0) {
      // Not a failure: the password was never checked.
      await giveBack();
      const retryAfterSeconds = Math.max(...over.map((w) => w.start + w.limit.seconds - seconds));
      return { allowed: false, retryAfterSeconds };
    }
    return {
      allowed: true,
      settle: async (succeeded) => {
        if (succeeded) await giveBack();
      },
    };
  };
}
