import { fail, type Outcome, ok } from '@sharecode/core';
import { dateAfter, sameText, sentencesOf } from './govuk-text.js';
import type { PageSnapshot } from './page-snapshot.js';
import { nameOf, readPermission } from './read-permission.js';
import {
  blocksUnder,
  isCheckerGuidance,
  labelledValue,
  permissionSections,
  type Section,
  sectionSentences,
  sectionsAfterTitle,
} from './result-sections.js';

export const RIGHT_TO_WORK_TITLE = 'Right to work';

/** What the right-to-work result page says, before the photo, the PDF and the request's echoes. */
export interface RightToWorkPage {
  readonly outcome: 'ACCEPTED' | 'REJECTED';
  readonly name: string;
  readonly nationality: string | null;
  readonly permissionType: string | null;
  readonly startDate: string | null;
  readonly expiryDate: string | null;
  readonly conditions: string[];
  readonly restrictions: string[];
  readonly reference: string | null;
}

const DETAILS_OF_CHECK = /^details of (the )?check$/i;
const RESTRICTIONS = /^restrictions|cannot do|can't do|can not do/i;

/**
 * Reads the profile page by meaning, whatever the markup: h1 "Right to work"; the name (a "Name" row,
 * or the heading over the permission sentence, or the first heading in capitals); the permission
 * sentence in any form of SENTENCE_FORMS; the reference from "Details of check" as rows, headings with
 * paragraphs or ids; conditions and restrictions from the sections about the permission only (never
 * the check's details, the legal basis or the employer's guidance). The error names the part that was
 * missing or unreadable, in the driver's words (never page text).
 */
export function readRightToWorkPage(snapshot: PageSnapshot): Outcome<RightToWorkPage, string> {
  if (snapshot.h1 === null || !sameText(snapshot.h1, RIGHT_TO_WORK_TITLE))
    return fail('the "Right to work" heading');
  const sections = permissionSections(sectionsAfterTitle(snapshot.blocks));
  const permission = readPermission('right_to_work', sections);
  if (!permission.ok) return permission;
  const { sentence, section: sentenceSection, form } = permission.value;

  const name = nameOf(snapshot, sections, sentenceSection);
  if (name === null) return fail("the applicant's name");

  const start = dateAfter(sentence, 'from');
  const expiry = dateAfter(sentence, 'until');
  if (start.kind === 'bad' || expiry.kind === 'bad' || (form.timeLimited && expiry.kind !== 'date'))
    return fail('a date in the permission sentence');

  const details = blocksUnder(snapshot.blocks, DETAILS_OF_CHECK);
  const reference =
    labelledValue(details, ['Reference number', 'Reference']) ??
    labelledValue(snapshot.blocks, ['Reference number'], ['checkReferenceNumber', 'referenceNumber']);

  const own = (s: Section) => s.heading !== null && RESTRICTIONS.test(s.heading);
  return ok({
    outcome: form.outcome,
    name,
    nationality: labelledValue(snapshot.blocks, ['Nationality']),
    permissionType: labelledValue(snapshot.blocks, ['Type of permission', 'Permission type']),
    startDate: start.kind === 'date' ? start.iso : null,
    expiryDate: expiry.kind === 'date' ? expiry.iso : null,
    conditions: termsOf(
      sections.filter((s) => !own(s)),
      sentence,
    ),
    restrictions: termsOf(sections.filter(own), sentence),
    reference,
  });
}

const CHECK_LABELS = /^(company name|date of check|reference( number)?|checked by)\b/i;

/** The sentences of the permission's terms: no result sentence, no check detail, no guidance. */
function termsOf(sections: readonly Section[], resultSentence: string): string[] {
  const skip = new Set(sentencesOf(resultSentence));
  return sections
    .filter((s) => s.heading !== null)
    .flatMap((s) => sectionSentences(s))
    .filter((t) => !skip.has(t) && !CHECK_LABELS.test(t) && !isCheckerGuidance(t));
}
