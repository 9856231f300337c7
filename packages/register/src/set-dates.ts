import { type WorkKind, workFitsCheck, workOf } from '@sharecode/core/duties';
import { parseIsoDate } from '@sharecode/core/util';
import { findPerson } from './find-person.js';
import type { Register } from './open-register.js';
import { type PersonRecord, peopleOf } from './people.js';
import type { DatesReceipt } from './receipt.js';
import { ShareCodeRegisterError } from './register-error.js';
import { appendReceipt, readReceipts, serialised } from './register-store.js';

export interface EmploymentDates {
  /** First day of the employment or tenancy, YYYY-MM-DD; undefined keeps what was recorded. */
  started?: string | undefined;
  /** Last day of the employment or tenancy, YYYY-MM-DD; undefined keeps what was recorded. */
  ended?: string | undefined;
  /**
   * Which work these dates are of, when the caller knows (rtw's --employment-*, --engagement-* or
   * --tenancy-* flags): recorded with them. An employment's or engagement's dates on a right-to-rent
   * check, or a tenancy's on a right-to-work check, are refused.
   */
  of?: WorkKind | undefined;
  /** The person's id, when the reference is shared by several people (refused otherwise). */
  person?: string | undefined;
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

/** The dates checked against the record: each refusal says why, and nothing is written. */
function refuseDates(
  person: PersonRecord,
  of: EmploymentDates['of'],
  started: string | null,
  ended: string | null,
): void {
  const expected = workOf(person.kind, person.work);
  if (of !== undefined && expected !== null && !workFitsCheck(person.kind, of)) {
    const kind = person.kind === 'right_to_work' ? 'right-to-work' : 'right-to-rent';
    throw new ShareCodeRegisterError(
      'bad_date',
      `${person.person}'s check ${person.latest.reference} is a ${kind} check: record the ${expected}'s dates (--${expected}-ended, --${expected}-started), not the ${of}'s.`,
    );
  }
  if (started !== null && ended !== null && ended < started) {
    throw new ShareCodeRegisterError(
      'bad_date',
      `The end date ${ended} is before the start date ${started}.`,
    );
  }
  // The evidence must cover the whole employment or tenancy: it cannot have ended before the check
  // (a mistyped year would also start the retention period years early, and prune would delete it).
  const checked = person.latest.check_date;
  if (ended !== null && ended < checked) {
    throw new ShareCodeRegisterError(
      'bad_date',
      `The end date ${ended} is before ${person.person}'s check on ${checked} (reference ${person.latest.reference}): the ${expected ?? 'employment or tenancy'} cannot have ended before it was checked. Check the date.`,
    );
  }
}

/**
 * Records when the employment, engagement or tenancy of the person checked under `reference` (a
 * check's reference, or the person's id) started or ended. The end date starts the retention
 * period; a later call replaces an earlier one. A reference shared by several people is refused
 * (`ambiguous_person`, with the candidates) unless `person` says which.
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
    // A reference shared by several people (a batch's, say) is never resolved by picking one.
    const person = findPerson(peopleOf(await readReceipts(register)), { reference, person: dates.person });
    const started = dates.started ?? person.started;
    const ended = dates.ended ?? person.ended;
    refuseDates(person, dates.of, started, ended);
    const work = dates.of !== undefined && workFitsCheck(person.kind, dates.of) ? dates.of : person.work;
    const stored = await appendReceipt(
      register,
      {
        type: 'dates',
        kind: person.kind,
        person: person.person,
        reference: person.checks.some((check) => check.reference === reference)
          ? reference
          : person.latest.reference,
        started,
        ended,
        ...(work === null ? {} : { work }),
      },
      dates.now ?? new Date(),
    );
    return stored.receipt as DatesReceipt;
  });
}
