import type { CheckKind } from '../check-kind.js';
import type { Mode } from '../contract.js';
import type { ApplicantFieldError } from './applicant-form.js';

/** Who is asking and why, as the applicant's page says it (never anything about the applicant). */
export interface ApplicantRequestSummary {
  kind: CheckKind;
  /** The key's mode: a `test` link shows a notice on every page that it is only a test. */
  mode: Mode;
  /** The organisation or person asking: company_name, or checker_name for right to rent. */
  asker: string;
  /** immigration_status only: the checker's job title and the purpose in words. */
  jobTitle?: string;
  purpose?: string;
  expiresAt: Date;
}

/** What the applicant typed, echoed back into the form after an error (never after a check ran). */
export interface ApplicantFormValues {
  share_code: string;
  dob_day: string;
  dob_month: string;
  dob_year: string;
}

/**
 * Every page the applicant's link can answer with. The service and the sandbox both build one of
 * these and hand it to `renderApplicantPage`, so the applicant meets the same words on either.
 */
export type ApplicantView =
  | {
      page: 'form';
      request: ApplicantRequestSummary;
      /** Where the form posts: the link's own path. */
      action: string;
      /** The anti-forgery value for the form's hidden field. */
      csrf: string;
      values: ApplicantFormValues;
      errors: ApplicantFieldError[];
      attemptsLeft: number;
      /** The last check could not be made (the service was busy or the portal away): nothing was wrong. */
      notice?: 'not_now';
    }
  | { page: 'checking'; request: ApplicantRequestSummary; action: string; refreshSeconds: number }
  | { page: 'sent'; request: ApplicantRequestSummary }
  | { page: 'closed'; reason: 'submitted' | 'expired' | 'cancelled' | 'locked'; asker: string | null }
  | { page: 'not_found' }
  | { page: 'unavailable'; retryAfterSeconds: number }
  | { page: 'too_many'; retryAfterSeconds: number };

/** A rendered page: its status, its security headers and the HTML. */
export interface RenderedApplicantPage {
  status: number;
  headers: Readonly<Record<string, string>>;
  html: string;
}
