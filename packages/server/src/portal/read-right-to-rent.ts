import { fail, type Outcome, ok } from '@sharecode/core';
import { parseLongDate } from '@sharecode/core/util';
import { dateAfter, sameText } from './govuk-text.js';
import type { PageSnapshot } from './page-snapshot.js';
import { nameOf, readPermission } from './read-permission.js';
import {
  blocksUnder,
  isCheckerGuidance,
  labelledValue,
  permissionSections,
  sectionNamed,
  sectionSentences,
  sectionsAfterTitle,
} from './result-sections.js';

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

const DETAILS = 'Details of check';

/**
 * Reads the profile page (every part of it assumed: portal.md found no public source): h1 "Right to
 * rent", the name in an h2, the sentences under it (unlimited; time-limited "until D Month YYYY" with
 * "a follow-up check before D Month YYYY"; or no right), the rows, conditions and restrictions as on
 * right to work, and "Details of check" (Checked by, Date of check, Reference number).
 */
export function readRightToRentPage(snapshot: PageSnapshot): Outcome<RightToRentPage, string> {
  if (snapshot.h1 === null || !sameText(snapshot.h1, RIGHT_TO_RENT_TITLE))
    return fail('the "Right to rent" heading');
  const sections = permissionSections(sectionsAfterTitle(snapshot.blocks));
  const permission = readPermission('right_to_rent', sections);
  if (!permission.ok) return fail('the right-to-rent sentence');
  const nameSection = permission.value.section;
  const name = nameOf(snapshot, sections, nameSection);
  if (name === null) return fail("the applicant's name");
  const outcome = permission.value.form.outcome;
  // The spec's `details` is what the service says under the name, the follow-up check included.
  const details = nameSection.blocks.flatMap((b) => (b.t === 'paragraph' ? [b.text] : [])).join(' ');

  const start = dateAfter(details, 'from');
  const expiry = dateAfter(details, 'until');
  const recheck = dateAfter(details, 'follow-up check (?:before|by|on)');
  if (
    start.kind === 'bad' ||
    expiry.kind === 'bad' ||
    recheck.kind === 'bad' ||
    (permission.value.form.timeLimited && expiry.kind !== 'date')
  )
    return fail('a date in the sentence');

  const checkRows = blocksUnder(snapshot.blocks, /^details of (the )?check$/i);
  const checkDateText = labelledValue(checkRows, ['Date of check']);
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
    name,
    details,
    nationality: labelledValue(nameSection.blocks, ['Nationality']),
    permissionType: labelledValue(nameSection.blocks, ['Type of permission', 'Permission type']),
    startDate: start.kind === 'date' ? start.iso : null,
    expiryDate: expiry.kind === 'date' ? expiry.iso : null,
    recheckDate: recheck.kind === 'date' ? recheck.iso : null,
    conditions: [
      ...sectionSentences(sectionNamed(sections, 'Conditions')),
      ...others.flatMap((s) => sectionSentences(s)),
    ].filter((t) => !isCheckerGuidance(t)),
    restrictions: sectionSentences(sectionNamed(sections, 'Restrictions')),
    checkedBy: labelledValue(checkRows, ['Checked by', 'Landlord or company name', 'Company name']),
    checkDate,
    reference: labelledValue(checkRows, ['Reference number', 'Reference']),
  });
}
