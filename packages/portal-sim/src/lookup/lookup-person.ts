import { fail, type Outcome, ok } from '@sharecode/core';
import type { CheckKind, SimPerson } from '../seed/person.js';
import { kindOfCode } from '../seed/share-code.js';
import { addDays, type CalendarDate, compareDates, parseIsoDate, toIsoDate } from '../util/dates.js';
import type { Lockout } from './lockout.js';

/** Why a share code and date of birth did not open a record. */
export type LookupFailure = 'LOCKED' | 'WRONG_SERVICE' | 'NOT_FOUND' | 'EXPIRED' | 'DOB_MISMATCH';

export interface LookupInput {
  /** Normalised share code. */
  readonly shareCode: string;
  readonly dateOfBirth: CalendarDate;
  /** The service being used. */
  readonly kind: CheckKind;
  readonly people: ReadonlyMap<string, SimPerson>;
  readonly lockout: Lockout;
  readonly today: CalendarDate;
  readonly nowMs: number;
  readonly validityDays: number;
}

/** The day the code was created. */
export function issuedOn(person: SimPerson, today: CalendarDate): CalendarDate {
  if (person.shareCodeIssued !== undefined) return parseIsoDate(person.shareCodeIssued) ?? today;
  return addDays(today, -(person.shareCodeIssuedDaysAgo ?? 0));
}

/**
 * Looks a code up as the services do. Order: a locked code says so whatever else is wrong; a
 * code made for another service is refused before any record is read; then not found, expired,
 * and a date of birth that does not match. Not-found and mismatch attempts count towards the lock.
 */
export function lookupPerson(input: LookupInput): Outcome<SimPerson, LookupFailure> {
  const { shareCode, lockout, nowMs } = input;
  if (lockout.isLocked(shareCode, nowMs)) return fail('LOCKED');
  const codeKind = kindOfCode(shareCode);
  if (codeKind !== null && codeKind !== input.kind) return fail('WRONG_SERVICE');
  const person = input.people.get(shareCode);
  if (!person || person.kind !== input.kind) {
    lockout.recordFailure(shareCode, nowMs);
    return fail('NOT_FOUND');
  }
  const lastValidDay = addDays(issuedOn(person, input.today), input.validityDays);
  if (compareDates(input.today, lastValidDay) > 0) return fail('EXPIRED');
  if (person.dateOfBirth !== toIsoDate(input.dateOfBirth)) {
    lockout.recordFailure(shareCode, nowMs);
    return fail('DOB_MISMATCH');
  }
  lockout.recordSuccess(shareCode);
  return ok(person);
}
