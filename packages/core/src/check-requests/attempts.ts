import type { CheckKind } from '../check-kind.js';
import type { ErrorCode } from '../contract.js';
import type { ApplicantFieldError } from './applicant-form.js';
import type { CheckRequestStatus } from './request-rules.js';
import { MAX_FAILED_ATTEMPTS } from './request-rules.js';

/**
 * What a check made from a request means for the request: `submitted` (a result: the link is used),
 * `failed` (something the applicant can fix: an attempt is spent), `not_now` (the service could not
 * check: no attempt is spent, the applicant may try again later) or `pending` (still running).
 */
export type AttemptVerdict =
  | { type: 'submitted' }
  | { type: 'failed'; error: ApplicantFieldError }
  | { type: 'not_now' }
  | { type: 'pending' };

/** Codes a check ends with that the applicant can fix by correcting what they typed. */
const APPLICANT_FIXABLE: readonly ErrorCode[] = ['NOT_FOUND', 'DOB_MISMATCH'];

export function isApplicantFixable(code: ErrorCode): boolean {
  return APPLICANT_FIXABLE.includes(code);
}

/** What the applicant is told when a check of their details ends with `code` (never the result). */
export function applicantErrorFor(code: 'NOT_FOUND' | 'DOB_MISMATCH'): ApplicantFieldError {
  if (code === 'DOB_MISMATCH') {
    return {
      field: 'dob_day',
      message: 'The date of birth does not match the share code. Check your date of birth and try again',
    };
  }
  return {
    field: 'share_code',
    message:
      'We could not find this share code. Check it against the one GOV.UK gave you, or get a new share code',
  };
}

/** The verdict on a request's check, from the check's status and error code. */
export function verdictOfCheck(check: {
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  error: { code: ErrorCode } | null;
}): AttemptVerdict {
  if (check.status === 'queued' || check.status === 'running') return { type: 'pending' };
  if (check.status === 'succeeded') return { type: 'submitted' };
  const code = check.error?.code;
  if (code === 'NOT_FOUND' || code === 'DOB_MISMATCH')
    return { type: 'failed', error: applicantErrorFor(code) };
  return { type: 'not_now' };
}

/** The request after one more failed attempt: the third locks it. */
export function afterFailedAttempt(failedAttempts: number): {
  failed_attempts: number;
  status: Extract<CheckRequestStatus, 'waiting' | 'locked'>;
} {
  const next = Math.min(failedAttempts + 1, MAX_FAILED_ATTEMPTS);
  return { failed_attempts: next, status: next >= MAX_FAILED_ATTEMPTS ? 'locked' : 'waiting' };
}

export function attemptsLeft(failedAttempts: number): number {
  return Math.max(0, MAX_FAILED_ATTEMPTS - failedAttempts);
}

export type { CheckKind };
