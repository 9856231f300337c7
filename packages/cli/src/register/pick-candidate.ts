/** Folds what a person types: names are shown upper-cased and may be typed in any case and spacing. */
const fold = (text: string): string => text.trim().replace(/\s+/g, ' ').toUpperCase();

/**
 * The candidate typed at "Which person?": as listed, else the one candidate it matches in another
 * case or spacing. `several`: it matches more than one that way, so which was meant is not known.
 */
export function pickCandidate(
  typed: string,
  candidates: readonly string[],
): { ok: true; person: string } | { ok: false; several: boolean } {
  if (candidates.includes(typed)) return { ok: true, person: typed };
  const matches = candidates.filter((candidate) => fold(candidate) === fold(typed));
  const [only] = matches;
  return matches.length === 1 && only !== undefined
    ? { ok: true, person: only }
    : { ok: false, several: matches.length > 1 };
}

/** Why what was typed was not taken, and what to type. */
export function notACandidate(typed: string, candidates: readonly string[], several: boolean): string {
  const listed = candidates.join(', ');
  return several
    ? `"${typed}" matches more than one of ${listed} in another case: type it exactly as listed.`
    : `"${typed}" is not one of ${listed}: type one of them (in any case).`;
}
