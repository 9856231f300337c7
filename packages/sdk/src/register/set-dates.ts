import { parseIsoDate } from '../../../core/src/util/dates.js';
import { peopleOf } from './people.js';
import type { DatesReceipt } from './receipt.js';
import { ShareCodeRegisterError } from './register-error.js';
import { appendReceipt, type Register, readReceipts, serialised } from './register-store.js';

export interface EmploymentDates {
  /** First day of the employment or tenancy, YYYY-MM-DD; undefined keeps what was recorded. */
  started?: string | undefined;
  /** Last day of the employment or tenancy, YYYY-MM-DD; undefined keeps what was recorded. */
  ended?: string | undefined;
  now?: Date | undefined;
}

function checkedDate(value: string | undefined, field: string): void {
  if (value !== undefined && parseIsoDate(value) === undefined) {
    throw new ShareCodeRegisterError(
      'bad_date',
      `${field} must be a real date as YYYY-MM-DD, not "${value}".`,
    );
  }
}

/**
 * Records when the employment or tenancy of the person checked under `reference` started or ended.
 * The end date starts the retention period; a later call replaces an earlier one.
 */
export function setEmploymentDates(
  register: Register,
  reference: string,
  dates: EmploymentDates,
): Promise<DatesReceipt> {
  return serialised(register, async () => {
    checkedDate(dates.started, 'The start date');
    checkedDate(dates.ended, 'The end date');
    if (dates.started === undefined && dates.ended === undefined) {
      throw new ShareCodeRegisterError('bad_date', 'Give a start date, an end date, or both.');
    }
    const people = peopleOf(await readReceipts(register));
    const person = people
      .filter((p) => p.checks.some((check) => check.reference === reference))
      .sort((a, b) => a.latest.checked_at.localeCompare(b.latest.checked_at))
      .at(-1);
    if (person === undefined) {
      throw new ShareCodeRegisterError(
        'unknown_reference',
        `No check with reference ${reference} is in the register: see the references in the report.`,
      );
    }
    const started = dates.started ?? person.started;
    const ended = dates.ended ?? person.ended;
    if (started !== null && ended !== null && ended < started) {
      throw new ShareCodeRegisterError(
        'bad_date',
        `The end date ${ended} is before the start date ${started}.`,
      );
    }
    const stored = await appendReceipt(
      register,
      { type: 'dates', kind: person.kind, person: person.person, reference, started, ended },
      dates.now ?? new Date(),
    );
    return stored.receipt as DatesReceipt;
  });
}
