// Dates are handled as UTC calendar days: the check day is the UTC date of the injected clock.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** English month names, as GOV.UK writes them ("4 May 2025"). */
export const MONTH_NAMES: readonly string[] = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export interface CalendarDate {
  year: number;
  /** 1 to 12 */
  month: number;
  /** 1 to 31 */
  day: number;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Whether the parts name a day that exists (no 31 April, 29 February only in leap years, no year 0). */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Parses a strict `YYYY-MM-DD` string naming a real calendar day; undefined otherwise. */
export function parseIsoDate(text: string): CalendarDate | undefined {
  const match = ISO_DATE.exec(text);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

/** The UTC calendar day of an instant. */
export function calendarDateOf(date: Date): CalendarDate {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** `YYYY-MM-DD` of the instant's UTC day. */
export function formatDate(date: Date): string {
  return formatCalendarDate(calendarDateOf(date));
}

export function formatCalendarDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** "4 May 2025": how the GOV.UK services write dates. */
export function formatLongDate(date: Date): string {
  return formatGovukDate(calendarDateOf(date));
}

/** A calendar day as GOV.UK writes it: "4 May 2025" (no leading zero, full month name). */
export function formatGovukDate({ year, month, day }: CalendarDate): string {
  return `${day} ${MONTH_NAMES[month - 1] ?? ''} ${year}`;
}

/**
 * The inverse of `formatLongDate`, as the GOV.UK services write dates ("4 May 2025", also "14 Dec 2028"
 * and "14 Sept. 2028"): `YYYY-MM-DD`, or null when the text is not a real date.
 */
export function parseLongDate(text: string): string | null {
  const match = /^\s*(\d{1,2})\s+([A-Za-z]+)\.?\s+(\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [, dayText = '', monthText = '', yearText = ''] = match;
  const name = monthText.toLowerCase();
  const index = MONTH_NAMES.findIndex((m) => {
    const month = m.toLowerCase();
    return month === name || (name.length >= 3 && month.startsWith(name));
  });
  if (index < 0) return null;
  const day = Number(dayText);
  const last = new Date(Date.UTC(Number(yearText), index + 1, 0)).getUTCDate();
  if (day < 1 || day > last) return null;
  return `${yearText}-${String(index + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Midnight UTC at the start of the instant's day. */
export function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

/** Same day and month `years` later; 29 February becomes 28 February in a common year. */
export function addYears(date: Date, years: number): Date {
  const year = date.getUTCFullYear() + years;
  const month = date.getUTCMonth();
  const day = Math.min(date.getUTCDate(), daysInMonth(year, month + 1));
  const result = new Date(date.getTime());
  result.setUTCFullYear(year, month, day);
  return result;
}

/**
 * Whole years of age on `on`. Someone born on 29 February has their birthday on 1 March in a common
 * year (the day after 28 February), as is usual in UK practice.
 */
export function ageOn(birth: CalendarDate, on: CalendarDate): number {
  let age = on.year - birth.year;
  const leapling = birth.month === 2 && birth.day === 29;
  const birthdayMonth = leapling && !isLeapYear(on.year) ? 3 : birth.month;
  const birthdayDay = leapling && !isLeapYear(on.year) ? 1 : birth.day;
  if (on.month < birthdayMonth || (on.month === birthdayMonth && on.day < birthdayDay)) age -= 1;
  return age;
}

export function compareCalendarDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** The calendar day in the UK at the instant: the GOV.UK services run on UK time, not UTC. */
export function ukToday(now: Date): CalendarDate {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** The calendar day `days` later (earlier when negative). */
export function addCalendarDays(date: CalendarDate, days: number): CalendarDate {
  return calendarDateOf(new Date(Date.UTC(date.year, date.month - 1, date.day + days)));
}

/** Adds calendar months, clamping to the month's last day (31 January + 1 month = 28 or 29 February). */
export function addCalendarMonths(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}
