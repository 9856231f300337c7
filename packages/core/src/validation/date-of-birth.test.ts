import { describe, expect, it } from 'vitest';
import { validateDateOfBirth } from './date-of-birth.js';

const now = new Date('2026-06-15T12:00:00Z');

function refusal(raw: unknown, at = now): string {
  const result = validateDateOfBirth(raw, at);
  if (result.ok) throw new Error(`expected a refusal for ${String(raw)}`);
  expect(result.error).toMatchObject({ code: 'INVALID_INPUT', status: 400, field: 'date_of_birth' });
  expect(result.error.message).toMatch(/^date_of_birth /);
  return result.error.message;
}

describe('validateDateOfBirth', () => {
  it.each(['1990-01-01', '2010-06-15', '1900-01-01', '2000-02-29', '1960-12-31'])('accepts %s', (raw) => {
    expect(validateDateOfBirth(raw, now)).toEqual({ ok: true, value: raw });
  });

  it('requires the field', () => {
    expect(refusal(undefined)).toContain('is required');
  });

  it.each([
    '01/01/1990',
    '1990-1-1',
    '19900101',
    '1990-01-01T00:00:00Z',
    ' 1990-01-01',
    '',
    '９９９０-01-01',
  ])('refuses the format %j', (raw) => {
    expect(refusal(raw)).toContain('YYYY-MM-DD');
  });

  it.each([[19900101], [null], [{}], [['1990-01-01']]])('refuses the non-string %j', (raw) => {
    expect(refusal(raw)).toContain('YYYY-MM-DD');
  });

  it.each(['1990-02-30', '1990-13-01', '1990-00-10', '1990-04-31', '2001-02-29', '1900-02-29'])(
    'refuses the impossible date %s',
    (raw) => {
      expect(refusal(raw)).toContain('not a real calendar date');
    },
  );

  it('refuses years before 1900 and dates in the future', () => {
    expect(refusal('1899-12-31')).toContain('before 1900');
    expect(refusal('2026-06-16')).toContain('in the future');
  });

  it('counts the age on the UTC day of the check', () => {
    expect(validateDateOfBirth('2010-06-15', now).ok).toBe(true);
    expect(refusal('2010-06-16')).toContain('under 16');
    // 23:30 UTC on the 14th is still the 14th, whatever the local zone.
    expect(refusal('2010-06-15', new Date('2026-06-14T23:30:00Z'))).toContain('under 16');
  });

  it('handles a 29 February birthday', () => {
    // Sixteen years after a leap year is a leap year, so the 16th birthday exists...
    expect(refusal('2008-02-29', new Date('2024-02-28T12:00:00Z'))).toContain('under 16');
    expect(validateDateOfBirth('2008-02-29', new Date('2024-02-29T00:00:00Z')).ok).toBe(true);
    // ...except across a century that is not a leap year: then the birthday is 1 March.
    expect(refusal('2084-02-29', new Date('2100-02-28T23:59:59Z'))).toContain('under 16');
    expect(validateDateOfBirth('2084-02-29', new Date('2100-03-01T00:00:00Z')).ok).toBe(true);
  });

  it('never repeats the date in a message', () => {
    expect(refusal('2020-05-05')).not.toContain('2020-05-05');
  });
});
