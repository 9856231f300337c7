import type { components } from '@sharecode/contract';
import type { CheckKind } from '../check-kind.js';
import type { CheckRecord, Mode } from '../contract.js';
import type { CheckerFields } from '../validation/check-request.js';
import type { CheckRequestStatus } from './request-rules.js';
import { statusAt } from './request-rules.js';

export type CheckRequest = components['schemas']['CheckRequest'];
export type CheckRequestList = components['schemas']['CheckRequestList'];
export type CheckRequestEndedEvent = components['schemas']['CheckRequestEndedEvent'];
export type ApplicantEmailStatus = components['schemas']['ApplicantEmailStatus'];

/** A check request as a store or the sandbox keeps it (the token only as a hash, never here). */
export type CheckRequestState = {
  [K in CheckKind]: {
    id: string;
    kind: K;
    mode: Mode;
    status: CheckRequestStatus;
    checker: CheckerFields<K>;
    client_reference: string | null;
    callback_url: string | null;
    applicant_email: string | null;
    /** What became of the link's e-mail: null without applicant_email (see `initialApplicantEmailStatus`). */
    applicant_email_status: ApplicantEmailStatus | null;
    failed_attempts: number;
    expires_at: Date;
    created_at: Date;
    ended_at: Date | null;
    /** True while a check of the applicant's details is queued or running. */
    check_pending: boolean;
  };
}[CheckKind];

/**
 * The wire record of a request as of `now`: `url` only in the answer that creates it, `check` the
 * latest check its applicant's details made (as the async GET answers it), or null.
 */
export function checkRequestRecord(
  state: CheckRequestState,
  check: CheckRecord | null,
  now: Date,
  url: string | null = null,
): CheckRequest {
  const status = statusAt(state, now);
  const endedAt = state.ended_at ?? (status === 'expired' ? state.expires_at : null);
  return {
    id: state.id,
    kind: state.kind,
    status,
    mode: state.mode,
    url,
    ...state.checker,
    client_reference: state.client_reference,
    callback_url: state.callback_url,
    applicant_email: state.applicant_email,
    applicant_email_status: state.applicant_email_status,
    failed_attempts: state.failed_attempts,
    expires_at: state.expires_at.toISOString(),
    created_at: state.created_at.toISOString(),
    ended_at: endedAt === null ? null : endedAt.toISOString(),
    check,
  } as CheckRequest;
}

/**
 * The e-mail status of a new request: null without an applicant_email; `sending` when the service
 * can send mail (its mailer then records `sent` or `failed`); `not_sent` when it cannot (no mail
 * settings, or the sandbox, which sends no mail), so the caller knows to send the link themselves.
 */
export function initialApplicantEmailStatus(
  applicantEmail: string | null,
  canSendMail: boolean,
): ApplicantEmailStatus | null {
  if (applicantEmail === null) return null;
  return canSendMail ? 'sending' : 'not_sent';
}
