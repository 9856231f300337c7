import { fail, type Outcome, ok } from '@sharecode/core';
import { parseLongDate } from '@sharecode/core/util';
import { sameText } from './govuk-text.js';
import type { PageSnapshot } from './page-snapshot.js';
import {
  isCheckerGuidance,
  labelledValue,
  sectionNamed,
  sectionSentences,
  sectionsAfterTitle,
} from './result-sections.js';

export const IMMIGRATION_STATUS_TITLE = 'Their immigration status';

/** What the view-immigration-status result page says; null where the page shows nothing. */
export interface ImmigrationStatusPage {
  readonly name: string;
  readonly nationality: string;
  readonly status: string;
  readonly validFrom: string;
  readonly validUntil: string | null;
  readonly activities: string[];
  readonly restrictions: string[];
  readonly companyName: string | null;
  readonly jobTitle: string | null;
  readonly checkDate: string | null;
  readonly reference: string;
  readonly purpose: string | null;
}

const NO_END = /^(no expiry date|no end date|none|no time limit|indefinite)/i;

/**
 * Reads /view/profile: h1 "Their immigration status", the summary rows (Name, Nationality, Status,
 * Valid from, Valid until), "Summary of what they can do in the UK" ("They can:" bullets), the
 * "...cannot do" section, and the check details by their ids (#checkCompanyName, #checkJobTitle,
 * #checkDate, #checkReferenceNumber, #checkPurpose) or, failing those, their labels.
 */
export function readImmigrationStatusPage(snapshot: PageSnapshot): Outcome<ImmigrationStatusPage, string> {
  if (snapshot.h1 === null || !sameText(snapshot.h1, IMMIGRATION_STATUS_TITLE))
    return fail('the "Their immigration status" heading');
  const rows = snapshot.blocks;
  const name = labelledValue(rows, ['Name']);
  const nationality = labelledValue(rows, ['Nationality']);
  const status = labelledValue(rows, ['Status']);
  if (!name) return fail('the Name row');
  if (!nationality) return fail('the Nationality row');
  if (!status) return fail('the Status row');

  const fromText = labelledValue(rows, ['Valid from']);
  const validFrom = fromText === null ? null : parseLongDate(fromText);
  if (validFrom === null) return fail('the Valid from date');
  const untilText = labelledValue(rows, ['Valid until']);
  let validUntil: string | null = null;
  if (untilText !== null && !NO_END.test(untilText)) {
    validUntil = parseLongDate(untilText);
    if (validUntil === null) return fail('the Valid until date');
  }

  const checkDateText = labelledValue(rows, ['Date of check'], ['checkDate']);
  const checkDate = checkDateText === null ? null : parseLongDate(checkDateText);
  if (checkDateText !== null && checkDate === null) return fail('the date of check');
  const reference = labelledValue(rows, ['Reference number'], ['checkReferenceNumber']);
  if (!reference) return fail('the reference number');

  const sections = sectionsAfterTitle(snapshot.blocks);
  return ok({
    name,
    nationality,
    status,
    validFrom,
    validUntil,
    activities: sectionSentences(sectionNamed(sections, /what they can do/i), 'They can').filter(
      (t) => !isCheckerGuidance(t),
    ),
    restrictions: sectionSentences(
      sectionNamed(sections, /(cannot|can't|can not) do/i),
      'They cannot',
    ).filter((t) => !isCheckerGuidance(t)),
    companyName: labelledValue(rows, ['Organisation or company name', 'Company name'], ['checkCompanyName']),
    jobTitle: labelledValue(rows, ['Job title'], ['checkJobTitle']),
    checkDate,
    reference,
    purpose: labelledValue(rows, ['Reason for checking', 'Purpose'], ['checkPurpose']),
  });
}
