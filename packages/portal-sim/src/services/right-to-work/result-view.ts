import type { PdfBlock, PdfContent } from '../../pdf/pdf-content.js';
import type { RightToWorkPerson, SimPerson } from '../../seed/person.js';
import { type CalendarDate, formatGovukDate, parseIsoDate } from '../../util/dates.js';
import type { PageShape } from '../page-shape.js';

/** What the company-name step records: the check itself. */
export interface RightToWorkCheck {
  readonly companyName: string;
  readonly reference: string;
  readonly checkDate: CalendarDate;
}

const LABELS = {
  normal: {
    title: 'Right to work',
    photoId: 'profileImage',
    nationality: 'Nationality',
    permissionType: 'Type of permission',
    conditions: 'Conditions',
    theyCan: 'They can:',
    restrictions: 'Restrictions',
    details: 'Details of check',
    companyName: 'Company name',
    dateOfCheck: 'Date of check',
    reference: 'Reference number',
  },
  changed: {
    title: 'Employment eligibility result',
    photoId: 'applicant-photo',
    nationality: 'Citizenship',
    permissionType: 'Visa category',
    conditions: 'Work rules',
    theyCan: 'Allowed activities',
    restrictions: 'Limits',
    details: 'About this check',
    companyName: 'Employer',
    dateOfCheck: 'Checked on',
    reference: 'Check ID',
  },
} as const;

const date = (iso: string | undefined) => {
  const parsed = iso === undefined ? null : parseIsoDate(iso);
  return parsed ? formatGovukDate(parsed) : null;
};

/** The sentence under the name. Only the time-limited wording is seen on the real service. */
function permissionSentence(person: RightToWorkPerson, shape: PageShape): string {
  const d = person.details;
  if (d.outcome === 'not_permitted') {
    return shape === 'changed'
      ? 'Work not allowed.'
      : 'This person does not have the right to work in the UK.';
  }
  const until = date(d.expiryDate);
  const from = date(d.startDate);
  if (shape === 'changed') return until ? `Work allowed, ending ${until}.` : 'Work allowed, no end date.';
  const hasConditions =
    (d.conditions?.length ?? 0) + (d.activities?.length ?? 0) + (d.restrictions?.length ?? 0) > 0;
  const tail = hasConditions ? ', subject to the conditions and restrictions below.' : '.';
  if (!until) return `They have permission to work in the UK with no time limit${tail}`;
  return `They have permission to work in the UK ${from ? `from ${from} ` : ''}until ${until}${tail}`;
}

export function rightToWorkView(
  person: RightToWorkPerson & SimPerson,
  check: RightToWorkCheck,
  shape: PageShape,
) {
  const labels = LABELS[shape];
  const d = person.details;
  return {
    labels,
    name: person.name.toUpperCase(),
    photoDataUrl: person.photoDataUrl,
    sentence: permissionSentence(person, shape),
    facts: [
      { key: { text: labels.nationality }, value: { text: person.nationality } },
      ...(d.permissionType
        ? [{ key: { text: labels.permissionType }, value: { text: d.permissionType } }]
        : []),
    ],
    conditions: d.conditions ?? [],
    activities: d.activities ?? [],
    restrictions: d.restrictions ?? [],
    sections: d.sections ?? [],
    checkRows: [
      { key: { text: labels.companyName }, value: { text: check.companyName } },
      { key: { text: labels.dateOfCheck }, value: { text: formatGovukDate(check.checkDate) } },
      { key: { text: labels.reference }, value: { text: check.reference } },
    ],
  };
}

/** The PDF carries the page's words (the normal shape: the PDF is not redesigned with the page). */
export function rightToWorkPdf(
  person: RightToWorkPerson & SimPerson,
  check: RightToWorkCheck,
  createdAt: Date,
): PdfContent {
  const view = rightToWorkView(person, check, 'normal');
  const blocks: PdfBlock[] = [{ kind: 'paragraph', text: view.sentence }];
  for (const row of view.facts) blocks.push({ kind: 'row', label: row.key.text, value: row.value.text });
  if (view.conditions.length + view.activities.length > 0) {
    blocks.push({ kind: 'heading', text: view.labels.conditions });
    for (const c of view.conditions) blocks.push({ kind: 'paragraph', text: c });
    if (view.activities.length > 0) {
      blocks.push({ kind: 'paragraph', text: view.labels.theyCan });
      for (const a of view.activities) blocks.push({ kind: 'bullet', text: a });
    }
  }
  if (view.restrictions.length > 0) {
    blocks.push({ kind: 'heading', text: view.labels.restrictions });
    for (const r of view.restrictions) blocks.push({ kind: 'paragraph', text: r });
  }
  for (const s of view.sections) {
    blocks.push({ kind: 'heading', text: s.heading });
    for (const p of s.paragraphs) blocks.push({ kind: 'paragraph', text: p });
  }
  blocks.push({ kind: 'heading', text: view.labels.details });
  for (const row of view.checkRows) blocks.push({ kind: 'row', label: row.key.text, value: row.value.text });
  return { title: view.labels.title, name: view.name, photoJpeg: person.photoJpeg, blocks, createdAt };
}
