/**
 * Every known wording of a result sentence, in ONE table: what the portal says a person may do, with
 * where the wording comes from (shared/research/portal.md, sections 1.3, 2 and "Second review").
 * Tags: C confirmed by several sources, S one source, G guessed by scrapers, I inferred by us.
 * The readers match a page's sentences against this table one sentence at a time, so a form that is
 * a whole sentence ("They can work in the UK.") never matches a longer condition.
 */
export interface SentenceForm {
  readonly id: string;
  readonly kind: 'right_to_work' | 'right_to_rent';
  readonly outcome: 'ACCEPTED' | 'REJECTED';
  /** True when the form promises an end date ("until ..."): a sentence without one is unreadable. */
  readonly timeLimited: boolean;
  readonly pattern: RegExp;
  readonly source: string;
  /** One sentence in the form, as a page would show it (the table's own test reads each). */
  readonly example: string;
}

// Refusals come first: "do not have permission to work" contains "have permission to work".
export const SENTENCE_FORMS: readonly SentenceForm[] = [
  {
    id: 'rtw-no-right',
    kind: 'right_to_work',
    outcome: 'REJECTED',
    timeLimited: false,
    pattern: /\b(do|does) not have (the |a )?(right|permission) to work\b|\bno (right|permission) to work\b/i,
    source: 'G: guessing scrapers look for "does not have the right" (portal.md 1.3); no real page seen',
    example: 'They do not have the right to work in the UK.',
  },
  {
    id: 'rtw-cannot-work',
    kind: 'right_to_work',
    outcome: 'REJECTED',
    timeLimited: false,
    pattern: /^they (cannot|can not|can't) work in the UK\b/i,
    source: 'I: the negative of the real "They can work in the UK." (portal.md, second review)',
    example: 'They cannot work in the UK.',
  },
  {
    id: 'rtw-time-limited',
    kind: 'right_to_work',
    outcome: 'ACCEPTED',
    timeLimited: true,
    pattern: /\bha(ve|s) permission to work in the UK\b.*\buntil\b/i,
    source:
      'C: "They have permission to work in the UK until 14 December 2025, subject to the conditions and restrictions below." (jamesoneill997 RapidAPI examples; ukrtwchecker; Demo-EMS OCR); "from ... until" (jamesoneill997 format_dates_from_details)',
    example:
      'They have permission to work in the UK until 14 December 2025, subject to the conditions and restrictions below.',
  },
  {
    id: 'rtw-no-time-limit',
    kind: 'right_to_work',
    outcome: 'ACCEPTED',
    timeLimited: false,
    pattern: /^they can work in the UK\.?$/i,
    source:
      'H: real right-to-work PDF of October 2022 (MazanLabeeb/govuk-bot, EUSS settled) and jamesoneill997 5635be4 "handle no expiry case"',
    example: 'They can work in the UK.',
  },
  {
    id: 'rtw-can-work-until',
    kind: 'right_to_work',
    outcome: 'ACCEPTED',
    timeLimited: true,
    pattern: /^they can work in the UK until\b/i,
    source: 'I: the no-time-limit sentence with an end date, as pre-settled status might show it',
    example: 'They can work in the UK until 3 March 2027.',
  },
  {
    id: 'rtw-permission-no-limit',
    kind: 'right_to_work',
    outcome: 'ACCEPTED',
    timeLimited: false,
    pattern: /\bha(ve|s) permission to work in the UK with no time limit\b/i,
    source: 'I: invented by the first simulator; kept so an older wording still reads',
    example: 'They have permission to work in the UK with no time limit.',
  },
  {
    id: 'rtw-has-right',
    kind: 'right_to_work',
    outcome: 'ACCEPTED',
    timeLimited: false,
    pattern: /\bha(ve|s) (the |a )?right to work in the UK\b/i,
    source: 'G: guessing scrapers (portal.md 5)',
    example: 'They have the right to work in the UK.',
  },
  {
    id: 'rtr-no-right',
    kind: 'right_to_rent',
    outcome: 'REJECTED',
    timeLimited: false,
    pattern: /\b(do|does) not have (a |the )?right to rent\b|\bno right to rent\b/i,
    source: 'C: the third outcome "no right to rent" (davidsonmorris.com; letsafeuk.co.uk); wording assumed',
    example: 'They do not have a right to rent in England.',
  },
  {
    id: 'rtr-time-limited',
    kind: 'right_to_rent',
    outcome: 'ACCEPTED',
    timeLimited: true,
    pattern: /\btime[- ]limited right to rent\b/i,
    source: 'C: "time-limited right to rent" outcome (davidsonmorris.com; letsafeuk.co.uk); wording assumed',
    example: 'They have a time-limited right to rent in England until 4 May 2027.',
  },
  {
    id: 'rtr-unlimited',
    kind: 'right_to_rent',
    outcome: 'ACCEPTED',
    timeLimited: false,
    pattern: /\bunlimited right to rent\b|\bcontinuous right to rent\b/i,
    source: 'C: "unlimited right to rent" outcome (davidsonmorris.com; letsafeuk.co.uk); wording assumed',
    example: 'They have an unlimited right to rent in England.',
  },
  {
    id: 'rtr-has-right',
    kind: 'right_to_rent',
    outcome: 'ACCEPTED',
    timeLimited: false,
    pattern: /\bha(ve|s) (a |the )?right to rent\b/i,
    source: 'I: the plain wording of the outcome',
    example: 'They have a right to rent in England.',
  },
  {
    id: 'rtr-no-further-check',
    kind: 'right_to_rent',
    outcome: 'ACCEPTED',
    timeLimited: false,
    pattern: /^no further check is required\b/i,
    source: 'S: the service says "no further check is required" for a continuous right (canopy 8970573)',
    example: 'No further check is required.',
  },
];

/** The form a sentence is written in, for one kind of check; null when it is none of them. */
export function sentenceFormOf(kind: SentenceForm['kind'], sentence: string): SentenceForm | null {
  const text = sentence.replace(/\s+/g, ' ').trim();
  return SENTENCE_FORMS.find((form) => form.kind === kind && form.pattern.test(text)) ?? null;
}
