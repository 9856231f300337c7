import { describe, expect, it } from 'vitest';
import type { SimPerson } from '../seed/person.js';
import { Lockout } from './lockout.js';
import { type LookupInput, lookupPerson } from './lookup-person.js';

const person = {
  kind: 'right_to_work',
  shareCode: 'W123ABC45',
  dateOfBirth: '1990-04-27',
  name: 'Jane Doe',
  nationality: 'Canadian',
  shareCodeIssuedDaysAgo: 10,
  details: { outcome: 'permitted' },
  photoJpeg: new Uint8Array(),
  photoDataUrl: '',
} as SimPerson;

function input(overrides: Partial<LookupInput> = {}): LookupInput {
  return {
    shareCode: 'W123ABC45',
    dateOfBirth: { year: 1990, month: 4, day: 27 },
    kind: 'right_to_work',
    people: new Map([[person.shareCode, person]]),
    lockout: new Lockout(3, 60),
    today: { year: 2026, month: 5, day: 4 },
    nowMs: 0,
    validityDays: 90,
    ...overrides,
  };
}

describe('lookupPerson', () => {
  it('finds the person when code and date of birth match', () => {
    expect(lookupPerson(input())).toEqual({ ok: true, value: person });
  });

  it('names each failure', () => {
    expect(lookupPerson(input({ shareCode: 'W999ZZZ99' }))).toEqual({ ok: false, error: 'NOT_FOUND' });
    expect(lookupPerson(input({ dateOfBirth: { year: 1990, month: 4, day: 28 } }))).toEqual({
      ok: false,
      error: 'DOB_MISMATCH',
    });
    expect(lookupPerson(input({ kind: 'right_to_rent' }))).toEqual({ ok: false, error: 'WRONG_SERVICE' });
    expect(lookupPerson(input({ validityDays: 9 }))).toEqual({ ok: false, error: 'EXPIRED' });
    expect(lookupPerson(input({ validityDays: 10 })).ok).toBe(true);
  });

  it('locks after the limit, for the lock time, and a success resets the count', () => {
    const lockout = new Lockout(3, 60);
    const wrong = { year: 2000, month: 1, day: 1 };
    lookupPerson(input({ lockout, dateOfBirth: wrong }));
    lookupPerson(input({ lockout, dateOfBirth: wrong }));
    expect(lookupPerson(input({ lockout })).ok).toBe(true);
    for (let i = 0; i < 3; i += 1) lookupPerson(input({ lockout, dateOfBirth: wrong }));
    expect(lookupPerson(input({ lockout, nowMs: 59_999 }))).toEqual({ ok: false, error: 'LOCKED' });
    expect(lookupPerson(input({ lockout, nowMs: 60_000 })).ok).toBe(true);
  });

  it('does not count a code for another service towards the lock', () => {
    const lockout = new Lockout(1, 60);
    lookupPerson(input({ lockout, kind: 'immigration_status' }));
    expect(lookupPerson(input({ lockout })).ok).toBe(true);
  });
});
