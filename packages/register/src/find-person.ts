import type { PersonRecord } from './people.js';
import { ShareCodeRegisterError } from './register-error.js';

/**
 * Which person an operation is about: a check's reference, a person's id or their name, and the person
 * when shared.
 */
export interface PersonQuery {
  /** A check's reference, a person's id, or their name as the check shows it (any case). */
  reference: string;
  /** The person's id, when the reference is shared by several people (a batch's, a company's). */
  person?: string | undefined;
}

const KIND_WORDS = {
  right_to_work: 'right to work',
  right_to_rent: 'right to rent',
  immigration_status: 'immigration status',
} as const;

function described(person: PersonRecord): string {
  const name = person.name === person.person ? '' : ` (${person.name})`;
  return `${person.person}${name}, ${KIND_WORDS[person.kind]}, last checked ${person.latest.check_date}`;
}

/**
 * The one person a query names. A reference shared by several people is never resolved by picking
 * one: it is refused with the candidates (`ambiguous_person`), so the caller asks which.
 */
export function findPerson(people: readonly PersonRecord[], query: PersonQuery): PersonRecord {
  const { reference } = query;
  const byReference = people.filter((p) => p.checks.some((check) => check.reference === reference));
  const byId = people.filter((p) => p.person === reference);
  // The name as `list` prints it (any case, spaces as typed): several with that name are asked about.
  const typed = reference.trim().replace(/\s+/g, ' ').toUpperCase();
  const byName = people.filter((p) => p.name.trim().replace(/\s+/g, ' ').toUpperCase() === typed);
  let candidates = byReference.length > 0 ? byReference : byId.length > 0 ? byId : byName;
  if (query.person !== undefined) {
    candidates = candidates.filter((p) => p.person === query.person);
    if (candidates.length === 0) {
      throw new ShareCodeRegisterError(
        'unknown_reference',
        `No person ${query.person} has a check ${reference} in the register: see rtw register list.`,
      );
    }
  }
  if (candidates.length === 0) {
    throw new ShareCodeRegisterError(
      'unknown_reference',
      `No check with reference ${reference}, and no person with that id or name, is in the register: see rtw register list.`,
    );
  }
  if (candidates.length > 1) {
    const ids = [...new Set(candidates.map((p) => p.person))];
    throw new ShareCodeRegisterError(
      'ambiguous_person',
      `${reference} names ${candidates.length} records: ${candidates.map(described).join('; ')}. Say which person (rtw: --person ID).`,
      { candidates: ids },
    );
  }
  return candidates[0] as PersonRecord;
}
