import { describe, expect, it } from 'vitest';
import { type ExcuseCheck, type ExcuseInput, excuseFor, excuseInWords } from './excuse.js';

const likeness = { how: 'video' as const, by: 'Ana HR', at: '2026-03-10T10:00:00.000Z' };
const check = (over: Partial<ExcuseCheck> = {}): ExcuseCheck => ({
  check_date: '2026-03-10',
  mode: 'live',
  outcome: 'ACCEPTED',
  follow_up: { due: true, date: '2027-03-10', basis: 'permission_expiry' },
  likeness,
  ...over,
});
const input = (over: Partial<ExcuseInput> = {}): ExcuseInput => ({
  kind: 'right_to_work',
  latest: check(),
  started: '2026-03-16',
  ended: null,
  today: '2026-06-01',
  ...over,
});

describe('excuseFor: established', () => {
  it('runs from the check date until the follow-up for time-limited permission', () => {
    expect(excuseFor(input())).toEqual({
      state: 'established',
      work: 'employment',
      since: '2026-03-10',
      until: '2027-03-10',
      basis: 'permission_expiry',
      cautions: [],
    });
  });
  it('runs for the whole work when the permission has no time limit', () => {
    const latest = check({ follow_up: { due: false, reason: 'settled' } });
    expect(excuseFor(input({ latest }))).toMatchObject({
      state: 'established',
      until: null,
      basis: 'whole_work',
    });
  });
  it('holds for a check on the first day of the work, and for an engagement', () => {
    expect(excuseFor(input({ started: '2026-03-10', work: 'engagement' }))).toMatchObject({
      state: 'established',
      work: 'engagement',
    });
  });
  it('says when the start of the work is not recorded', () => {
    expect(excuseFor(input({ started: null }))).toMatchObject({
      state: 'established',
      cautions: [{ what: 'start_not_recorded' }],
    });
  });
});

describe('excuseFor: incomplete', () => {
  it('names a missing likeness check', () => {
    const excuse = excuseFor(input({ latest: check({ likeness: null }) }));
    expect(excuse).toMatchObject({ state: 'incomplete', missing: [{ what: 'likeness' }] });
    expect(excuseInWords(excuse)).toMatch(/no likeness check recorded/);
  });
  it('flags work started before the check, with the days uncovered', () => {
    const excuse = excuseFor(input({ started: '2026-03-02' }));
    expect(excuse).toMatchObject({
      state: 'incomplete',
      missing: [{ what: 'started_before_check', started: '2026-03-02', check_date: '2026-03-10', days: 8 }],
    });
    expect(excuseInWords(excuse)).toMatch(/started on 2026-03-02, before the check on 2026-03-10/);
  });
  it('never counts a sandbox or a REJECTED check', () => {
    expect(excuseFor(input({ latest: check({ mode: 'sandbox' }) }))).toMatchObject({
      missing: [{ what: 'sandbox_check' }],
    });
    expect(excuseFor(input({ latest: check({ outcome: 'REJECTED' }) }))).toMatchObject({
      missing: [{ what: 'not_permitted' }],
    });
  });
});

describe('excuseFor: right to rent timing (28 days before the tenancy, time-limited)', () => {
  const rent = (started: string, follow_up: ExcuseCheck['follow_up']) =>
    excuseFor(input({ kind: 'right_to_rent', started, latest: check({ follow_up }) }));
  const limited = { due: true, date: '2027-03-10', basis: 'permission_expiry' } as const;
  it('accepts a check 28 days before the tenancy starts', () => {
    expect(rent('2026-04-07', limited)).toMatchObject({ state: 'established', work: 'tenancy' });
  });
  it('flags a check 29 days before', () => {
    expect(rent('2026-04-08', limited)).toMatchObject({
      state: 'incomplete',
      missing: [{ what: 'checked_too_early', days: 29 }],
    });
  });
  it('accepts any lead for an unlimited right to rent', () => {
    expect(rent('2026-09-01', { due: false, reason: 'settled' })).toMatchObject({ state: 'established' });
  });
});

describe('excuseFor: lapsed, ended, not applicable', () => {
  it('lapses the day after the follow-up date', () => {
    expect(excuseFor(input({ today: '2027-03-10' }))).toMatchObject({ state: 'established' });
    expect(excuseFor(input({ today: '2027-03-11' }))).toEqual({
      state: 'lapsed',
      work: 'employment',
      since: '2027-03-10',
      basis: 'permission_expiry',
    });
  });
  it('is ended after the last day of the work, with the retention end per kind', () => {
    expect(excuseFor(input({ ended: '2026-06-01' }))).toMatchObject({ state: 'established' });
    expect(excuseFor(input({ ended: '2026-05-31' }))).toEqual({
      state: 'ended',
      work: 'employment',
      ended: '2026-05-31',
      keep_until: '2028-05-31',
    });
    expect(excuseFor(input({ kind: 'right_to_rent', ended: '2026-05-31' }))).toMatchObject({
      work: 'tenancy',
      keep_until: '2027-05-31',
    });
  });
  it('is not applicable to an immigration-status check', () => {
    expect(excuseFor(input({ kind: 'immigration_status' }))).toEqual({ state: 'not_applicable', work: null });
  });
  it('refuses a date that is not a real day', () => {
    expect(() => excuseFor(input({ today: '2026-02-30' }))).toThrow(/today/);
  });
});
