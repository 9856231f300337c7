import { type Excuse, excuseFor, type LikenessRecord } from '@sharecode/core/duties';
import type { PersonRecord } from './people.js';
import { type CheckReceipt, modeOf } from './receipt.js';

/** The likeness check recorded for one check of the person (the latest recorded wins). */
export function likenessFor(person: PersonRecord, check: CheckReceipt): LikenessRecord | null {
  const found = person.likeness.filter((l) => l.check_seq === check.seq).at(-1);
  return found === undefined ? null : { how: found.how, by: found.by, at: found.at };
}

/** The statutory excuse the register's record of a person gives on `today`: core's one rule. */
export function excuseOfPerson(person: PersonRecord, today: string): Excuse {
  const { latest } = person;
  return excuseFor({
    kind: person.kind,
    work: person.work,
    latest: {
      check_date: latest.check_date,
      mode: modeOf(latest),
      outcome: latest.outcome,
      follow_up: latest.follow_up,
      likeness: likenessFor(person, latest),
    },
    started: person.started,
    ended: person.ended,
    today,
  });
}
