import { type CheckError, checkError } from '@sharecode/core';

/**
 * Retry-After while the database cannot be reached: a restart or a fail-over takes seconds, and the
 * readiness probe already takes the instance out of rotation meanwhile.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * A known fault, not a bug: the database could not be reached (stopped, restarting, a network
 * break). The store raises it for its driver's connection errors; the HTTP layer answers it with
 * 503 BUSY and Retry-After (issue 36) instead of 500 INTERNAL.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
}

/** True for a DatabaseUnavailableError, or an error caused by one (a wrapper's `cause`). */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    if (current instanceof DatabaseUnavailableError) return true;
    current = current.cause;
  }
  return false;
}

/** The API's answer while the database cannot be reached: the catalogue's BUSY, with Retry-After. */
export const databaseUnavailable = (): CheckError =>
  checkError(
    'BUSY',
    'The service cannot reach its database just now. Retry after the number of seconds in Retry-After.',
    { retryAfter: DATABASE_RETRY_AFTER_SECONDS },
  );
