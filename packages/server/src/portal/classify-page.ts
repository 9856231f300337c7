import type { PageSnapshot } from './page-snapshot.js';

/** What the portal said when the share code and date of birth were looked up. */
export type LookupFailure =
  | 'NOT_FOUND'
  | 'DOB_MISMATCH'
  /** One page for both an unknown code and a wrong date of birth (right to work: portal.md 1.5). */
  | 'DETAILS_MISMATCH'
  | 'WRONG_SERVICE'
  | 'EXPIRED'
  | 'LOCKED';

/** A page every service can show at any step, whatever the check. */
export type CommonPage =
  /** HTTP 503 or "Sorry, the service is unavailable". */
  | { readonly kind: 'unavailable' }
  /** "Sorry, there is a problem with the service" (HTTP 200, 403 or 500). */
  | { readonly kind: 'problem' }
  /**
   * "Your session has timed out", "You have been signed out", and the sign-in host's own (Keycloak)
   * "Page has expired" and "Cookie not found": a fresh session may get through.
   */
  | { readonly kind: 'session-ended' }
  | { readonly kind: 'lookup-failure'; readonly failure: LookupFailure };

// Most specific first: the locked page also says the details "do not match our records".
const LOOKUP_PATTERNS: readonly (readonly [LookupFailure, RegExp])[] = [
  ['LOCKED', /\blocked\b|too many attempts/i],
  ['WRONG_SERVICE', /not valid for this service|use a different service/i],
  ['EXPIRED', /\bexpired\b|no longer valid/i],
  ['NOT_FOUND', /share code not found|could not find|not recognised|not recognized/i],
  // Only a page that names the date of birth alone is a date-of-birth mismatch; "the details you
  // entered do not match our records" is said for a wrong code as much as for a wrong date.
  [
    'DOB_MISMATCH',
    /date of birth (you entered |given )?(does not|doesn't|did not|do not) match|(does not|doesn't) match the date of birth|wrong date of birth/i,
  ],
  // "incorrect": eVisaFlow's classifier of the status-check host counts it as a failed lookup.
  [
    'DETAILS_MISMATCH',
    /do not match our records|details (do not|don't) match|(does|do) not match|details (you entered )?(are|is) incorrect/i,
  ],
];

const SESSION_ENDED =
  /session has timed out|session timed out|signed out|session (has )?expired|page has expired|cookie not found|cookies? (are|is) (not enabled|disabled)|start again/i;

export function lookupFailureIn(text: string): LookupFailure | null {
  for (const [failure, pattern] of LOOKUP_PATTERNS) if (pattern.test(text)) return failure;
  return null;
}

/**
 * Recognises the pages any step can land on. Lookup failures are read from the page heading (right to
 * work and right to rent show them as pages of their own), from an error summary (view-immigration-
 * status shows them on the date-of-birth page), or from the paragraphs of a page with no form.
 * Returns null for anything else: a step or a result, which the check's flow recognises.
 */
export function classifyCommonPage(snapshot: PageSnapshot): CommonPage | null {
  const h1 = snapshot.h1 ?? '';
  if (snapshot.status === 503 || /service is unavailable/i.test(h1)) return { kind: 'unavailable' };
  if (/problem with the service/i.test(h1) || /problem with the service/i.test(snapshot.title))
    return { kind: 'problem' };
  if (SESSION_ENDED.test(h1) || SESSION_ENDED.test(snapshot.title)) return { kind: 'session-ended' };
  // Keycloak's error pages put the reason in a paragraph under a general heading ("We are sorry...").
  if (snapshot.controls.length === 0) {
    for (const block of snapshot.blocks)
      if (block.t === 'paragraph' && /^(page has expired|cookie not found)/i.test(block.text))
        return { kind: 'session-ended' };
  }

  const fromHeading = lookupFailureIn(h1);
  if (fromHeading) return { kind: 'lookup-failure', failure: fromHeading };
  for (const item of snapshot.errorSummary) {
    const failure = lookupFailureIn(item);
    if (failure) return { kind: 'lookup-failure', failure };
  }
  // A GOV.UK start page ("...: use their share code") speaks of other services in its paragraphs.
  const startPage = snapshot.actions.some((a) => /^start now$/i.test(a.name));
  if (snapshot.controls.length === 0 && !startPage && /details|share code/i.test(h1)) {
    for (const block of snapshot.blocks) {
      if (block.t !== 'paragraph') continue;
      const failure = lookupFailureIn(block.text);
      if (failure) return { kind: 'lookup-failure', failure };
    }
  }
  return null;
}
