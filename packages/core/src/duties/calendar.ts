// Calendar arithmetic on `YYYY-MM-DD` strings for the duty rules; builds on core's date helpers.
import {
  type CalendarDate,
  daysInMonth,
  formatCalendarDate,
  isLeapYear,
  parseIsoDate,
} from '../util/dates.js';

/** The calendar day, or a thrown TypeError naming the field: callers pass validated dates. */
export function isoDay(text: string, field: string): CalendarDate {
  const day = parseIsoDate(text);
  if (day === undefined) throw new TypeError(`${field} must be a real date as YYYY-MM-DD, not "${text}".`);
  return day;
}

/**
 * The same day `years` later. 29 February lands on 28 February of a common year when `early`
 * (a deadline: never later than the rule allows) and on 1 March otherwise (a keep-until date:
 * never earlier than the rule allows).
 */
export function addYearsTo(date: string, years: number, leapDay: 'early' | 'late', field: string): string {
  const { year, month, day } = isoDay(date, field);
  const target = year + years;
  if (month === 2 && day === 29 && !isLeapYear(target)) {
    return formatCalendarDate(
      leapDay === 'early' ? { year: target, month: 2, day: 28 } : { year: target, month: 3, day: 1 },
    );
  }
  return formatCalendarDate({ year: target, month, day: Math.min(day, daysInMonth(target, month)) });
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = isoDay(from, 'from');
  const b = isoDay(to, 'to');
  return (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000;
}

/** The later of two `YYYY-MM-DD` dates (string order is date order in this form). */
export function laterOf(a: string, b: string): string {
  return a >= b ? a : b;
}
