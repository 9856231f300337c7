import type { CheckRecord, CheckRequest } from '@sharecode/sdk';
import { describe, expect, it } from 'vitest';
import { palette } from '../output/palette.js';
import { renderRequest, requestRow, statusWords } from './render.js';

const base = {
  id: `creq_${'a'.repeat(32)}`,
  kind: 'right_to_work',
  status: 'waiting',
  mode: 'test',
  url: null,
  company_name: 'Acme Ltd',
  client_reference: null,
  callback_url: null,
  applicant_email: null,
  failed_attempts: 0,
  expires_at: '2026-12-12T09:00:00.000Z',
  created_at: '2026-11-28T09:00:00.000Z',
  ended_at: null,
  check: null,
} as const;

const failedCheck = (code: string): CheckRecord =>
  ({
    id: `chk_${'b'.repeat(32)}`,
    status: 'failed',
    mode: 'test',
    client_reference: null,
    callback_url: null,
    attempts: 3,
    result: null,
    error: { code, message: '...' },
    result_expires_at: null,
    result_expired: false,
    created_at: '2026-11-28T09:01:00.000Z',
    completed_at: '2026-11-28T09:02:00.000Z',
  }) as unknown as CheckRecord;

const request = (extra: Record<string, unknown>): CheckRequest =>
  ({ ...base, ...extra }) as unknown as CheckRequest;

describe('statusWords', () => {
  it('says a failure that was not the applicant costs no attempt, and one that was counts', () => {
    expect(statusWords(request({ check: failedCheck('TIMEOUT') }))).toBe(
      "the applicant's last try ended with TIMEOUT, which costs no attempt; they were asked to try again later; no failed attempts",
    );
    const counted = statusWords(request({ check: failedCheck('NOT_FOUND'), failed_attempts: 1 }));
    expect(counted).not.toContain('costs no attempt');
    expect(counted).toContain('1 failed attempt');
    expect(counted).toContain('2 left before the link locks');
  });

  it('names a check in progress, and each end', () => {
    const running = { ...failedCheck('BUSY'), status: 'running', error: null } as unknown as CheckRecord;
    expect(statusWords(request({ check: running }))).toBe(
      `the applicant has sent their details: check chk_${'b'.repeat(32)} is running`,
    );
    expect(statusWords(request({ status: 'locked', failed_attempts: 3 }))).toContain(
      '3 failed attempts locked the link',
    );
    expect(statusWords(request({ status: 'expired' }))).toContain('not used before it expired');
    expect(statusWords(request({}))).toBe('the applicant has not sent their details yet');
    expect(statusWords(request({ status: 'cancelled' }))).toContain('cancelled');
  });
});

describe('a locked request', () => {
  const locked = (check: CheckRecord | null) =>
    statusWords(
      request({ status: 'locked', failed_attempts: 3, ended_at: '2026-11-28T09:02:00.000Z', check }),
    );

  it('says what the last attempt was, never that no check was made', () => {
    expect(locked(failedCheck('NOT_FOUND'))).toBe(
      '3 failed attempts locked the link (the last: the share code was not found); no check succeeded. Make a new request if the applicant should try again',
    );
    expect(locked(failedCheck('DOB_MISMATCH'))).toContain(
      '(the last: the date of birth did not match the share code)',
    );
    // A code of another kind makes no check: the request's check is an earlier attempt's, or none.
    const earlier = { ...failedCheck('NOT_FOUND'), completed_at: '2026-11-28T09:01:30.000Z' } as CheckRecord;
    expect(locked(earlier)).toContain('(the last: a share code for another kind of check)');
    expect(locked(null)).toContain('(the last: a share code for another kind of check)');
    expect(locked(null)).not.toContain('no check was made');
  });
});

describe('requestRow', () => {
  it('fills ATTEMPTS from failed_attempts, whatever the status', () => {
    expect(requestRow(request({ failed_attempts: 1 }))[3]).toBe('1/3 failed');
    expect(requestRow(request({ status: 'locked', failed_attempts: 3 }))[3]).toBe('3/3 failed');
    expect(requestRow(request({}))[3]).toBe('0/3 failed');
  });
});

describe('renderRequest', () => {
  it('never shows the link, even when the record carries it', () => {
    const lines = renderRequest(request({ url: 'https://example.com/r/x' }), palette(false)).join('\n');
    expect(lines).not.toContain('/r/');
    expect(lines).toContain('Asked by:         Acme Ltd');
    expect(lines).toMatch(/Link expires: +2026-12-12 09:00:00 GMT/);
  });
});
