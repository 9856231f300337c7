import { parseLongDate } from '@sharecode/core';
import { fail, ok, type Result } from '../result.js';
import { dateAfter, sameText } from './govuk-text.js';
import type { PageSnapshot } from './page-snapshot.js';
import { rowValue, sectionNamed, sectionSentences, sectionsAfterTitle } from './result-sections.js';

export const RIGHT_TO_RENT_TITLE = 'Right to rent';

/** What the right-to-rent result page says; null where the page shows nothing. */
export interface RightToRentPage {
  readonly outcome: 'ACCEPTED' | 'REJECTED';
  readonly name: string;
  /** The sentences under the name, joined: the spec's `details`. */
  readonly details: string;
  readonly nationality: string | null;
  readonly permissionType: string | null;
  readonly startDate: string | null;
  readonly expiryDate: string | null;
  readonly recheckDate: string | null;
  readonly conditions: string[];
  readonly restrictions: string[];
  readonly checkedBy: string | null;
  readonly checkDate: string | null;
  readonly reference: string | null;
}

const REJECTED = /\b(do|does) not have (a |the )?right to rent\b|\bno right to rent\b/i;
const ACCEPTED =
  /\b(unlimited|time-limited|time limited)\s+right to rent\b|\bha(ve|s) (a |the )?right to rent\b/i;
const DETAILS = 'Details of check';

/**
 * Reads the profile page (every part of it assumed: portal.md found no public source): h1 "Right to
 * rent", the name in an h2, the sentences under it (unlimited; time-limited "until D Month YYYY" with
 * "a follow-up check before D Month YYYY"; or no right), the rows, conditions and restrictions as on
 * right to work, and "Details of check" (Checked by, Date of check, Reference number).
 */
export function readRightToRentPage(snapshot: PageSnapshot): Result<RightToRentPage, string> {
  if (snapshot.h1 === null || !sameText(snapshot.h1, RIGHT_TO_RENT_TITLE))
    return fail('the "Right to rent" heading');
  const sections = sectionsAfterTitle(snapshot.blocks);
  const nameSection = sections.find((s) => s.heading !== null && s.level === 2);
  if (!nameSection?.heading) return fail("the applicant's name");

  const sentences = nameSection.blocks.flatMap((b) => (b.t === 'paragraph' ? [b.text] : []));
  const details = sentences.join(' ');
  if (!REJECTED.test(details) && !ACCEPTED.test(details)) return fail('the right-to-rent sentence');
  const outcome = REJECTED.test(details) ? 'REJECTED' : 'ACCEPTED';

  const start = dateAfter(details, 'from');
  const expiry = dateAfter(details, 'until');
  const recheck = dateAfter(details, 'follow-up check (?:before|by|on)');
  if (start.kind === 'bad' || expiry.kind === 'bad' || recheck.kind === 'bad')
    return fail('a date in the sentence');

  const checkSection = sectionNamed(sections, DETAILS);
  const checkRows = checkSection?.blocks ?? [];
  const checkDateText = rowValue(checkRows, ['Date of check']);
  const checkDate = checkDateText === null ? null : parseLongDate(checkDateText);
  if (checkDateText !== null && checkDate === null) return fail('the date of check');

  const others = sections.filter(
    (s) =>
      s !== nameSection &&
      s.heading !== null &&
      !['Conditions', 'Restrictions', DETAILS].some((own) => sameText(own, s.heading ?? '')),
  );
  return ok({
    outcome,
    name: nameSection.heading,
    details,
    nationality: rowValue(nameSection.blocks, ['Nationality']),
    permissionType: rowValue(nameSection.blocks, ['Type of permission', 'Permission type']),
    startDate: start.kind === 'date' ? start.iso : null,
    expiryDate: expiry.kind === 'date' ? expiry.iso : null,
    recheckDate: recheck.kind === 'date' ? recheck.iso : null,
    conditions: [
      ...sectionSentences(sectionNamed(sections, 'Conditions')),
      ...others.flatMap((s) => sectionSentences(s)),
    ],
    restrictions: sectionSentences(sectionNamed(sections, 'Restrictions')),
    checkedBy: rowValue(checkRows, ['Checked by', 'Landlord or company name']),
    checkDate,
    reference: rowValue(checkRows, ['Reference number', 'Reference']),
  });
}
