// The simulator's calendar days, in its own words, over core's one set of date helpers.
import {
  type CalendarDate,
  formatGovukDate,
  isRealDate,
  parseIsoDate as parseCoreIsoDate,
} from '@sharecode/core/util';

export type { CalendarDate } from '@sharecode/core/util';
export {
  addCalendarDays as addDays,
  addCalendarMonths as addMonths,
  compareCalendarDates as compareDates,
  formatCalendarDate as toIsoDate,
  formatGovukDate,
  isRealDate,
  ukToday,
} from '@sharecode/core/util';

/** Parses `YYYY-MM-DD`; anything else, or a day that does not exist (year 0 included), gives null. */
export function parseIsoDate(text: string): CalendarDate | null {
  const date = parseCoreIsoDate(text);
  return date && isRealDate(date.year, date.month, date.day) ? date : null;
}

/** A `YYYY-MM-DD` date as GOV.UK writes it ("4 May 2025"); null when absent or not a date. */
export function govukDateOf(iso: string | undefined): string | null {
  const parsed = iso === undefined ? null : parseIsoDate(iso);
  return parsed ? formatGovukDate(parsed) : null;
}
