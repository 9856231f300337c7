import type { CheckKind } from '@sharecode/core/duties';
import type { CheckReceipt } from './receipt.js';
import { identityHash, type RegisterKey, shareCodeHash } from './register-key.js';

/** How a check was matched to a person already in the register. */
export type PersonMatchBasis = 'share_code' | 'name_and_date_of_birth';

/** The person a new check is about, when the register already holds them. */
export interface PersonMatch {
  /** The one person matched; undefined when none, or when several could be (see `candidates`). */
  person: string | undefined;
  by: PersonMatchBasis | undefined;
  /**
   * People it may be, not matched for sure: several matches, or the same name where the date of
   * birth was not kept. The caller asks (rtw asks on a terminal, or says so).
   */
  candidates: string[];
}

const tidyName = (name: string): string => name.replace(/\s+/g, ' ').trim().toUpperCase();

/**
 * Finds whom a check of `kind` is about among the register's checks: the same share code (a repeat),
 * else the same name and date of birth (a follow-up, made with a new share code). Never guesses.
 */
export function matchPerson(
  key: RegisterKey,
  checks: readonly CheckReceipt[],
  kind: CheckKind,
  result: { share_code: string; name: string; date_of_birth?: string | undefined },
): PersonMatch {
  const sameKind = checks.filter((check) => check.kind === kind);
  const people = (list: readonly CheckReceipt[]): string[] => [...new Set(list.map((check) => check.person))];
  const code = shareCodeHash(key, result.share_code);
  // The same share code under the same name: a repeat. Under another name it is only a candidate.
  const sameCode = sameKind.filter((check) => check.share_code_hmac === code);
  const byCode = people(sameCode.filter((check) => tidyName(check.name) === tidyName(result.name)));
  if (byCode.length === 1) return { person: byCode[0], by: 'share_code', candidates: [] };
  const identity = result.date_of_birth ? identityHash(key, result.name, result.date_of_birth) : undefined;
  const byIdentity = identity ? people(sameKind.filter((check) => check.identity_hmac === identity)) : [];
  if (byCode.length === 0 && byIdentity.length === 1) {
    return { person: byIdentity[0], by: 'name_and_date_of_birth', candidates: [] };
  }
  // The same name where no date of birth was kept (older receipts): maybe them, never for sure.
  const byName = people(
    sameKind.filter(
      (check) => check.identity_hmac === undefined && tidyName(check.name) === tidyName(result.name),
    ),
  );
  const candidates = [...new Set([...people(sameCode), ...byIdentity, ...byName])];
  return { person: undefined, by: undefined, candidates };
}
