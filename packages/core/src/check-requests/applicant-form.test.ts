import { describe, expect, it } from 'vitest';
import { readApplicantForm, wrongKindMessage } from './applicant-form.js';

const NOW = new Date('2026-11-28T12:00:00Z');
const GOOD = { share_code: 'w12 3ab c45', dob_day: '1', dob_month: '1', dob_year: '1990' };

describe('readApplicantForm', () => {
  it('normalises the share code and writes the date as ISO', () => {
    expect(readApplicantForm('right_to_work', GOOD, NOW)).toEqual({
      ok: true,
      value: { share_code: 'W123ABC45', date_of_birth: '1990-01-01' },
    });
    expect(
      readApplicantForm(
        'right_to_rent',
        { share_code: '  R12 3AB C45 ', dob_day: ' 27 ', dob_month: '03', dob_year: '1990' },
        NOW,
      ),
    ).toEqual({ ok: true, value: { share_code: 'R123ABC45', date_of_birth: '1990-03-27' } });
  });

  it('asks for everything on an empty form, without spending an attempt', () => {
    expect(readApplicantForm('immigration_status', {}, NOW)).toEqual({
      ok: false,
      error: {
        reason: 'invalid',
        errors: [
          { field: 'share_code', message: 'Enter your share code' },
          { field: 'dob_day', message: 'Enter your date of birth' },
        ],
      },
    });
  });

  it('names the missing parts of the date, pointing at the first', () => {
    const only = (input: object) => {
      const read = readApplicantForm('right_to_work', { ...GOOD, ...input }, NOW);
      return read.ok ? null : read.error.errors;
    };
    expect(only({ dob_month: '' })).toEqual([
      { field: 'dob_month', message: 'Date of birth must include a month' },
    ]);
    expect(only({ dob_day: '', dob_year: ' ' })).toEqual([
      { field: 'dob_day', message: 'Date of birth must include a day and a year' },
    ]);
  });

  it.each([
    [
      { dob_day: 'x' },
      'dob_day',
      'Date of birth must be a real date, with the year in 4 numbers, like 27 3 1990',
    ],
    [
      { dob_month: '123' },
      'dob_month',
      'Date of birth must be a real date, with the year in 4 numbers, like 27 3 1990',
    ],
    [
      { dob_year: '90' },
      'dob_year',
      'Date of birth must be a real date, with the year in 4 numbers, like 27 3 1990',
    ],
    [{ dob_day: '31', dob_month: '2' }, 'dob_day', 'Date of birth must be a real date'],
    [{ dob_day: '0' }, 'dob_day', 'Date of birth must be a real date'],
    [{ dob_month: '13' }, 'dob_day', 'Date of birth must be a real date'],
    [{ dob_year: '2027' }, 'dob_day', 'Date of birth must be in the past'],
    [{ dob_year: '2015' }, 'dob_year', 'You must be 16 or over to be checked: check the year'],
    [{ dob_year: '1899' }, 'dob_year', 'Date of birth must be the same as or after 1 January 1900'],
  ])('refuses the date %o as a typing mistake', (input, field, message) => {
    expect(readApplicantForm('right_to_work', { ...GOOD, ...input }, NOW)).toEqual({
      ok: false,
      error: { reason: 'invalid', errors: [{ field, message }] },
    });
  });

  it('accepts the 16th birthday itself, and a leap day', () => {
    const sixteen = readApplicantForm(
      'right_to_work',
      { ...GOOD, dob_day: '28', dob_month: '11', dob_year: '2010' },
      NOW,
    );
    expect(sixteen).toEqual({ ok: true, value: { share_code: 'W123ABC45', date_of_birth: '2010-11-28' } });
    const leap = readApplicantForm(
      'right_to_work',
      { ...GOOD, dob_day: '29', dob_month: '2', dob_year: '1996' },
      NOW,
    );
    expect(leap.ok).toBe(true);
  });

  it.each([
    ['W12 3AB', 'Share code must be 9 letters and numbers, like W12 3AB C45'],
    ['W12-3AB-C45', 'Share code must be 9 letters and numbers, like W12 3AB C45'],
    ['X12 3AB C45', 'Share code must start with W, like W12 3AB C45'],
    ['912 3AB C45', 'Share code must start with W, like W12 3AB C45'],
  ])('refuses the share code %j as a typing mistake', (share_code, message) => {
    expect(readApplicantForm('right_to_work', { ...GOOD, share_code }, NOW)).toEqual({
      ok: false,
      error: { reason: 'invalid', errors: [{ field: 'share_code', message }] },
    });
  });

  it('reports a code of another kind as wrong_kind (an attempt) when the rest is right', () => {
    expect(readApplicantForm('right_to_work', { ...GOOD, share_code: 'r12 3ab c45' }, NOW)).toEqual({
      ok: false,
      error: {
        reason: 'wrong_kind',
        errors: [
          {
            field: 'share_code',
            message:
              'This is a share code for a right-to-rent check. Enter a right-to-work share code: it starts with W. You can get one from GOV.UK.',
          },
        ],
      },
    });
  });

  it('names a code of another kind beside a date typo, without spending an attempt', () => {
    const read = readApplicantForm(
      'immigration_status',
      { ...GOOD, share_code: 'W123ABC45', dob_day: '' },
      NOW,
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.error.reason).toBe('invalid');
    expect(read.error.errors.map((e) => e.field)).toEqual(['share_code', 'dob_day']);
    expect(read.error.errors[0]?.message).toContain('This is a share code for a right-to-work check');
  });

  it('never echoes what was typed, and reads at most 100 characters of a field', () => {
    const long = `W12${'3'.repeat(5000)}`;
    const read = readApplicantForm('right_to_work', { ...GOOD, share_code: long, dob_day: '<b>' }, NOW);
    expect(read.ok).toBe(false);
    expect(JSON.stringify(read)).not.toContain('333333');
    expect(JSON.stringify(read)).not.toContain('<b>');
  });
});

describe('wrongKindMessage', () => {
  it('names the kind the code is for, and the letter to look for', () => {
    expect(wrongKindMessage('right_to_rent', 'S123ABC45')).toBe(
      'This is a share code for an immigration-status check. Enter a right-to-rent share code: it starts with R. You can get one from GOV.UK.',
    );
    expect(wrongKindMessage('right_to_work', 'X123ABC45')).toBe(
      'This is not a share code for this check. Enter a right-to-work share code: it starts with W. You can get one from GOV.UK.',
    );
  });
});
