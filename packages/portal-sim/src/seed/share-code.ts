import type { CheckKind } from './person.js';

/** The purpose letter each service's codes start with (W work, R rent, S anything else). */
export const PURPOSE_LETTER: Readonly<Record<CheckKind, string>> = {
  right_to_work: 'W',
  right_to_rent: 'R',
  immigration_status: 'S',
};

const SHARE_CODE = /^[A-Z0-9]{9}$/;

/** Removes spaces and hyphens and upper-cases, as people copy codes written "W12 3AB C45". */
export function normaliseShareCode(raw: string): string {
  return raw.replace(/[\s-]+/g, '').toUpperCase();
}

export function isShareCode(normalised: string): boolean {
  return SHARE_CODE.test(normalised);
}

/** The kind a code's first letter says it was made for, or null for an unknown letter. */
export function kindOfCode(normalised: string): CheckKind | null {
  const letter = normalised.charAt(0);
  for (const [kind, purpose] of Object.entries(PURPOSE_LETTER) as [CheckKind, string][]) {
    if (purpose === letter) return kind;
  }
  return null;
}
