import {
  type CheckError,
  type CheckKind,
  type CheckRecord,
  checkError,
  fail,
  isCheckId,
  type Outcome,
  ok,
} from '@sharecode/core';
import type { AuthenticatedKey } from '../accounts/ports.js';
import type { AsyncChecksRepo } from './async-ports.js';
import { asyncCheckRecord, isAsyncCheckGone } from './async-record.js';

export interface AsyncReadInput {
  readonly key: AuthenticatedKey;
  /** The kind of a kind-specific GET; null for the generic GET, which reads a check of any kind. */
  readonly kind: CheckKind | null;
  readonly checkId: string;
}

/**
 * An asynchronous GET: the check as it stands, if it belongs to the key's account and mode (and, on a
 * kind-specific path, is of that kind). Anything else, ids of another shape included, is 404
 * CHECK_NOT_FOUND, so an id never tells whether it exists elsewhere.
 */
export async function readAsyncCheck(
  deps: { readonly repo: AsyncChecksRepo; readonly clock: () => Date },
  input: AsyncReadInput,
): Promise<Outcome<CheckRecord, CheckError>> {
  const notFound = fail(checkError('CHECK_NOT_FOUND'));
  if (!isCheckId(input.checkId)) return notFound;
  const check = await deps.repo.find(input.checkId, input.key.accountId, input.key.mode);
  const now = deps.clock();
  if (!check || (input.kind !== null && check.kind !== input.kind) || isAsyncCheckGone(check, now)) {
    return notFound;
  }
  return ok(asyncCheckRecord(check, now));
}
