import { describe, expect, it } from 'vitest';
import { checkDateOf, type DutyResult, followUpFor, kindOfResult } from './follow-up.js';

const work = (over: Partial<DutyResult> = {}): DutyResult => ({
  title: 'Right to work',
  outcome: 'ACCEPTED',
  checked_at: '2026-03-10T09:30:00.000Z',
  expiry_date: '2027-03-10',
  permission_type: 'Skilled Worker',
  ...over,
});
const rent = (over: Partial<DutyResult> = {}): DutyResult => ({
  title: 'Right to rent',
  outcome: 'ACCEPTED',
  checked_at: '2026-03-10T09:30:00.000Z',
  check_date: '2026-03-10',
  expiry_date: '2027-06-30',
  recheck_date: '2027-06-30',
  ...over,
});
const status = (over: Partial<DutyResult> = {}): DutyResult => ({
  title: 'Immigration status',
  outcome: 'ACCEPTED',
  checked_at: '2026-03-10T09:30:00.000Z',
  check_date: '2026-03-10',
  valid_until: '2028-01-31',
  status: 'Student',
  ...over,
});

describe('followUpFor: right to work', () => {
  it('is due by the permission expiry', () => {
    expect(followUpFor(work())).toEqual({ due: true, date: '2027-03-10', basis: 'permission_expiry' });
  });
  it('keeps a month-end and a leap-day expiry exactly', () => {
    expect(followUpFor(work({ expiry_date: '2027-04-30' }))).toMatchObject({ date: '2027-04-30' });
    expect(followUpFor(work({ expiry_date: '2028-02-29' }))).toMatchObject({ date: '2028-02-29' });
  });
  it('needs none for settled status or indefinite leave', () => {
    expect(followUpFor(work({ expiry_date: null, permission_type: 'Settled status' }))).toEqual({
      due: false,
      reason: 'settled',
    });
    expect(followUpFor(work({ expiry_date: null, permission_type: 'Indefinite leave to remain' }))).toEqual({
      due: false,
      reason: 'settled',
    });
  });
  it('needs none for any other permission with no time limit', () => {
    expect(followUpFor(work({ expiry_date: null, permission_type: 'British citizen' }))).toEqual({
      due: false,
      reason: 'no_time_limit',
    });
    expect(followUpFor(work({ expiry_date: null, permission_type: 'Pre-settled status' }))).toEqual({
      due: false,
      reason: 'no_time_limit',
    });
    expect(followUpFor(work({ expiry_date: undefined, permission_type: null }))).toEqual({
      due: false,
      reason: 'no_time_limit',
    });
  });
  it('has nothing to follow up after a REJECTED check', () => {
    expect(followUpFor(work({ outcome: 'REJECTED', expiry_date: null }))).toEqual({
      due: false,
      reason: 'not_permitted',
    });
  });
  it('refuses a date that is not a real day', () => {
    expect(() => followUpFor(work({ expiry_date: '2027-02-29' }))).toThrow(/expiry_date/);
    expect(() => followUpFor(work(), '2026-13-01')).toThrow(/checkDate/);
  });
});

describe('followUpFor: right to rent (the later of expiry and 12 months after the check)', () => {
  it('uses the expiry when it is later than 12 months after the check', () => {
    expect(followUpFor(rent())).toEqual({ due: true, date: '2027-06-30', basis: 'permission_expiry' });
  });
  it('uses 12 months after the check when the permission ends sooner', () => {
    expect(followUpFor(rent({ expiry_date: '2026-05-01' }))).toEqual({
      due: true,
      date: '2027-03-10',
      basis: 'twelve_months_after_check',
    });
  });
  it('takes the expiry when both fall on the same day', () => {
    expect(followUpFor(rent({ expiry_date: '2027-03-10' }))).toEqual({
      due: true,
      date: '2027-03-10',
      basis: 'permission_expiry',
    });
  });
  it('counts 12 months from a month end and from 29 February (never later than the rule)', () => {
    expect(followUpFor(rent({ expiry_date: '2026-01-01' }), '2025-12-31')).toMatchObject({
      date: '2026-12-31',
    });
    expect(followUpFor(rent({ expiry_date: '2024-03-01' }), '2024-02-29')).toEqual({
      due: true,
      date: '2025-02-28',
      basis: 'twelve_months_after_check',
    });
    expect(followUpFor(rent({ expiry_date: '2023-01-01' }), '2023-02-28')).toMatchObject({
      date: '2024-02-28',
    });
  });
  it("falls back to the portal's follow-up date when no expiry is shown", () => {
    expect(followUpFor(rent({ expiry_date: null, recheck_date: '2027-01-15' }))).toEqual({
      due: true,
      date: '2027-01-15',
      basis: 'portal_recheck_date',
    });
  });
  it('needs none for an unlimited right to rent', () => {
    expect(
      followUpFor(rent({ expiry_date: null, recheck_date: null, permission_type: 'Settled status' })),
    ).toEqual({ due: false, reason: 'settled' });
    expect(followUpFor(rent({ expiry_date: null, recheck_date: null }))).toEqual({
      due: false,
      reason: 'no_time_limit',
    });
  });
  it('has nothing to follow up after a REJECTED check', () => {
    expect(followUpFor(rent({ outcome: 'REJECTED' }))).toEqual({ due: false, reason: 'not_permitted' });
  });
  it('uses the check day of the result by default', () => {
    expect(followUpFor(rent({ check_date: '2026-08-01', expiry_date: '2026-09-01' }))).toMatchObject({
      date: '2027-08-01',
    });
  });
});

describe('followUpFor: immigration status', () => {
  it('reminds before the status ends', () => {
    expect(followUpFor(status())).toEqual({ due: true, date: '2028-01-31', basis: 'permission_expiry' });
  });
  it('needs none for a status with no time limit', () => {
    expect(followUpFor(status({ valid_until: null, status: 'Settled status' }))).toEqual({
      due: false,
      reason: 'settled',
    });
    expect(followUpFor(status({ valid_until: null, status: 'Right of abode' }))).toEqual({
      due: false,
      reason: 'no_time_limit',
    });
  });
});

describe('checkDateOf and kindOfResult', () => {
  it('takes check_date, else the UTC day of checked_at', () => {
    expect(checkDateOf({ checked_at: '2026-03-10T23:59:00Z', check_date: '2026-03-10' })).toBe('2026-03-10');
    expect(checkDateOf({ checked_at: '2026-03-10T23:30:00-02:00' })).toBe('2026-03-11');
    expect(() => checkDateOf({ checked_at: 'yesterday' })).toThrow(/checked_at/);
  });
  it('names the kind from the title', () => {
    expect(kindOfResult(work())).toBe('right_to_work');
    expect(kindOfResult(rent())).toBe('right_to_rent');
    expect(kindOfResult(status())).toBe('immigration_status');
  });
});
