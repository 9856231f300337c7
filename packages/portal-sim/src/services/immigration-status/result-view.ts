import { escapeHtml } from '@sharecode/core/util';
import { headedBlocks, rowBlocks, summaryRow } from '../../pdf/pdf-blocks.js';
import type { PdfBlock } from '../../pdf/pdf-content.js';
import type { ImmigrationStatusPerson, SimPerson } from '../../seed/person.js';
import { type CalendarDate, formatGovukDate, govukDateOf } from '../../util/dates.js';
import type { PageShape } from '../page-shape.js';
import { resultPdf } from '../result-pdf.js';

export interface ImmigrationStatusCheck {
  readonly companyName: string;
  readonly jobTitle: string;
  /** The service's own wording: the radio label, or the reason typed for "another reason". */
  readonly purpose: string;
  readonly reference: string;
  readonly checkDate: CalendarDate;
}

const LABELS = {
  normal: {
    title: 'Their immigration status',
    photoId: 'photo',
    name: 'Name',
    dateOfBirth: 'Date of birth',
    nationality: 'Nationality',
    status: 'Status',
    validFrom: 'Valid from',
    validUntil: 'Valid until',
    canDo: 'Summary of what they can do in the UK',
    theyCan: 'They can:',
    cannotDo: 'Things they cannot do',
    details: 'Details of check',
    companyName: 'Organisation or company name',
    jobTitle: 'Job title',
    dateOfCheck: 'Date of check',
    reference: 'Reference number',
    purpose: 'Reason for checking',
    ids: {
      companyName: 'checkCompanyName',
      jobTitle: 'checkJobTitle',
      dateOfCheck: 'checkDate',
      reference: 'checkReferenceNumber',
      purpose: 'checkPurpose',
    },
    noEnd: 'No expiry date',
  },
  changed: {
    title: 'Status summary',
    photoId: 'holder-photo',
    name: 'Full name',
    dateOfBirth: 'Born',
    nationality: 'Citizenship',
    status: 'Permission',
    validFrom: 'Start',
    validUntil: 'End',
    canDo: 'Permitted activities',
    theyCan: 'Allowed:',
    cannotDo: 'Not permitted',
    details: 'About this check',
    companyName: 'Organisation',
    jobTitle: 'Role',
    dateOfCheck: 'Checked on',
    reference: 'Check ID',
    purpose: 'Reason',
    ids: {
      companyName: 'check-organisation',
      jobTitle: 'check-role',
      dateOfCheck: 'check-date',
      reference: 'check-id',
      purpose: 'check-reason',
    },
    noEnd: 'None',
  },
} as const;

const formatIso = (iso: string | undefined, fallback: string) => govukDateOf(iso) ?? fallback;

type Holder = ImmigrationStatusPerson & SimPerson;

export function immigrationStatusView(person: Holder, check: ImmigrationStatusCheck, shape: PageShape) {
  const labels = LABELS[shape];
  const d = person.details;
  const idRow = (key: string, id: string, value: string) => ({
    key: { text: key },
    value: { html: `<span id="${id}">${escapeHtml(value)}</span>` },
  });
  const name = person.name.toUpperCase();
  return {
    labels,
    name,
    photoDataUrl: person.photoDataUrl,
    personRows: [
      summaryRow(labels.name, name),
      summaryRow(labels.dateOfBirth, formatIso(person.dateOfBirth, person.dateOfBirth)),
      summaryRow(labels.nationality, person.nationality),
      summaryRow(labels.status, d.status),
      summaryRow(labels.validFrom, formatIso(d.validFrom, d.validFrom)),
      summaryRow(labels.validUntil, formatIso(d.validUntil, labels.noEnd)),
    ],
    activities: d.activities,
    restrictions: d.restrictions,
    checkRows: [
      idRow(labels.companyName, labels.ids.companyName, check.companyName),
      idRow(labels.jobTitle, labels.ids.jobTitle, check.jobTitle),
      idRow(labels.dateOfCheck, labels.ids.dateOfCheck, formatGovukDate(check.checkDate)),
      idRow(labels.reference, labels.ids.reference, check.reference),
      idRow(labels.purpose, labels.ids.purpose, check.purpose),
    ],
    /** Plain text of the check rows, for the PDF. */
    checkFacts: [
      { label: labels.companyName, value: check.companyName },
      { label: labels.jobTitle, value: check.jobTitle },
      { label: labels.dateOfCheck, value: formatGovukDate(check.checkDate) },
      { label: labels.reference, value: check.reference },
      { label: labels.purpose, value: check.purpose },
    ],
  };
}

export const immigrationStatusPdf = resultPdf(immigrationStatusView, (view) => [
  ...rowBlocks(view.personRows),
  { kind: 'heading', text: view.labels.canDo },
  { kind: 'paragraph', text: view.labels.theyCan },
  ...view.activities.map((text): PdfBlock => ({ kind: 'bullet', text })),
  ...headedBlocks(view.labels.cannotDo, view.restrictions, 'bullet'),
  { kind: 'heading', text: view.labels.details },
  ...view.checkFacts.map((f): PdfBlock => ({ kind: 'row', label: f.label, value: f.value })),
]);
