import { formatCalendarDate, isRealDate } from '../util/dates.js';
import { CHECKER_TYPES, PURPOSES } from './request-fields.js';

// What a person types (on a command line, in a spreadsheet) read leniently where no meaning can change:
// the wire stays strict, and these run before core's rules, never instead of them.

/**
 * A share code as people write it down (`wac-pt0-001`, `WAC PT0 001`): spaces and dashes removed,
 * upper case. The result still goes through the share-code rule.
 */
export function tidyShareCode(raw: string): string {
  return raw.replace(/[\s\u2010-\u2015-]+/g, '').toUpperCase();
}

const UK_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * A date as typed in the UK: `31/01/1990` (day first, as UK forms and spreadsheets write it) or
 * `1990-01-31`, with surrounding spaces. Answers `YYYY-MM-DD` for a real date; anything else comes back
 * trimmed and unchanged, for the date rule to refuse with its own message.
 */
export function tidyTypedDate(raw: string): string {
  const text = raw.trim();
  const match = UK_DATE.exec(text);
  if (!match) return text;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isRealDate(year, month, day)) return text;
  return formatCalendarDate({ year, month, day });
}

/** One of a list as typed: any case, spaces or dashes for underscores (`Landlord`, `Student loan`). */
export function tidyChoice(raw: string, choices: readonly string[]): string {
  const text = raw.trim();
  const key = text.toLowerCase().replace(/[\s-]+/g, '_');
  return choices.includes(key) ? key : text;
}

/**
 * A check request as typed, tidied field by field (wire names): text trimmed, the share code without
 * spaces or dashes, dates in UK or ISO form, checker type and purpose in any case. Fields core does not
 * know are passed through for its rules to name.
 */
export function tidyTypedRequest(body: Readonly<Record<string, string>>): Record<string, string> {
  const tidy: Record<string, string> = {};
  for (const [field, value] of Object.entries(body)) {
    if (field === 'share_code') tidy[field] = tidyShareCode(value);
    else if (field === 'date_of_birth') tidy[field] = tidyTypedDate(value);
    else if (field === 'checker_type') tidy[field] = tidyChoice(value, CHECKER_TYPES);
    else if (field === 'purpose') tidy[field] = tidyChoice(value, PURPOSES);
    else tidy[field] = value.trim();
  }
  return tidy;
}
