import {
  type CheckKind,
  type ImmigrationStatusRequest,
  PURPOSE_LABELS,
  type Purpose,
  type RightToRentRequest,
  type RightToWorkRequest,
} from '@sharecode/core';
import {
  type BaseRequest,
  dateOfBirthStep,
  type FlowStep,
  fillAndSubmit,
  radio,
  shareCodeStep,
  startNowStep,
  submitAction,
  textControl,
} from './flow-steps.js';
import type { PageSnapshot } from './page-snapshot.js';
import { IMMIGRATION_STATUS_TITLE } from './read-immigration-status.js';
import { RIGHT_TO_RENT_TITLE } from './read-right-to-rent.js';
import { RIGHT_TO_WORK_TITLE } from './read-right-to-work.js';

/** A service's form pages, in no fixed order, and how to know its result page. */
export interface CheckFlow<Q extends BaseRequest> {
  readonly kind: CheckKind;
  readonly steps: readonly FlowStep<Q>[];
  /** The result page's h1; the matching reader checks the rest. */
  readonly resultTitle: string;
}

const companyField = (s: PageSnapshot) => textControl(s, /company name/i, ['checkerName']);

export const rightToWorkFlow: CheckFlow<RightToWorkRequest> = {
  kind: 'right_to_work',
  resultTitle: RIGHT_TO_WORK_TITLE,
  steps: [
    shareCodeStep,
    dateOfBirthStep,
    startNowStep,
    {
      name: 'company-name',
      matches: (s) => companyField(s) !== undefined,
      act: (page, s, request, deadline) =>
        fillAndSubmit(page, s, [[companyField(s), request.company_name]], deadline),
    },
  ],
};

const checkerNameField = (s: PageSnapshot) =>
  textControl(s, /landlord or company name|landlord or agent name|your name|checker name/i, ['checkerName']);
const checkerTypeRadio = (s: PageSnapshot, type: RightToRentRequest['checker_type']) =>
  type === 'landlord'
    ? radio(s, /^landlord$/i, ['checkerType-landlord'])
    : radio(s, /^(letting )?agent$/i, ['checkerType-agent']);

export const rightToRentFlow: CheckFlow<RightToRentRequest> = {
  kind: 'right_to_rent',
  resultTitle: RIGHT_TO_RENT_TITLE,
  steps: [
    shareCodeStep,
    dateOfBirthStep,
    startNowStep,
    {
      // One page or two (portal.md: unknown), in either order: whatever of the two is on the page.
      name: 'checker',
      matches: (s) =>
        checkerNameField(s) !== undefined ||
        (checkerTypeRadio(s, 'landlord') !== undefined && checkerTypeRadio(s, 'agent') !== undefined),
      act: (page, s, request, deadline) => {
        const submit = submitAction(s);
        const name = checkerNameField(s);
        const type = checkerTypeRadio(s, request.checker_type);
        if (!submit || (!name && !type)) return Promise.resolve(false);
        return page.answer(
          { fill: name ? [[name, request.checker_name]] : [], check: type ? [type] : [], submit },
          deadline,
        );
      },
    },
  ],
};

/** The ids of the purpose radios on view-immigration-status (portal.md 3.2). */
const PURPOSE_IDS: Readonly<Record<Purpose, string>> = {
  driving_licence: 'purpose-DRIVING_LICENCE',
  student_loan: 'purpose-STUDENT_LOAN',
  education_or_training: 'purpose-EDUCATION_OR_TRAINING',
  health_insurance_card: 'purpose-GLOBAL_OR_EUROPEAN_HEALTH_CARD',
  personal_finance: 'purpose-PERSONAL_FINANCE',
  homelessness_or_council_housing: 'purpose-HOMELESSNESS_OR_COUNCIL_HOUSING',
  travel: 'purpose-TRAVEL',
  other: 'purpose-other',
};

const isPurposePage = (s: PageSnapshot) =>
  s.controls.some(
    (c) =>
      c.kind === 'radio' &&
      (c.id.startsWith('purpose-') ||
        Object.values(PURPOSE_LABELS).some((l) => l.toLowerCase() === c.label.toLowerCase())),
  );

// By label or id, never by value: the value is the enum on some pages and the label on others.
const purposeRadio = (s: PageSnapshot, purpose: Purpose) =>
  purpose === 'other'
    ? radio(s, /another reason|^other$/i, [PURPOSE_IDS.other])
    : radio(s, PURPOSE_LABELS[purpose], [PURPOSE_IDS[purpose]]);

const jobTitleField = (s: PageSnapshot) => textControl(s, /^job title/i, ['jobTitle']);
const organisationField = (s: PageSnapshot) => textControl(s, /organisation|company name/i, ['companyName']);

export const immigrationStatusFlow: CheckFlow<ImmigrationStatusRequest> = {
  kind: 'immigration_status',
  resultTitle: IMMIGRATION_STATUS_TITLE,
  steps: [
    shareCodeStep,
    dateOfBirthStep,
    startNowStep,
    {
      name: 'checker-details',
      matches: (s) => jobTitleField(s) !== undefined && organisationField(s) !== undefined,
      act: (page, s, request, deadline) =>
        fillAndSubmit(
          page,
          s,
          [
            [jobTitleField(s), request.job_title],
            [organisationField(s), request.company_name],
          ],
          deadline,
        ),
    },
    {
      name: 'purpose',
      matches: isPurposePage,
      act: (page, s, request, deadline) => {
        const submit = submitAction(s);
        const choice = purposeRadio(s, request.purpose);
        if (!submit || !choice) return Promise.resolve(false);
        if (request.purpose !== 'other') return page.answer({ fill: [], check: [choice], submit }, deadline);
        // "Another reason" reveals a text field for the reason: ticked first, then filled.
        const reason = textControl(s, /reason/i, ['otherPurpose']);
        if (!reason) return Promise.resolve(false);
        return page.answer(
          { fill: [[reason, request.other_purpose ?? '']], check: [choice], submit },
          deadline,
        );
      },
    },
  ],
};
