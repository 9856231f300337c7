import { headedBlocks, rowBlocks, summaryRow } from '../../pdf/pdf-blocks.js';
import type { PdfBlock } from '../../pdf/pdf-content.js';
import type { ResultSection, RightToWorkPerson, SimPerson } from '../../seed/person.js';
import { type CalendarDate, formatGovukDate, govukDateOf } from '../../util/dates.js';
import type { PageShape } from '../page-shape.js';
import { resultPdf } from '../result-pdf.js';

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
    details: 'Details',
    conditions: 'Conditions',
    theyCan: 'They can:',
    restrictions: 'Restrictions',
    legalBasis: 'Legal basis of status',
    ifYouEmploy: 'If you employ this person',
    checkDetails: 'Details of check',
    companyName: 'Company name',
    dateOfCheck: 'Date of check',
    reference: 'Reference number',
  },
  changed: {
    title: 'Employment eligibility result',
    photoId: 'applicant-photo',
    details: 'Summary',
    conditions: 'Work rules',
    theyCan: 'Allowed activities',
    restrictions: 'Limits',
    legalBasis: 'Basis',
    ifYouEmploy: 'Employer duties',
    checkDetails: 'About this check',
    companyName: 'Employer',
    dateOfCheck: 'Checked on',
    reference: 'Check ID',
  },
} as const;

const date = govukDateOf;

/**
 * The sentence under the name. Time-limited: "They have permission to work in the UK until ...,
 * subject to the conditions and restrictions below." (scrapers' examples, OCR of a real PDF). No
 * time limit: "They can work in the UK." (real 2022 PDF; jamesoneill 5635be4). No right: INVENTED.
 */
function permissionSentence(person: RightToWorkPerson, shape: PageShape): string {
  const d = person.details;
  if (d.outcome === 'not_permitted') {
    return shape === 'changed' ? 'Work not allowed.' : 'They do not have permission to work in the UK.';
  }
  const until = date(d.expiryDate);
  const from = date(d.startDate);
  if (shape === 'changed') return until ? `Work allowed, ending ${until}.` : 'Work allowed, no end date.';
  if (!until) return 'They can work in the UK.';
  return `They have permission to work in the UK ${from ? `from ${from} ` : ''}until ${until}, subject to the conditions and restrictions below.`;
}

/** The "Details" section of a person with no time limit (real PDF: the conditions, then no limit on their stay). */
function noLimitDetails(person: RightToWorkPerson): string[] {
  const d = person.details;
  if (d.outcome !== 'permitted' || d.expiryDate !== undefined) return [];
  return [...(d.conditions ?? []), 'There is no limit on how long they can stay in the UK.'];
}

/** INVENTED text under "Legal basis of status" (the heading is real; its words are not public). */
function legalBasis(person: RightToWorkPerson): string | null {
  const d = person.details;
  if (d.outcome !== 'permitted') return null;
  return d.permissionType
    ? `${d.permissionType}, under the Immigration Rules.`
    : 'Their permission is under the Immigration Rules.';
}

/**
 * "If you employ this person" (real heading and a tick list in the PDF; these items paraphrase
 * the public employer guidance), then whether to check again ("You don't need to do the check
 * again." is real for a person with no time limit; the follow-up sentence is INVENTED).
 */
function employerGuidance(person: RightToWorkPerson): { ticks: string[]; again: string } | null {
  const d = person.details;
  if (d.outcome !== 'permitted') return null;
  const until = date(d.expiryDate);
  return {
    ticks: [
      'check the photo is of the person you are employing',
      'keep a copy of this page, for example the PDF, for the time they work for you and 2 years after',
    ],
    again: until
      ? `You need to do a follow-up check before ${until} to keep your protection from a civil penalty.`
      : "You don't need to do the check again.",
  };
}

type Worker = RightToWorkPerson & SimPerson;

export function rightToWorkView(person: Worker, check: RightToWorkCheck, shape: PageShape) {
  const labels = LABELS[shape];
  const d = person.details;
  const details = noLimitDetails(person);
  const timeLimited = details.length === 0;
  return {
    labels,
    name: person.name.toUpperCase(),
    sentence: permissionSentence(person, shape),
    /** Paragraphs under h2 "Details" (no time limit only). */
    details,
    conditions: timeLimited ? (d.conditions ?? []) : [],
    activities: d.activities ?? [],
    restrictions: d.restrictions ?? [],
    sections: d.sections ?? ([] as readonly ResultSection[]),
    legalBasis: legalBasis(person),
    employer: employerGuidance(person),
    checkRows: [
      summaryRow(labels.companyName, check.companyName),
      summaryRow(labels.dateOfCheck, formatGovukDate(check.checkDate)),
      summaryRow(labels.reference, check.reference),
    ],
  };
}

/**
 * The PDF carries the page's words in the order of the real 2022 PDF: "Home Office", the title,
 * the name, the sentence, the sections, "Details of check" (always the normal shape).
 */
export const rightToWorkPdf = resultPdf(rightToWorkView, (view) => {
  const l = view.labels;
  const blocks: PdfBlock[] = [
    { kind: 'paragraph', text: view.sentence },
    ...headedBlocks(l.details, view.details),
  ];
  if (view.conditions.length + view.activities.length > 0) {
    blocks.push({ kind: 'heading', text: l.conditions });
    for (const c of view.conditions) blocks.push({ kind: 'paragraph', text: c });
    if (view.activities.length > 0) {
      blocks.push({ kind: 'paragraph', text: l.theyCan });
      for (const a of view.activities) blocks.push({ kind: 'bullet', text: a });
    }
  }
  blocks.push(...headedBlocks(l.restrictions, view.restrictions));
  for (const s of view.sections) {
    blocks.push({ kind: 'heading', text: s.heading });
    for (const p of s.paragraphs) blocks.push({ kind: 'paragraph', text: p });
  }
  if (view.legalBasis) {
    blocks.push({ kind: 'heading', text: l.legalBasis }, { kind: 'paragraph', text: view.legalBasis });
  }
  if (view.employer) {
    blocks.push({ kind: 'heading', text: l.ifYouEmploy });
    for (const t of view.employer.ticks) blocks.push({ kind: 'bullet', text: t });
    blocks.push({ kind: 'paragraph', text: view.employer.again });
  }
  blocks.push({ kind: 'heading', text: l.checkDetails }, ...rowBlocks(view.checkRows));
  return blocks;
});
