import type { CheckError, Outcome } from '@sharecode/core';
import { checkError, fail, ok } from '@sharecode/core';
import { API_KEY_RANDOM_CHARS, apiKeyMode } from '@sharecode/core/validation';

// Any well-formed test key is accepted (the sandbox has no accounts, each key is its own), and
// "well formed" is core's one rule, the service's and the SDK's too.
const LIVE_KEY_PREFIX = 'rtw_live_';
const BEARER = /^Bearer +(\S+) *$/i;

function unauthenticated(message?: string): { ok: false; error: CheckError } {
  return fail(checkError('UNAUTHENTICATED', message));
}

/**
 * The API key of a request, from `Authorization: Bearer <key>`, as a test key on the real service
 * would be judged. Messages never repeat the key.
 */
export function authenticate(authorization: string | null): Outcome<string> {
  if (authorization === null || authorization.trim() === '') return unauthenticated();
  const match = BEARER.exec(authorization);
  const key = match?.[1];
  if (key === undefined) {
    return unauthenticated(
      'The Authorization header must be "Bearer <API_KEY>": send your sandbox key as "Bearer rtw_test_...".',
    );
  }
  if (apiKeyMode(key) === 'test') return ok(key);
  if (key.startsWith(LIVE_KEY_PREFIX)) {
    return fail(
      checkError(
        'INVALID_KEY',
        'This is the sandbox, and it takes sandbox keys (rtw_test_...) only, not live keys (rtw_live_...): use a test key here, and keep live keys for the live service.',
      ),
    );
  }
  return fail(
    checkError(
      'INVALID_KEY',
      `The API key is not a valid sandbox key: the sandbox takes keys of the form rtw_test_ followed by ${API_KEY_RANDOM_CHARS} letters and digits.`,
    ),
  );
}
