import { invalidInput } from '../errors/check-error.js';
import type { Outcome } from '../outcome.js';
import { fail, ok } from '../outcome.js';
import { ageOn, calendarDateOf, compareCalendarDates, parseIsoDate } from '../util/dates.js';

export const MINIMUM_AGE = 16;
// Earlier years are typing mistakes (0199, 1099), not applicants.
export const EARLIEST_BIRTH_YEAR = 1900;

const FORMAT = 'YYYY-MM-DD, such as 1990-01-31';

/**
 * A real calendar date in `YYYY-MM-DD`, and the applicant at least 16 on the day of the check (the UTC
 * day of `now`; someone born on 29 February turns 16 on 1 March in a common year).
 */
export function validateDateOfBirth(raw: unknown, now: Date): Outcome<string> {
  if (raw === undefined) {
    return fail(
      invalidInput(
        'date_of_birth',
        `date_of_birth is required: send the applicant's date of birth as ${FORMAT}.`,
      ),
    );
  }
  if (typeof raw !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) {
    return fail(invalidInput('date_of_birth', `date_of_birth must be a date written as ${FORMAT}.`));
  }
  const birth = parseIsoDate(raw);
  if (!birth) {
    return fail(
      invalidInput(
        'date_of_birth',
        'date_of_birth is not a real calendar date: check the day and the month (YYYY-MM-DD).',
      ),
    );
  }
  if (birth.year < EARLIEST_BIRTH_YEAR) {
    return fail(
      invalidInput('date_of_birth', `date_of_birth is before ${EARLIEST_BIRTH_YEAR}: check the year.`),
    );
  }
  const today = calendarDateOf(now);
  if (compareCalendarDates(birth, today) > 0) {
    return fail(invalidInput('date_of_birth', 'date_of_birth is in the future: check the year.'));
  }
  if (ageOn(birth, today) < MINIMUM_AGE) {
    return fail(
      invalidInput(
        'date_of_birth',
        `date_of_birth shows an applicant under ${MINIMUM_AGE}: checks are only for people aged ${MINIMUM_AGE} or over, so confirm the date of birth with the applicant.`,
      ),
    );
  }
  return ok(raw);
}
