import type { ApplicantFieldError } from './applicant-form.js';
import { applicantSummary, askerOf } from './applicant-summary.js';
import type { ApplicantFormValues, ApplicantView } from './applicant-view.js';
import { attemptsLeft } from './attempts.js';
import type { CheckRequestState } from './check-request-record.js';
import { statusAt } from './request-rules.js';

/** A view of the applicant's page without what only the page knows (its form's action and CSRF value). */
type WithoutPageFields<V> = V extends unknown ? Omit<V, 'csrf' | 'action'> : never;
export type ApplicantPhase = WithoutPageFields<
  Extract<ApplicantView, { page: 'form' | 'checking' | 'sent' | 'closed' | 'not_found' }>
>;

export const EMPTY_FORM_VALUES: ApplicantFormValues = {
  share_code: '',
  dob_day: '',
  dob_month: '',
  dob_year: '',
};

/** What a store keeps beside the request's state that the applicant's page shows. */
export interface StoredPhaseFacts {
  /** Whether the one 'sent' page has been shown. */
  readonly sentShown: boolean;
  readonly lastError: ApplicantFieldError | null;
  readonly notice: 'not_now' | null;
  /** Seconds after which the `checking` page asks again. */
  readonly refreshSeconds: number;
  /** A form just posted: shown as typed, with its errors (only when no check ran since). */
  readonly form?: { values: ApplicantFormValues; errors: ApplicantFieldError[] } | undefined;
}

/**
 * The page for a request as it stands. 'sent' comes back while `sentShown` is false: the caller records
 * that it was shown (the service and the sandbox keep that differently).
 */
export function phaseOfRequest(state: CheckRequestState, now: Date, facts: StoredPhaseFacts): ApplicantPhase {
  const status = statusAt(state, now);
  if (status === 'submitted') {
    // Right after success the page says it was sent, once; from then on the link is used.
    if (!facts.sentShown) return { page: 'sent', request: applicantSummary(state) };
    return { page: 'closed', reason: 'submitted', asker: askerOf(state), mode: state.mode };
  }
  if (status !== 'waiting')
    return { page: 'closed', reason: status, asker: askerOf(state), mode: state.mode };
  if (state.check_pending) {
    return { page: 'checking', request: applicantSummary(state), refreshSeconds: facts.refreshSeconds };
  }
  const { form } = facts;
  return {
    page: 'form',
    request: applicantSummary(state),
    values: form?.values ?? EMPTY_FORM_VALUES,
    errors: form?.errors ?? (facts.lastError ? [facts.lastError] : []),
    attemptsLeft: attemptsLeft(state.failed_attempts),
    ...(facts.notice === 'not_now' && !form ? { notice: 'not_now' as const } : {}),
  };
}
