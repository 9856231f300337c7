import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  compareDates,
  formatGovukDate,
  isRealDate,
  parseIsoDate,
  ukToday,
} from './dates.js';

describe('dates', () => {
  it('formats as GOV.UK writes dates', () => {
    expect(formatGovukDate({ year: 2025, month: 5, day: 4 })).toBe('4 May 2025');
    expect(formatGovukDate({ year: 2025, month: 12, day: 14 })).toBe('14 December 2025');
  });

  it('parses only real ISO dates', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseIsoDate('2023-02-29')).toBeNull();
    expect(parseIsoDate('2023-4-01')).toBeNull();
    expect(parseIsoDate('not a date')).toBeNull();
    expect(isRealDate(2025, 4, 31)).toBe(false);
    expect(isRealDate(2025, 13, 1)).toBe(false);
  });

  it('takes the calendar day in the UK, not UTC', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    expect(ukToday(new Date('2025-06-30T23:30:00Z'))).toEqual({ year: 2025, month: 7, day: 1 });
    expect(ukToday(new Date('2025-01-31T23:30:00Z'))).toEqual({ year: 2025, month: 1, day: 31 });
  });

  it('moves dates by days and months', () => {
    expect(addDays({ year: 2025, month: 12, day: 31 }, 1)).toEqual({ year: 2026, month: 1, day: 1 });
    expect(addDays({ year: 2025, month: 3, day: 1 }, -90)).toEqual({ year: 2024, month: 12, day: 1 });
    expect(addMonths({ year: 2024, month: 1, day: 31 }, 1)).toEqual({ year: 2024, month: 2, day: 29 });
    expect(addMonths({ year: 2025, month: 11, day: 15 }, 12)).toEqual({ year: 2026, month: 11, day: 15 });
    expect(compareDates({ year: 2025, month: 1, day: 2 }, { year: 2025, month: 1, day: 1 })).toBeGreaterThan(
      0,
    );
  });
});
