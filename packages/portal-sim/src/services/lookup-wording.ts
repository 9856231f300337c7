import type { LookupFailure } from '../lookup/lookup-person.js';
import type { CheckKind } from '../seed/person.js';
import type { SimVariants } from '../variants.js';

export interface FailureWording {
  /** The page heading where the failure is a page of its own (right to work, right to rent). */
  readonly heading: string;
  readonly paragraphs: readonly string[];
  /** The one-line message where it is an error summary (view-immigration-status). */
  readonly summary: string;
  /**
   * True: every service shows the failure as this summary on the date-of-birth page it was sent
   * from, never as a page of its own (the `unseen` wording).
   */
  readonly onDatePage?: true;
}

/**
 * INVENTED on purpose (`errorWording: "unseen"`): the real wording of a failed status-check lookup
 * is unknown (portal.md, Second review: ".govuk-error-summary after DOB; wording unknown"), and right
 * to work's is known only in part, so a portal may well word it in a way no driver has seen. These
 * words avoid every phrase the research quotes (no "match", "not found", "incorrect", "expired",
 * "locked"); only the structure is evidenced: an error summary on the date-of-birth page after a
 * well-formed date (visa_website, eVisaFlow). Used for unknown codes and wrong dates alike.
 */
const UNSEEN_WORDING: FailureWording = {
  heading: 'We cannot show a record for what you gave us',
  paragraphs: ['Ask the person to confirm what they shared with you, then enter it again.'],
  summary:
    'We cannot show a record for what you gave us. Ask the person to confirm what they shared with you, then enter it again',
  onDatePage: true,
};

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
 * Right to work's one page for details that do not match (jamesoneill 2460875: an
 * h1.govuk-heading-xl holding "Details" and "do not match our records"; the words between are
 * unknown, so `errorWording` offers two).
 */
function mismatchWording(wording: SimVariants['errorWording']): FailureWording {
  if (wording === 'long') {
    return {
      heading: 'Details you entered do not match our records',
      paragraphs: [
        'The share code or the date of birth you entered is not correct, or the share code is no longer valid.',
        'Check both with the person and try again.',
      ],
      summary:
        'The share code and date of birth you entered do not match our records. Check them with the person and try again',
    };
  }
  return {
    heading: 'Details do not match our records',
    paragraphs: ['Check the share code and date of birth and try again.'],
    summary: 'Details do not match our records. Check the share code and date of birth and try again',
  };
}

/**
 * The wording of a failed lookup under the variants in force. With `lookupErrors: "one-page"`
 * an unknown code and a wrong date of birth give the same page, as right to work's evidence
 * shows; "separate-pages" keeps the vendor-reported "Share code not found" apart.
 */
export function failureWording(
  failure: LookupFailure,
  kind: CheckKind,
  validityDays: number,
  variants: Pick<SimVariants, 'lookupErrors' | 'errorWording'>,
): FailureWording {
  if (variants.errorWording === 'unseen' && (failure === 'NOT_FOUND' || failure === 'DOB_MISMATCH'))
    return UNSEEN_WORDING;
  const oneFor =
    failure === 'DOB_MISMATCH' || (failure === 'NOT_FOUND' && variants.lookupErrors === 'one-page');
  return oneFor ? mismatchWording(variants.errorWording) : lookupWording(failure, kind, validityDays);
}

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
