import type { CheckError } from './errors/check-error.js';

/** A result as a value: expected failures are returned, never thrown. */
export type Outcome<T, E = CheckError> = { ok: true; value: T } | { ok: false; error: E };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function fail<E>(error: E): { ok: false; error: E } {
  return { ok: false, error };
}
