import type { CheckKind } from '../check-kind.js';
import type { ImmigrationStatusResult, RightToRentResult, RightToWorkResult } from '../contract.js';
import { purposeWording } from '../purpose-wording.js';
import { dataUrl } from '../util/base64.js';
import { addYears, formatDate, formatLongDate, startOfUtcDay } from '../util/dates.js';
import type { ValidatedRequest } from '../validation/check-request.js';
import type { PdfModel } from './pdf.js';
import { renderCheckPdf } from './pdf.js';
import type { SandboxPerson } from './people.js';
import { sandboxReference } from './people.js';
import { sandboxPortraitJpeg } from './portrait.js';

interface PermissionDates {
  start: Date | null;
  expiry: Date | null;
}

function permissionDates(person: SandboxPerson, day: Date): PermissionDates {
  return {
    start: person.startedYearsAgo === null ? null : addYears(day, -person.startedYearsAgo),
    expiry: person.term === 'time_limited' ? addYears(day, 1) : null,
  };
}

const dateOrNull = (date: Date | null): string | null => (date ? formatDate(date) : null);
const longOrNone = (date: Date | null, none: string): string => (date ? formatLongDate(date) : none);

function rightToWorkStatement(person: SandboxPerson, dates: PermissionDates): string {
  if (person.term === 'none') return 'They do not have permission to work in the UK.';
  if (dates.expiry) {
    return `They have permission to work in the UK until ${formatLongDate(dates.expiry)}, subject to the conditions and restrictions below.`;
  }
  return 'They have permission to work in the UK with no time limit.';
}

/** The right-to-rent sentence; a follow-up check is due when the permission ends (a year ahead at most). */
function rightToRentStatement(
  person: SandboxPerson,
  dates: PermissionDates,
): { details: string; recheck: Date | null } {
  if (person.term === 'none')
    return { details: 'They do not have a right to rent in England.', recheck: null };
  if (dates.expiry) {
    return {
      details: `They have a time-limited right to rent in England until ${formatLongDate(dates.expiry)}. You must make a follow-up check before ${formatLongDate(dates.expiry)}.`,
      recheck: dates.expiry,
    };
  }
  return {
    details: 'They have an unlimited right to rent in England. You do not need to make a follow-up check.',
    recheck: null,
  };
}

interface Evidence {
  photo: string;
  pdf: string;
}

async function evidence(person: SandboxPerson, model: PdfModel): Promise<Evidence> {
  const photo = sandboxPortraitJpeg(person);
  const pdf = await renderCheckPdf(model, photo, person.id);
  return { photo: dataUrl('image/jpeg', photo), pdf: dataUrl('application/pdf', pdf) };
}

function permissionRows(person: SandboxPerson, dates: PermissionDates, dateOfBirth: string, outcome: string) {
  return [
    ['Outcome', outcome],
    ['Date of birth', dateOfBirth],
    ['Nationality', person.nationality],
    ['Permission type', person.permissionType ?? 'None'],
    ['Start date', longOrNone(dates.start, 'None')],
    ['Expiry date', longOrNone(dates.expiry, 'No time limit')],
  ] as const;
}

function permissionSections(person: SandboxPerson) {
  return [
    { heading: 'Conditions', lines: person.conditions.length > 0 ? person.conditions : ['None.'] },
    { heading: 'Restrictions', lines: person.restrictions.length > 0 ? person.restrictions : ['None.'] },
  ];
}

function outcomeOf(person: SandboxPerson): 'ACCEPTED' | 'REJECTED' {
  return person.term === 'none' ? 'REJECTED' : 'ACCEPTED';
}

/** The facts every sandbox result starts from: the check day, the permission's dates, the reference. */
function checkFacts(person: SandboxPerson, kind: CheckKind, now: Date) {
  const day = startOfUtcDay(now);
  return { day, dates: permissionDates(person, day), reference: sandboxReference(person, kind) };
}

/** The check details the PDF ends with: the checker's own rows, then the day and the reference. */
function checkDetails(
  rows: PdfModel['checkDetails'],
  day: Date,
  reference: string,
): PdfModel['checkDetails'] {
  return [...rows, ['Date of check', formatLongDate(day)], ['Reference number', reference]];
}

/** The fields right-to-work and right-to-rent results share, in the contract's order. */
function permissionFields<T extends 'Right to work' | 'Right to rent'>(
  title: T,
  person: SandboxPerson,
  request: { date_of_birth: string; share_code: string },
  facts: ReturnType<typeof checkFacts>,
  files: Evidence,
  now: Date,
) {
  const { dates } = facts;
  return {
    outcome: outcomeOf(person),
    title,
    name: person.name,
    date_of_birth: request.date_of_birth,
    nationality: person.nationality,
    permission_type: person.permissionType,
    start_date: dateOrNull(dates.start),
    expiry_date: dateOrNull(dates.expiry),
    conditions: [...person.conditions],
    restrictions: [...person.restrictions],
    reference: facts.reference,
    share_code: request.share_code,
    photo_data_url: files.photo,
    pdf_data_url: files.pdf,
    checked_at: now.toISOString(),
  };
}

