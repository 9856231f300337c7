import { describe, expect, it } from 'vitest';
import {
  APPLICANT_PATH_PREFIX,
  APPLICANT_TOKEN_LENGTH,
  applicantUrl,
  isApplicantToken,
  isCheckRequestId,
  isFinalRequestStatus,
  newApplicantToken,
  newCheckRequestId,
  requestExpiresAt,
  statusAt,
} from './request-rules.js';

describe('ids and tokens', () => {
  it('makes request ids of the contract pattern, each new', () => {
    const ids = new Set(Array.from({ length: 50 }, newCheckRequestId));
    expect(ids.size).toBe(50);
    for (const id of ids) {
      expect(id).toMatch(/^creq_[A-Za-z0-9]{32}$/);
      expect(isCheckRequestId(id)).toBe(true);
    }
    expect(isCheckRequestId(`creq_${'a'.repeat(31)}`)).toBe(false);
    expect(isCheckRequestId(`chk_${'a'.repeat(32)}`)).toBe(false);
    expect(isCheckRequestId(42)).toBe(false);
  });

  it('makes tokens of at least 128 bits, each new, recognised by shape', () => {
    expect(APPLICANT_TOKEN_LENGTH * Math.log2(62)).toBeGreaterThan(128);
    const tokens = new Set(Array.from({ length: 50 }, newApplicantToken));
    expect(tokens.size).toBe(50);
    for (const token of tokens) {
      expect(token).toHaveLength(APPLICANT_TOKEN_LENGTH);
      expect(isApplicantToken(token)).toBe(true);
    }
  });

  it.each([
    ['too short', 'a'.repeat(31)],
    ['too long', 'a'.repeat(33)],
    ['a dot', `${'a'.repeat(31)}.`],
    ['a slash', `${'a'.repeat(31)}/`],
    ['a trailing newline', `${'a'.repeat(32)}\n`],
  ])('refuses a token with %s', (_, value) => {
    expect(isApplicantToken(value)).toBe(false);
  });

  it('refuses a token that is not a string', () => {
    expect(isApplicantToken(undefined)).toBe(false);
    expect(isApplicantToken(['a'.repeat(32)])).toBe(false);
  });

  it('puts the token under /r/ of the origin, with or without a trailing slash', () => {
    expect(APPLICANT_PATH_PREFIX).toBe('/r/');
    expect(applicantUrl('https://checks.example.com', 'T0k')).toBe('https://checks.example.com/r/T0k');
    expect(applicantUrl('https://checks.example.com//', 'T0k')).toBe('https://checks.example.com/r/T0k');
  });
});

describe('expiry and status', () => {
  const created = new Date('2026-11-28T10:00:00Z');
  const expires = requestExpiresAt(created, 14);

  it('expires whole days after creation', () => {
    expect(expires.toISOString()).toBe('2026-12-12T10:00:00.000Z');
    expect(requestExpiresAt(created, 1).toISOString()).toBe('2026-11-29T10:00:00.000Z');
  });

  it('reads a waiting request past its expiry as expired, from the expiry instant on', () => {
    const waiting = { status: 'waiting' as const, expires_at: expires, check_pending: false };
    expect(statusAt(waiting, new Date(expires.getTime() - 1))).toBe('waiting');
    expect(statusAt(waiting, expires)).toBe('expired');
  });

  it('lets a check started before the expiry decide the request', () => {
    const pending = { status: 'waiting' as const, expires_at: expires, check_pending: true };
    expect(statusAt(pending, new Date(expires.getTime() + 60_000))).toBe('waiting');
  });

  it('leaves a final status as it is', () => {
    const later = new Date(expires.getTime() + 86_400_000);
    for (const status of ['submitted', 'locked', 'cancelled', 'expired'] as const) {
      expect(statusAt({ status, expires_at: expires, check_pending: false }, later)).toBe(status);
      expect(isFinalRequestStatus(status)).toBe(true);
    }
    expect(isFinalRequestStatus('waiting')).toBe(false);
  });
});
