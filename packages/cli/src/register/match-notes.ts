import type { Filed } from './filed.js';

/** What a match was made on, in words: "share code", or "name and date of birth". */
export function matchBasis(match: Filed['match']): string {
  return match.by === 'share_code' ? 'share code' : 'name and date of birth';
}

/**
 * What the terminal says about whom a filed check was matched to in the register: filed under the
 * person matched, filed apart from them (an explicit --person), who it may be, and earlier checks of
 * its share code.
 */
export function matchNotes(filed: Filed): string[] {
  const { receipt, match } = filed;
  const notes: string[] = [];
  const basis = matchBasis(match);
  if (match.person !== undefined && match.person === receipt.person && match.person !== receipt.name) {
    notes.push(`Filed under ${match.person}: the same ${basis} as their earlier check.`);
  }
  // --person named someone else: two people in the register from here on, and nothing else says so.
  if (match.person !== undefined && match.person !== receipt.person) {
    notes.push(
      `Note: the register now holds this check under ${receipt.person} and their earlier checks (the same ${basis}) under ${match.person}, so follow-ups and the report list them separately. If they are the same person, file their next checks under one id (--person ${match.person}).`,
    );
  }
  if (match.person === undefined && match.candidates.some((id) => id !== receipt.person)) {
    notes.push(
      `Note: this may be ${match.candidates.join(' or ')}, already in the register; filed as ${receipt.person}. If it is the same person, file their checks with --person ID.`,
    );
  }
  return [...notes, ...repeatNotes(filed)];
}

/**
 * One line per earlier day and reference of the same share code: a profile's reference is the same
 * on every check of it, so earlier checks on one day would print the same line once each.
 */
function repeatNotes(filed: Filed): string[] {
  const counts = new Map<string, { date: string; reference: string; checks: number }>();
  for (const earlier of filed.repeats) {
    const key = `${earlier.check_date} ${earlier.reference}`;
    const seen = counts.get(key) ?? { date: earlier.check_date, reference: earlier.reference, checks: 0 };
    counts.set(key, { ...seen, checks: seen.checks + 1 });
  }
  return [...counts.values()]
    .slice(-3)
    .map(
      ({ date, reference, checks }) =>
        `Note: this share code was checked before, on ${date} (reference ${reference}${checks > 1 ? `, ${checks} checks` : ''}).`,
    );
}
