import type { CheckRecord, CheckRequest } from '@sharecode/sdk';
import { describe, expect, it } from 'vitest';
import { palette } from '../output/palette.js';
import { renderRequest, statusWords } from './render.js';

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
      "the applicant's last try ended with TIMEOUT, which costs no attempt; they were asked to try again later; the applicant has not sent their details yet",
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
    expect(statusWords(request({ status: 'cancelled' }))).toContain('cancelled');
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
