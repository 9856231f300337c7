import type { Purpose } from '../contract.js';
import { purposeWording } from '../purpose-wording.js';
import type { ApplicantRequestSummary } from './applicant-view.js';
import type { CheckRequestState } from './check-request-record.js';

/** Who is asking and why, as the applicant's page says it: the checker's fields only. */
export function applicantSummary(state: CheckRequestState): ApplicantRequestSummary {
  const checker = state.checker as Readonly<Record<string, unknown>>;
  const text = (field: string) => (typeof checker[field] === 'string' ? (checker[field] as string) : '');
  const summary: ApplicantRequestSummary = {
    kind: state.kind,
    mode: state.mode,
    asker: askerOf(state),
    expiresAt: state.expires_at,
  };
  if (state.kind === 'immigration_status') {
    summary.jobTitle = text('job_title');
    summary.purpose = purposeWording(text('purpose') as Purpose, text('other_purpose') || undefined);
  }
  return summary;
}

/** company_name, or checker_name for right to rent (its checker may be a private landlord). */
export function askerOf(state: CheckRequestState): string {
  const checker = state.checker as Readonly<Record<string, unknown>>;
  const asker = state.kind === 'right_to_rent' ? checker.checker_name : checker.company_name;
  return typeof asker === 'string' ? asker : '';
}
