import { createHash } from 'node:crypto';
import type { RateLimitRepo } from '../accounts/ports.js';

/** Sign-in attempts are counted in fixed 15-minute windows. */
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
/** Per e-mail address: an owner never needs this many; a password guesser needs far more. */
export const SIGN_IN_ATTEMPTS_PER_ADDRESS = 10;
/**
 * Per client address: caps the password hashing one client can make us do. High, because behind a
 * reverse proxy every owner arrives from the proxy's address.
 */
export const SIGN_IN_ATTEMPTS_PER_CLIENT = 100;

export type SignInAllowance =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly retryAfterSeconds: number };

/**
 * Counts a sign-in attempt, before the password is checked, so parallel guesses cannot slip past and
 * a refused attempt costs no hashing. Every attempt counts, right or wrong.
 */
export type SignInThrottle = (email: string, client: string, now: Date) => Promise<SignInAllowance>;

export function createSignInThrottle(repo: RateLimitRepo): SignInThrottle {
  return async (email, client, now) => {
    const seconds = Math.floor(now.getTime() / 1000);
    const windowStart = seconds - (seconds % SIGN_IN_WINDOW_SECONDS);
    // The address is hashed: the rate table is no place for an e-mail address.
    const address = createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex');
    const [byAddress, byClient] = await Promise.all([
      repo.hit(`sign-in:address:${address}`, windowStart, SIGN_IN_WINDOW_SECONDS),
      repo.hit(`sign-in:client:${client}`, windowStart, SIGN_IN_WINDOW_SECONDS),
    ]);
    if (byAddress <= SIGN_IN_ATTEMPTS_PER_ADDRESS && byClient <= SIGN_IN_ATTEMPTS_PER_CLIENT) {
      return { allowed: true };
    }
    return { allowed: false, retryAfterSeconds: windowStart + SIGN_IN_WINDOW_SECONDS - seconds };
  };
}
