import type { LookupFailure } from '../lookup/lookup-person.js';
import type { CheckKind } from '../seed/person.js';

export interface FailureWording {
  /** The page heading where the failure is a page of its own (right to work, right to rent). */
  readonly heading: string;
  readonly paragraphs: readonly string[];
  /** The one-line message where it is an error summary (view-immigration-status). */
  readonly summary: string;
}

const PURPOSE: Readonly<Record<CheckKind, string>> = {
  right_to_work: 'their right to work',
  right_to_rent: 'their right to rent',
  immigration_status: 'their immigration status',
};

const OTHER_SERVICES: Readonly<Record<CheckKind, string>> = {
  right_to_work: "check someone's right to rent or immigration status",
  right_to_rent: "check someone's right to work or immigration status",
  immigration_status: "check someone's right to work or right to rent",
};

/**
 * Only "Share code not found" and "do not match our records" are seen on the real services; the
 * rest follows GOV.UK wording patterns (README, Unknowns).
 */
export function lookupWording(failure: LookupFailure, kind: CheckKind, validityDays: number): FailureWording {
  switch (failure) {
    case 'NOT_FOUND':
      return {
        heading: 'Share code not found',
        paragraphs: [
          'We could not find a record for the share code you entered.',
          'Check the share code and try again.',
        ],
        summary: 'Share code not found. Check the share code and try again',
      };
    case 'DOB_MISMATCH':
      return {
        heading: 'Details do not match',
        paragraphs: [
          'The details you entered do not match our records.',
          'Check the share code and date of birth and try again.',
        ],
        summary: 'The details you entered do not match our records. Check the share code and date of birth',
      };
    case 'WRONG_SERVICE':
      return {
        heading: 'This share code is not valid for this service',
        paragraphs: [
          'The share code was created for a different kind of check.',
          `Ask them for a share code to prove ${PURPOSE[kind]}, or use a different service to ${OTHER_SERVICES[kind]}.`,
        ],
        summary: `This share code is not valid for this service. Use a different service to ${OTHER_SERVICES[kind]}`,
      };
    case 'EXPIRED':
      return {
        heading: 'This share code has expired',
        paragraphs: [
          `Share codes can only be used for ${validityDays} days.`,
          'Ask them for a new share code.',
        ],
        summary: 'This share code has expired. Ask them for a new share code',
      };
    case 'LOCKED':
      return {
        heading: 'This share code has been locked',
        paragraphs: [
          'There have been too many attempts with details that do not match our records.',
          'Try again later or ask them for a new share code.',
        ],
        summary:
          'This share code has been locked because of too many attempts. Try again later or ask them for a new share code',
      };
  }
}
