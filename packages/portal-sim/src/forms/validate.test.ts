import { describe, expect, it } from 'vitest';
import { validateDateOfBirth } from './validate-date-of-birth.js';
import { validateShareCode } from './validate-share-code.js';
import { validateText } from './validate-text.js';

const today = { year: 2025, month: 5, day: 4 };

describe('validateShareCode', () => {
  it('normalises spaces, hyphens and case', () => {
    expect(validateShareCode(' w12 3ab-c45 ')).toEqual({ ok: true, value: 'W123ABC45' });
  });

  it('names what is wrong', () => {
    expect(validateShareCode('')).toEqual({ ok: false, error: 'Enter the share code' });
    expect(validateShareCode(null)).toEqual({ ok: false, error: 'Enter the share code' });
    expect(validateShareCode('W12 3AB C4')).toEqual({ ok: false, error: 'Share code must be 9 characters' });
    expect(validateShareCode('W12*3ABC4')).toEqual({
      ok: false,
      error: 'Share code must only include letters a to z and numbers',
    });
  });
});

describe('validateDateOfBirth', () => {
  const dob = (day: string, month: string, year: string) => validateDateOfBirth({ day, month, year }, today);

  it('accepts a real past date, with or without leading zeros', () => {
    expect(dob('04', '05', '1990')).toEqual({ ok: true, value: { year: 1990, month: 5, day: 4 } });
    expect(dob('4', '5', '1990')).toEqual({ ok: true, value: { year: 1990, month: 5, day: 4 } });
  });

  it('asks for the whole date when nothing is given', () => {
    expect(validateDateOfBirth({ day: null, month: null, year: null }, today)).toEqual({
      ok: false,
      error: { message: 'Enter their date of birth', parts: ['day', 'month', 'year'] },
    });
  });

  it('names and highlights only the missing parts', () => {
    expect(dob('', '5', '1990')).toEqual({
      ok: false,
      error: { message: 'Date of birth must include a day', parts: ['day'] },
    });
    expect(dob('', '', '1990')).toEqual({
      ok: false,
      error: { message: 'Date of birth must include a day and month', parts: ['day', 'month'] },
    });
  });

  it('refuses impossible, short-year and future dates', () => {
    expect(dob('31', '4', '1990').ok).toBe(false);
    expect(dob('x', '4', '1990')).toMatchObject({
      ok: false,
      error: { message: 'Date of birth must be a real date' },
    });
    expect(dob('1', '4', '90')).toEqual({
      ok: false,
      error: { message: 'Year must include 4 numbers', parts: ['year'] },
    });
    expect(dob('4', '5', '2025')).toMatchObject({
      ok: false,
      error: { message: 'Date of birth must be in the past' },
    });
  });
});

describe('validateText', () => {
  it('trims and bounds the answer', () => {
    const m = { empty: 'Enter your company name', label: 'Company name' };
    expect(validateText('  Acme Ltd ', m)).toEqual({ ok: true, value: 'Acme Ltd' });
    expect(validateText('   ', m)).toEqual({ ok: false, error: 'Enter your company name' });
    expect(validateText('x'.repeat(201), m)).toEqual({
      ok: false,
      error: 'Company name must be 200 characters or fewer',
    });
  });
});
