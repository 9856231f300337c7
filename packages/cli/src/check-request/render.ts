import {
  attemptsLeft,
  type CheckRequest,
  isApplicantFixable,
  MAX_FAILED_ATTEMPTS,
} from '@sharecode/core/check-requests';
import { kindNameOf } from '../kinds.js';
import type { Palette } from '../output/palette.js';
import { counted } from '../output/plural.js';
import { inHrWords } from '../render/hr-words.js';
import { londonTime } from '../render/london-time.js';

const TITLES = {
  right_to_work: 'right to work',
  right_to_rent: 'right to rent',
  immigration_status: 'immigration status',
} as const;

/** Who asks, as the applicant's page names them: the kind's checker fields. */
export function askedBy(request: CheckRequest): string {
  switch (request.kind) {
    case 'right_to_work':
      return request.company_name;
    case 'right_to_rent':
      return `${request.checker_name} (${request.checker_type})`;
    case 'immigration_status':
      return `${request.company_name}, ${request.job_title} (purpose: ${request.purpose === 'other' ? (request.other_purpose ?? 'other') : request.purpose.replaceAll('_', ' ')})`;
  }
}

function attemptsWords(failed: number): string {
  const left = attemptsLeft(failed);
  return `${counted(failed, 'failed attempt')} (a share code not found, a date of birth that does not match, or a code for another kind of check); ${left} left before the link locks`;
}

/**
 * What the attempt that locked a request was. A code of another kind makes no check, so the request's
 * check is that attempt's only when it ended the request (its `completed_at` is the request's `ended_at`).
 */
function lastAttemptWords(request: CheckRequest): string {
  const check = request.check;
  const endedIt =
    check !== null &&
    check.status === 'failed' &&
    check.completed_at !== null &&
    request.ended_at !== null &&
    Date.parse(check.completed_at) === Date.parse(request.ended_at);
  if (endedIt && check.error?.code === 'NOT_FOUND') return 'the share code was not found';
  if (endedIt && check.error?.code === 'DOB_MISMATCH')
    return 'the date of birth did not match the share code';
  return 'a share code for another kind of check';
}

/** Where the request stands, in a sentence: never the link, never the applicant's details. */
export function statusWords(request: CheckRequest): string {
  const check = request.check;
  switch (request.status) {
    case 'waiting': {
      if (check !== null && (check.status === 'queued' || check.status === 'running')) {
        return `the applicant has sent their details: check ${check.id} is ${check.status}`;
      }
      const parts: string[] = [];
      // NOT_FOUND and DOB_MISMATCH are failed attempts (counted below); any other ending costs none.
      if (
        check !== null &&
        check.status === 'failed' &&
        check.error !== null &&
        !isApplicantFixable(check.error.code)
      ) {
        parts.push(
          `the applicant's last try ended with ${inHrWords(check.error.code)}, which costs no attempt; they were asked to try again later`,
        );
      }
      if (request.failed_attempts > 0) parts.push(attemptsWords(request.failed_attempts));
      else if (parts.length === 0) parts.push('the applicant has not sent their details yet');
      else parts.push('no failed attempts');
      return parts.join('; ');
    }
    case 'submitted':
      return `the applicant's details made check ${check?.id ?? '(not shown)'}; the link is used`;
    case 'locked':
      return `${counted(request.failed_attempts, 'failed attempt')} locked the link (the last: ${lastAttemptWords(request)}); no check succeeded. Make a new request if the applicant should try again`;
    case 'expired':
      return 'the link was not used before it expired; no check was made. Make a new request to ask again';
    case 'cancelled':
      return 'cancelled; the link no longer works';
  }
}

/**
 * What became of the link's e-mail, from `applicant_email_status`, as a sentence without its full
 * stop (the caller may add how else to send the link).
 */
export function emailWords(request: CheckRequest): string {
  const to = request.applicant_email;
  if (to === null) return 'Send it to the applicant yourself (e-mail or text message)';
  switch (request.applicant_email_status) {
    case 'sent':
      return `The service has e-mailed the link to ${to}`;
    case 'sending':
      return `The service is e-mailing the link to ${to} (rtw request status ${request.id} says when it is sent)`;
    case 'failed':
      return `The service could not e-mail the link to ${to}: send it yourself`;
    default:
      return `This service has no mail settings, so the link was not e-mailed to ${to}: send it yourself`;
  }
}

const EMAIL_STATUS_WORDS = {
  sent: 'e-mailed the link',
  sending: 'e-mailing the link',
  failed: 'could not e-mail the link: send it yourself',
  not_sent: 'not e-mailed, as the service has no mail settings: send the link yourself',
} as const;

/** The lines about a request (a submitted request's result is rendered apart, as `rtw poll` renders it). */
export function renderRequest(request: CheckRequest, p: Palette): string[] {
  const colour = request.status === 'submitted' ? p.green : request.status === 'waiting' ? p.yellow : p.red;
  const lines = [
    `${p.bold('Check request')} ${request.id}  ${colour(p.bold(request.status))}  (${TITLES[request.kind]}, ${request.mode} mode)`,
    `Status:           ${statusWords(request)}`,
    `Asked by:         ${inHrWords(askedBy(request))}`,
  ];
  if (request.applicant_email !== null) {
    const status = request.applicant_email_status;
    const words = status === null ? '' : ` (${EMAIL_STATUS_WORDS[status]})`;
    lines.push(`Applicant e-mail: ${inHrWords(request.applicant_email)}${words}`);
  }
  if (request.client_reference !== null)
    lines.push(`Client reference: ${inHrWords(request.client_reference)}`);
  if (request.callback_url !== null) lines.push(`Callback URL:     ${inHrWords(request.callback_url)}`);
  if (request.failed_attempts > 0)
    lines.push(`Failed attempts:  ${request.failed_attempts} of ${MAX_FAILED_ATTEMPTS}`);
  lines.push(`Created:          ${londonTime(request.created_at)}`);
  if (request.ended_at !== null) lines.push(`Ended:            ${londonTime(request.ended_at)}`);
  else lines.push(`Link expires:     ${londonTime(request.expires_at)}`);
  return lines;
}

/** One row of `rtw request list`. */
export function requestRow(request: CheckRequest): string[] {
  return [
    request.id,
    request.status,
    kindNameOf(request.kind),
    `${request.failed_attempts}/${MAX_FAILED_ATTEMPTS} failed`,
    londonTime(request.created_at),
    inHrWords(request.client_reference ?? ''),
  ];
}
