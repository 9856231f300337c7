import type { CheckError } from './check-error.js';
import { invalidInput } from './check-error.js';

// Requests that reach no endpoint are the caller's mistake to fix, like a bad field: INVALID_INPUT,
// with its one status (400). NOT_FOUND would tell an HR user to ask the applicant to re-check a share
// code. The path is never echoed: a caller could have put an applicant's details in it.

/** No endpoint at this path, for any method. */
export function unknownRoute(method: string): CheckError {
  return invalidInput(
    'path',
    `There is no ${printable(method)} endpoint at this path: check the path and the client's base URL (GET /openapi.json lists every endpoint).`,
  );
}

/** The path exists, but not for this method (send `Allow` with the methods it takes). */
export function methodNotAllowed(method: string, allowed: readonly string[]): CheckError {
  return invalidInput(
    'method',
    `This endpoint does not answer ${printable(method)}: use ${allowed.join(' or ')}.`,
  );
}

function printable(method: string): string {
  return /^[A-Z]{1,10}$/.test(method) ? method : 'this method';
}
