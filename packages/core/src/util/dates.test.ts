import { describe, expect, it } from 'vitest';
import {
  addDays,
  addYears,
  ageOn,
  formatDate,
  formatLongDate,
  parseIsoDate,
  parseLongDate,
  startOfUtcDay,
} from './dates.js';

describe('dates', () => {
  it('formats the UTC day', () => {
    expect(formatDate(new Date('2026-03-15T23:59:59Z'))).toBe('2026-03-15');
    expect(formatDate(new Date('2026-03-15T23:59:59-05:00'))).toBe('2026-03-16');
    expect(formatLongDate(new Date('2025-05-04T10:00:00Z'))).toBe('4 May 2025');
    expect(startOfUtcDay(new Date('2026-03-15T13:14:15Z')).toISOString()).toBe('2026-03-15T00:00:00.000Z');
  });

  it('parses strict real dates only', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseIsoDate('2023-02-29')).toBeUndefined();
    expect(parseIsoDate('2024-2-29')).toBeUndefined();
  });

  it('adds days and years', () => {
    expect(formatDate(addDays(new Date('2026-02-28T00:00:00Z'), 1))).toBe('2026-03-01');
    expect(formatDate(addYears(new Date('2026-03-15T00:00:00Z'), 1))).toBe('2027-03-15');
    expect(formatDate(addYears(new Date('2024-02-29T00:00:00Z'), 1))).toBe('2025-02-28');
    expect(formatDate(addYears(new Date('2024-02-29T00:00:00Z'), -4))).toBe('2020-02-29');
  });

  it('counts whole years, a 29 February birthday falling on 1 March in common years', () => {
    const leapling = { year: 2004, month: 2, day: 29 };
    expect(ageOn(leapling, { year: 2021, month: 2, day: 28 })).toBe(16);
    expect(ageOn(leapling, { year: 2021, month: 3, day: 1 })).toBe(17);
    expect(ageOn(leapling, { year: 2024, month: 2, day: 28 })).toBe(19);
    expect(ageOn(leapling, { year: 2024, month: 2, day: 29 })).toBe(20);
    expect(ageOn({ year: 1990, month: 1, day: 1 }, { year: 2026, month: 1, day: 1 })).toBe(36);
    expect(ageOn({ year: 1990, month: 1, day: 2 }, { year: 2026, month: 1, day: 1 })).toBe(35);
  });
});

describe('parseLongDate', () => {
  it('reads GOV.UK dates, full and short month names, as YYYY-MM-DD', () => {
    expect(parseLongDate('4 May 2025')).toBe('2025-05-04');
    expect(parseLongDate(' 14 Dec 2028 ')).toBe('2028-12-14');
    expect(parseLongDate('14 Sept. 2028')).toBe('2028-09-14');
    expect(parseLongDate('29 February 2024')).toBe('2024-02-29');
  });

  it('is the inverse of formatLongDate', () => {
    const day = new Date(Date.UTC(2027, 10, 21));
    expect(parseLongDate(formatLongDate(day))).toBe('2027-11-21');
  });

  it('refuses what is not a real date', () => {
    for (const text of [
      '29 February 2023',
      '0 May 2025',
      '32 May 2025',
      '4 Mai 2025',
      'May 4 2025',
      '4 Ma 2025',
      '',
    ]) {
      expect(parseLongDate(text)).toBeNull();
    }
  });
});
