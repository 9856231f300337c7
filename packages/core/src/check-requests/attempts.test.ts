import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '../contract.js';
import {
  afterFailedAttempt,
  applicantErrorFor,
  attemptsLeft,
  isApplicantFixable,
  verdictOfCheck,
} from './attempts.js';
import { MAX_FAILED_ATTEMPTS } from './request-rules.js';

const NOT_NOW: ErrorCode[] = [
  'BUSY',
  'TIMEOUT',
  'UPSTREAM_UNEXPECTED',
  'INTERNAL',
  'QUOTA_EXCEEDED',
  'PAYMENT_REQUIRED',
  'RATE_LIMITED',
  'INVALID_INPUT',
];

describe('verdictOfCheck', () => {
  it('is pending while the check is queued or running', () => {
    expect(verdictOfCheck({ status: 'queued', error: null })).toEqual({ type: 'pending' });
    expect(verdictOfCheck({ status: 'running', error: null })).toEqual({ type: 'pending' });
  });

  it('is submitted when the check succeeded, whatever the result says', () => {
    expect(verdictOfCheck({ status: 'succeeded', error: null })).toEqual({ type: 'submitted' });
  });

  it('spends an attempt on a code not found or a date of birth that does not match', () => {
    expect(verdictOfCheck({ status: 'failed', error: { code: 'NOT_FOUND' } })).toEqual({
      type: 'failed',
      error: applicantErrorFor('NOT_FOUND'),
    });
    expect(verdictOfCheck({ status: 'failed', error: { code: 'DOB_MISMATCH' } })).toEqual({
      type: 'failed',
      error: applicantErrorFor('DOB_MISMATCH'),
    });
  });

  it.each(NOT_NOW)('costs no attempt when the check failed with %s', (code) => {
    expect(verdictOfCheck({ status: 'failed', error: { code } })).toEqual({ type: 'not_now' });
    expect(isApplicantFixable(code)).toBe(false);
  });

  it('costs no attempt when a failed check carries no error', () => {
    expect(verdictOfCheck({ status: 'failed', error: null })).toEqual({ type: 'not_now' });
  });
});

describe('applicantErrorFor', () => {
  it('points a mismatch at the date and a code not found at the code, never naming a result', () => {
    expect(applicantErrorFor('DOB_MISMATCH')).toEqual({
      field: 'dob_day',
      message: 'The date of birth does not match the share code. Check your date of birth and try again',
    });
    expect(applicantErrorFor('NOT_FOUND').field).toBe('share_code');
    expect(applicantErrorFor('NOT_FOUND').message).toContain('We could not find this share code');
    expect(isApplicantFixable('NOT_FOUND')).toBe(true);
    expect(isApplicantFixable('DOB_MISMATCH')).toBe(true);
  });
});

describe('afterFailedAttempt and attemptsLeft', () => {
  it('locks on the third failure', () => {
    expect(MAX_FAILED_ATTEMPTS).toBe(3);
    expect(afterFailedAttempt(0)).toEqual({ failed_attempts: 1, status: 'waiting' });
    expect(afterFailedAttempt(1)).toEqual({ failed_attempts: 2, status: 'waiting' });
    expect(afterFailedAttempt(2)).toEqual({ failed_attempts: 3, status: 'locked' });
  });

  it('never counts past the maximum', () => {
    expect(afterFailedAttempt(3)).toEqual({ failed_attempts: 3, status: 'locked' });
    expect(afterFailedAttempt(7)).toEqual({ failed_attempts: 3, status: 'locked' });
  });

  it('counts the attempts left, never below none', () => {
    expect([0, 1, 2, 3, 4].map(attemptsLeft)).toEqual([3, 2, 1, 0, 0]);
  });
});
