import { describe, expect, it } from 'vitest';
import { mapColumns, rowBody, rowLabel } from './columns.js';

function columns(header: string[]) {
  const mapped = mapColumns(header);
  if (!mapped.ok) throw new Error(mapped.error);
  return mapped.value;
}

describe('mapColumns', () => {
  it('accepts wire names, flag names and spreadsheet titles, in any case', () => {
    const wire = columns(['share_code', 'date_of_birth', 'company_name']);
    const flags = columns(['Share-Code', 'DOB', 'company']);
    const titles = columns(['Share code', 'Date of birth', 'Job title', 'purpose']);
    expect([...wire.fields.keys()]).toEqual(['share_code', 'date_of_birth', 'company_name']);
    expect([...flags.fields.keys()]).toEqual(['share_code', 'date_of_birth', 'company_name']);
    expect([...titles.fields.keys()]).toEqual(['share_code', 'date_of_birth', 'job_title', 'purpose']);
  });

  it('ignores other columns, listing them all', () => {
    const mapped = columns(['Employee No', 'Full name', 'Share code', 'Date of birth', '']);
    expect([...mapped.fields.keys()]).toEqual(['share_code', 'date_of_birth']);
    expect(mapped.ignored).toEqual(['"Employee No"', '"Full name"', 'column 5 (no name)']);
  });

  it('refuses repeated and missing columns with what to do', () => {
    const twice = mapColumns(['share_code', 'share-code', 'dob']);
    expect(twice.ok || twice.error).toBe(
      '"share_code" and "share-code" both give --share-code: keep one of the two columns',
    );
    const missing = mapColumns(['share_code', 'company']);
    expect(missing.ok || missing.error).toMatch(
      /^the header row needs a "Date of birth" column \(found "share_code", "company"\)/,
    );
    const neither = mapColumns(['Employee No;Full name;Share code;Date of birth']);
    expect(neither.ok || neither.error).toMatch(/needs a "Share code" and a "Date of birth" column/);
  });

  it('keeps the label column apart', () => {
    const mapped = columns(['label', 'share_code', 'dob']);
    expect(mapped.label).toBe(0);
    expect(rowLabel(['E1', 'W', 'd'], mapped)).toBe('E1');
    expect(rowLabel(['', 'W', 'd'], mapped)).toBeUndefined();
  });
});

describe('rowBody', () => {
  it('uses the cells, trimmed, and the flags for empty or missing ones', () => {
    const mapped = columns(['share_code', 'dob', 'company']);
    expect(rowBody([' W1 ', '1990-01-01', ''], mapped, { company_name: 'Acme' })).toEqual({
      share_code: 'W1',
      date_of_birth: '1990-01-01',
      company_name: 'Acme',
    });
    expect(rowBody(['W1', '1990-01-01', 'Other'], mapped, { company_name: 'Acme' }).company_name).toBe(
      'Other',
    );
    expect(rowBody(['W1'], mapped, {})).toEqual({ share_code: 'W1' });
  });
});
