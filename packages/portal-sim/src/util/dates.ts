// The simulator's calendar days, in its own words, over core's one set of date helpers.
import { type CalendarDate, isRealDate, parseIsoDate as parseCoreIsoDate } from '@sharecode/core';

export type { CalendarDate } from '@sharecode/core';
export {
  addCalendarDays as addDays,
  addCalendarMonths as addMonths,
  compareCalendarDates as compareDates,
  formatCalendarDate as toIsoDate,
  formatGovukDate,
  isRealDate,
  ukToday,
} from '@sharecode/core';

/** Parses `YYYY-MM-DD`; anything else, or a day that does not exist (year 0 included), gives null. */
export function parseIsoDate(text: string): CalendarDate | null {
  const date = parseCoreIsoDate(text);
  return date && isRealDate(date.year, date.month, date.day) ? date : null;
}
