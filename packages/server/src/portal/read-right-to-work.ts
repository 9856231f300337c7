import { fail, ok, type Result } from '../result.js';
import { dateAfter, sameText } from './govuk-text.js';
import type { PageSnapshot } from './page-snapshot.js';
import { rowValue, sectionNamed, sectionSentences, sectionsAfterTitle } from './result-sections.js';

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

const REJECTED =
  /\b(do|does) not have (the |a )?(right|permission) to work\b|\bno (right|permission) to work\b/i;
const ACCEPTED = /\bha(ve|s) permission to work\b|\bha(ve|s) the right to work\b/i;
const DETAILS = 'Details of check';
const OWN_SECTIONS = ['Conditions', 'Restrictions', DETAILS];

/**
 * Reads the profile page: h1 "Right to work", the name in an h2, the permission sentence under it
 * ("They have permission to work in the UK [from D Month YYYY] until D Month YYYY, ..."), optional
 * Nationality and Type of permission rows, Conditions (with "They can:" bullets), Restrictions, any
 * other sections (counted as conditions), and the "Details of check" rows. The error names the part
 * that was missing or unreadable, in the driver's words (never page text).
 */
export function readRightToWorkPage(snapshot: PageSnapshot): Result<RightToWorkPage, string> {
  if (snapshot.h1 === null || !sameText(snapshot.h1, RIGHT_TO_WORK_TITLE))
    return fail('the "Right to work" heading');
  const sections = sectionsAfterTitle(snapshot.blocks);
  const nameSection = sections.find((s) => s.heading !== null && s.level === 2);
  if (!nameSection?.heading) return fail("the applicant's name");

  const sentence = nameSection.blocks.find(
    (b) => b.t === 'paragraph' && (REJECTED.test(b.text) || ACCEPTED.test(b.text)),
  );
  if (sentence?.t !== 'paragraph') return fail('the permission sentence');
  const outcome = REJECTED.test(sentence.text) ? 'REJECTED' : 'ACCEPTED';

  const start = dateAfter(sentence.text, 'from');
  const expiry = dateAfter(sentence.text, 'until');
  if (start.kind === 'bad' || expiry.kind === 'bad') return fail('a date in the permission sentence');

  const details = sectionNamed(sections, DETAILS);
  const others = sections.filter(
    (s) =>
      s !== nameSection && s.heading !== null && !OWN_SECTIONS.some((own) => sameText(own, s.heading ?? '')),
  );
  const factBlocks = nameSection.blocks;
  return ok({
    outcome,
    name: nameSection.heading,
    nationality: rowValue(factBlocks, ['Nationality']),
    permissionType: rowValue(factBlocks, ['Type of permission', 'Permission type']),
    startDate: start.kind === 'date' ? start.iso : null,
    expiryDate: expiry.kind === 'date' ? expiry.iso : null,
    conditions: [
      ...sectionSentences(sectionNamed(sections, 'Conditions')),
      ...others.flatMap((s) => sectionSentences(s)),
    ],
    restrictions: sectionSentences(sectionNamed(sections, 'Restrictions')),
    reference: details ? rowValue(details.blocks, ['Reference number', 'Reference']) : null,
  });
}
