import { headedBlocks, rowBlocks, summaryRow } from '../../pdf/pdf-blocks.js';
import type { PdfBlock } from '../../pdf/pdf-content.js';
import type { RightToRentPerson, SimPerson } from '../../seed/person.js';
import {
  addMonths,
  type CalendarDate,
  compareDates,
  formatGovukDate,
  parseIsoDate,
} from '../../util/dates.js';
import type { PageShape } from '../page-shape.js';
import { resultPdf } from '../result-pdf.js';

export type CheckerType = 'landlord' | 'agent';

export const CHECKER_TYPE_LABEL: Readonly<Record<CheckerType, string>> = {
  landlord: 'Landlord',
  agent: 'Letting agent',
};

export interface RightToRentCheck {
  readonly checkerName: string;
  readonly checkerType: CheckerType;
  readonly reference: string;
  readonly checkDate: CalendarDate;
}

const LABELS = {
  normal: {
    title: 'Right to rent',
    photoId: 'profileImage',
    nationality: 'Nationality',
    permissionType: 'Type of permission',
    conditions: 'Conditions',
    theyCan: 'They can:',
    restrictions: 'Restrictions',
    details: 'Details of check',
    checkerName: 'Checked by',
    checkerType: 'Landlord or letting agent',
    dateOfCheck: 'Date of check',
    reference: 'Reference number',
  },
  changed: {
    title: 'Tenant eligibility result',
    photoId: 'tenant-photo',
    nationality: 'Citizenship',
    permissionType: 'Visa category',
    conditions: 'Rules',
    theyCan: 'Allowed activities',
    restrictions: 'Limits',
    details: 'About this check',
    checkerName: 'Checker',
    checkerType: 'Role',
    dateOfCheck: 'Checked on',
    reference: 'Check ID',
  },
} as const;

/**
 * A follow-up check is due by the later of the permission's end and 12 months after this check
 * (Home Office landlord guidance as quoted by letting sites).
 */
export function followUpDate(expiry: CalendarDate, checkDate: CalendarDate): CalendarDate {
  const yearOn = addMonths(checkDate, 12);
  return compareDates(expiry, yearOn) > 0 ? expiry : yearOn;
}

/** No public source shows the result wording; these sentences follow the landlord guidance. */
function sentences(person: RightToRentPerson, check: RightToRentCheck, shape: PageShape): string[] {
  const d = person.details;
  const expiry = d.expiryDate === undefined ? null : parseIsoDate(d.expiryDate);
  if (shape === 'changed') {
    if (d.outcome === 'no_right') return ['Renting not allowed.'];
    return [expiry ? `Renting allowed, ending ${formatGovukDate(expiry)}.` : 'Renting allowed, no end date.'];
  }
  if (d.outcome === 'no_right') {
    return ['They do not have a right to rent in England.', 'You must not rent a property to them.'];
  }
  if (d.outcome === 'unlimited' || !expiry) {
    return ['They have an unlimited right to rent in England.', 'No further check is required.'];
  }
  return [
    `They have a time-limited right to rent in England until ${formatGovukDate(expiry)}.`,
    `You must make a follow-up check before ${formatGovukDate(followUpDate(expiry, check.checkDate))}.`,
  ];
}

type Tenant = RightToRentPerson & SimPerson;

export function rightToRentView(person: Tenant, check: RightToRentCheck, shape: PageShape) {
  const labels = LABELS[shape];
  const d = person.details;
  return {
    labels,
    name: person.name.toUpperCase(),
    photoDataUrl: person.photoDataUrl,
    sentences: sentences(person, check, shape),
    facts: [
      summaryRow(labels.nationality, person.nationality),
      ...(d.permissionType ? [summaryRow(labels.permissionType, d.permissionType)] : []),
    ],
    conditions: d.conditions ?? [],
    activities: [] as string[],
    restrictions: d.restrictions ?? [],
    sections: [] as { heading: string; paragraphs: string[] }[],
    checkRows: [
      summaryRow(labels.checkerName, check.checkerName),
      summaryRow(labels.checkerType, CHECKER_TYPE_LABEL[check.checkerType]),
      summaryRow(labels.dateOfCheck, formatGovukDate(check.checkDate)),
      summaryRow(labels.reference, check.reference),
    ],
  };
}

export const rightToRentPdf = resultPdf(rightToRentView, (view) => [
  ...view.sentences.map((text): PdfBlock => ({ kind: 'paragraph', text })),
  ...rowBlocks(view.facts),
  ...headedBlocks(view.labels.conditions, view.conditions),
  ...headedBlocks(view.labels.restrictions, view.restrictions),
  { kind: 'heading', text: view.labels.details },
  ...rowBlocks(view.checkRows),
]);
