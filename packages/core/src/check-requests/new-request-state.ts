import type { Mode } from '../contract.js';
import { type CheckRequestState, initialApplicantEmailStatus } from './check-request-record.js';
import { requestExpiresAt } from './request-rules.js';
import type { ValidatedCheckRequest } from './validate-create.js';

export interface NewRequestFacts {
  readonly id: string;
  readonly mode: Mode;
  readonly now: Date;
  /** True when the link will be e-mailed to applicant_email (the server with SMTP settings). */
  readonly canSendMail: boolean;
}

/** A new request's state from its validated create body: waiting, no attempts, nothing pending. */
export function newCheckRequestState(
  request: ValidatedCheckRequest,
  facts: NewRequestFacts,
): CheckRequestState {
  const { id, mode, now, canSendMail } = facts;
  return {
    id,
    kind: request.kind,
    mode,
    status: 'waiting',
    checker: request.checker,
    client_reference: request.client_reference,
    callback_url: request.callback_url,
    applicant_email: request.applicant_email,
    applicant_email_status: initialApplicantEmailStatus(request.applicant_email, canSendMail),
    failed_attempts: 0,
    expires_at: requestExpiresAt(now, request.expires_in_days),
    created_at: now,
    ended_at: null,
    check_pending: false,
  } as CheckRequestState;
}
