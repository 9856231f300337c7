import { type ApplicantPhase, EMPTY_FORM_VALUES } from './applicant-phase.js';

/** What the form says when its CSRF value does not match (a form kept open too long, or forged). */
export const SESSION_TIMED_OUT = 'Your session timed out. Enter your details again';

/** The page after a CSRF mismatch: nothing typed is kept and no attempt is spent, so the form again. */
export function sessionTimedOutPhase(phase: ApplicantPhase): ApplicantPhase {
  if (phase.page !== 'form') return phase;
  const { notice: _notice, ...rest } = phase;
  return {
    ...rest,
    values: EMPTY_FORM_VALUES,
    errors: [{ field: 'share_code', message: SESSION_TIMED_OUT }],
  };
}
