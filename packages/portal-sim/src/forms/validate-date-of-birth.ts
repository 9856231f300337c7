import { fail, type Outcome, ok } from '@sharecode/core';
import { type CalendarDate, compareDates, isRealDate } from '../util/dates.js';

export type DatePart = 'day' | 'month' | 'year';

export interface DateProblem {
  readonly message: string;
  /** The parts to highlight; all three when the date as a whole is wrong. */
  readonly parts: readonly DatePart[];
}

const ALL: readonly DatePart[] = ['day', 'month', 'year'];

function listParts(parts: readonly DatePart[]): string {
  if (parts.length === 1) return `a ${parts[0]}`;
  return `a ${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * Follows the GOV.UK date input guidance: name the missing parts, highlight only the wrong
 * field, or the whole date when several are wrong; a date of birth must be in the past.
 */
export function validateDateOfBirth(
  input: { day: string | null; month: string | null; year: string | null },
  today: CalendarDate,
): Outcome<CalendarDate, DateProblem> {
  const values = {
    day: (input.day ?? '').trim(),
    month: (input.month ?? '').trim(),
    year: (input.year ?? '').trim(),
  };
  const missing = ALL.filter((p) => values[p] === '');
  if (missing.length === 3) return fail({ message: 'Enter their date of birth', parts: ALL });
  if (missing.length > 0)
    return fail({ message: `Date of birth must include ${listParts(missing)}`, parts: missing });
  if (!/^\d{1,2}$/.test(values.day) || !/^\d{1,2}$/.test(values.month) || !/^\d+$/.test(values.year)) {
    return fail({ message: 'Date of birth must be a real date', parts: ALL });
  }
  if (values.year.length !== 4) return fail({ message: 'Year must include 4 numbers', parts: ['year'] });
  const date = { year: Number(values.year), month: Number(values.month), day: Number(values.day) };
  if (!isRealDate(date.year, date.month, date.day)) {
    return fail({ message: 'Date of birth must be a real date', parts: ALL });
  }
  if (compareDates(date, today) >= 0)
    return fail({ message: 'Date of birth must be in the past', parts: ALL });
  return ok(date);
}
