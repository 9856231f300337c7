import { type CheckError, checkError, fail, type Outcome, ok } from '@sharecode/core';
import { apiKeyMode, hashApiKey } from './api-key.js';
import type { AccountsRepo, AuthenticatedKey } from './ports.js';

const HOW_TO_SEND =
  'send your API key in the Authorization header as "Bearer rtw_live_..." or "Bearer rtw_test_..."';

export type BearerToken = { readonly token: string } | { readonly problem: string };

/** Reads `Authorization: Bearer <key>`; a missing header or another scheme is a missing key (401 UNAUTHENTICATED). */
export function readBearerToken(header: string | undefined): BearerToken {
  if (header === undefined || header.trim() === '')
    return { problem: `No API key was sent: ${HOW_TO_SEND}.` };
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) {
    return { problem: `The Authorization header does not hold a bearer key: ${HOW_TO_SEND}.` };
  }
  return { token: match[1] };
}

export type Authenticate = (
  authorization: string | undefined,
) => Promise<Outcome<AuthenticatedKey, CheckError>>;

export function createAuthenticator(repo: AccountsRepo): Authenticate {
  return async (authorization) => {
    const bearer = readBearerToken(authorization);
    if ('problem' in bearer) return fail(checkError('UNAUTHENTICATED', bearer.problem));
    // A token that cannot be one of our keys is refused without a database round trip.
    if (apiKeyMode(bearer.token) === null) {
      return fail(
        checkError(
          'INVALID_KEY',
          'The API key is not valid: keys are rtw_live_ or rtw_test_ followed by 40 letters and digits. Check that it was copied in full.',
        ),
      );
    }
    const key = await repo.findActiveKeyByHash(hashApiKey(bearer.token));
    if (!key) {
      return fail(
        checkError(
          'INVALID_KEY',
          'The API key is not valid: it is unknown or has been revoked. Check that it was copied in full, or create a new key.',
        ),
      );
    }
    return ok(key);
  };
}
