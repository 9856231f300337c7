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
      return { kind: record.kind, mode: record.mode, asker: record.company_name, expiresAt };
    case 'right_to_rent':
      return { kind: record.kind, mode: record.mode, asker: record.checker_name, expiresAt };
    case 'immigration_status':
      return {
        kind: record.kind,
        mode: record.mode,
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
  /** Records on the request what became of the send (its applicant_email_status). */
  readonly recordStatus: (id: string, status: 'sent' | 'failed') => Promise<void>;
}

/**
 * `create` that also e-mails the link to `applicant_email` when the server has SMTP settings. The
 * e-mail goes after the answer is decided and never changes it: the 201 says `sending`, and the
 * request records `sent` or `failed` (a failure is logged with the request's id, never the
 * address). Without SMTP settings the request says `not_sent` and a warning is logged, so an
 * address that will never be written to is not silent.
 */
export function withApplicantLinkMail<A extends unknown[], C extends { readonly record: CheckRequest }>(
  create: Create<A, C>,
  deps: ApplicantLinkMailDeps,
): Create<A, C> {
  const { mailer, log } = deps;
  return async (...args) => {
    const created = await create(...args);
    if (!created.ok) return created;
    const { record } = created.value;
    const to = record.applicant_email;
    if (to === null || record.url === null) return created;
    if (mailer === null) {
      log.warn(
        { checkRequestId: record.id },
        'check request: applicant_email was not sent, as this server has no mail settings (RTW_SMTP_URL, RTW_MAIL_FROM); the caller must send the link',
      );
      return created;
    }
    const message = applicantLinkMessage(summaryOfRecord(record), record.url);
    void deps.track(async () => {
      let status: 'sent' | 'failed' = 'sent';
      try {
        await mailer.send({ to, ...message });
        log.info({ checkRequestId: record.id }, 'check request: link e-mailed to the applicant');
      } catch (error) {
        status = 'failed';
        log.warn(
          { checkRequestId: record.id, err: safeError(error) },
          'check request: the link e-mail could not be sent',
        );
      }
      try {
        await deps.recordStatus(record.id, status);
      } catch (error) {
        log.error(
          { checkRequestId: record.id, err: safeError(error) },
          'check request: could not record the link e-mail status',
        );
      }
    });
    return created;
  };
}