export async function rightToWorkResult(
  request: Extract<ValidatedRequest, { kind: 'right_to_work' }>['request'],
  person: SandboxPerson,
  now: Date,
): Promise<RightToWorkResult> {
  const facts = checkFacts(person, 'right_to_work', now);
  const { day, dates, reference } = facts;
  const outcome = outcomeOf(person);
  const files = await evidence(person, {
    title: 'Right to work',
    heading: 'Right to work',
    name: person.name,
    statement: rightToWorkStatement(person, dates),
    summary: permissionRows(person, dates, request.date_of_birth, outcome),
    sections: permissionSections(person),
    checkDetails: checkDetails([['Company name', request.company_name]], day, reference),
    keywords: keywordsFor(person, request.date_of_birth, outcome, reference, request.company_name, day),
    date: day,
  });
  return permissionFields('Right to work', person, request, facts, files, now);
}

export async function rightToRentResult(
  request: Extract<ValidatedRequest, { kind: 'right_to_rent' }>['request'],
  person: SandboxPerson,
  now: Date,
): Promise<RightToRentResult> {
  const facts = checkFacts(person, 'right_to_rent', now);
  const { day, dates, reference } = facts;
  const outcome = outcomeOf(person);
  const { details, recheck } = rightToRentStatement(person, dates);
  const checker = request.checker_type === 'agent' ? 'Letting agent' : 'Landlord';
  const files = await evidence(person, {
    title: 'Right to rent',
    heading: 'Right to rent',
    name: person.name,
    statement: details,
    summary: [
      ...permissionRows(person, dates, request.date_of_birth, outcome),
      ['Follow-up check', longOrNone(recheck, 'Not needed')],
    ],
    sections: permissionSections(person),
    checkDetails: checkDetails(
      [
        ['Checker name', request.checker_name],
        ['Checker', checker],
      ],
      day,
      reference,
    ),
    keywords: keywordsFor(person, request.date_of_birth, outcome, reference, request.checker_name, day),
    date: day,
  });
  return {
    ...permissionFields('Right to rent', person, request, facts, files, now),
    details,
    recheck_date: dateOrNull(recheck),
    company_name: request.checker_name,
    check_date: formatDate(day),
  };
}

export async function immigrationStatusResult(
  request: Extract<ValidatedRequest, { kind: 'immigration_status' }>['request'],
  person: SandboxPerson & { immigration: NonNullable<SandboxPerson['immigration']> },
  now: Date,
): Promise<ImmigrationStatusResult> {
  const { day, dates, reference } = checkFacts(person, 'immigration_status', now);
  const view = person.immigration;
  const purpose = purposeWording(request.purpose, request.other_purpose);
  const validFrom = dates.start ?? day;
  const statement = dates.expiry
    ? `${view.status}: valid until ${formatLongDate(dates.expiry)}.`
    : `${view.status}: no time limit.`;
  const files = await evidence(person, {
    title: 'Immigration status',
    heading: 'Their immigration status',
    name: person.name,
    statement,
    summary: [
      ['Name', person.name],
      ['Date of birth', request.date_of_birth],
      ['Nationality', person.nationality],
      ['Status', view.status],
      ['Valid from', formatLongDate(validFrom)],
      ['Valid until', longOrNone(dates.expiry, 'No time limit')],
    ],
    sections: [
      { heading: 'Summary of what they can do in the UK', lines: view.activities },
      {
        heading: 'Things they cannot do',
        lines: view.restrictions.length > 0 ? view.restrictions : ['None.'],
      },
    ],
    checkDetails: checkDetails(
      [
        ['Organisation or company name', request.company_name],
        ['Job title', request.job_title],
        ['Reason for checking', purpose],
      ],
      day,
      reference,
    ),
    keywords: keywordsFor(person, request.date_of_birth, view.status, reference, request.company_name, day),
    date: day,
  });
  return {
    outcome: 'ACCEPTED',
    title: 'Immigration status',
    name: person.name,
    date_of_birth: request.date_of_birth,
    nationality: person.nationality,
    status: view.status,
    valid_from: formatDate(validFrom),
    valid_until: dateOrNull(dates.expiry),
    activities: [...view.activities],
    restrictions: [...view.restrictions],
    reference,
    company_name: request.company_name,
    job_title: request.job_title,
    purpose,
    check_date: formatDate(day),
    share_code: request.share_code,
    photo_data_url: files.photo,
    pdf_data_url: files.pdf,
    checked_at: now.toISOString(),
  };
}

function keywordsFor(
  person: SandboxPerson,
  dateOfBirth: string,
  outcome: string,
  reference: string,
  company: string,
  day: Date,
): string[] {
  return [person.name, dateOfBirth, outcome, reference, company, formatDate(day)];
}
