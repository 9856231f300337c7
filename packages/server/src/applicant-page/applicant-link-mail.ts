import type { CheckError, Outcome } from '@sharecode/core';
import { type Purpose, purposeWording } from '@sharecode/core';
import {
  type ApplicantRequestSummary,
  applicantLinkMessage,
  type CheckRequest,
} from '@sharecode/core/check-requests';
import type { Logger } from 'pino';
import { safeError } from '../safe-error.js';
import type { Mailer } from '../webhooks/give-up-mail.js';

/** Who asks and why, read from the request's wire record (the same words as its page). */
export function summaryOfRecord(record: CheckRequest): ApplicantRequestSummary {
  const expiresAt = new Date(record.expires_at);
  switch (record.kind) {
    case 'right_to_work':
      return { kind: record.kind, asker: record.company_name, expiresAt };
    case 'right_to_rent':
      return { kind: record.kind, asker: record.checker_name, expiresAt };
    case 'immigration_status':
      return {
        kind: record.kind,
        asker: record.company_name,
        jobTitle: record.job_title,
        purpose: purposeWording(record.purpose as Purpose, record.other_purpose),
        expiresAt,
      };
  }
}

type Create<A extends unknown[], C extends { readonly record: CheckRequest }> = (
  ...args: A
) => Promise<Outcome<C, CheckError>>;

export interface ApplicantLinkMailDeps {
  /** The operator's SMTP (RTW_SMTP_URL, RTW_MAIL_FROM); null: no e-mail, the link is only returned. */
  readonly mailer: Mailer | null;
  readonly log: Logger;
  /** Holds the send until it settles (the server's in-flight set), so shutdown waits for it. */
  readonly track: (send: () => Promise<void>) => Promise<void>;
}

/**
 * `create` that also e-mails the link to `applicant_email` when the server has SMTP settings. The
 * e-mail goes after the answer is decided and never changes it: a failed send is logged (with the
 * request's id, never the address) and the caller still has the link in the 201.
 */
export function withApplicantLinkMail<A extends unknown[], C extends { readonly record: CheckRequest }>(
  create: Create<A, C>,
  deps: ApplicantLinkMailDeps,
): Create<A, C> {
  const { mailer, log } = deps;
  if (mailer === null) return create;
  return async (...args) => {
    const created = await create(...args);
    if (!created.ok) return created;
    const { record } = created.value;
    const to = record.applicant_email;
    if (to === null || record.url === null) return created;
    const message = applicantLinkMessage(summaryOfRecord(record), record.url);
    void deps.track(async () => {
      try {
        await mailer.send({ to, ...message });
        log.info({ checkRequestId: record.id }, 'check request: link e-mailed to the applicant');
      } catch (error) {
        log.warn(
          { checkRequestId: record.id, err: safeError(error) },
          'check request: the link e-mail could not be sent',
        );
      }
    });
    return created;
  };
}
