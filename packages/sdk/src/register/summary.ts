import type { CheckKind, FollowUp } from '../../../core/src/duties/index.js';
import { formatDate } from '../../../core/src/util/dates.js';
import { peopleOf } from './people.js';
import { type Register, readReceipts } from './register-store.js';

export interface PersonSummary {
  kind: CheckKind;
  person: string;
  name: string;
  checks: number;
  last_check: {
    reference: string;
    check_date: string;
    outcome: 'ACCEPTED' | 'REJECTED';
    permission: string | null;
    expiry_date: string | null;
    checked_by: { operator: string | null; organisation: string | null };
  };
  follow_up: FollowUp;
  started: string | null;
  ended: string | null;
  /** The last day the evidence must be kept; null while the employment or tenancy goes on. */
  retention_end: string | null;
}

export interface RegisterSummary {
  generated_on: string;
  register: string;
  people: PersonSummary[];
}

/** One line per person and kind: what an auditor asks to see. */
export async function summariseRegister(
  register: Register,
  options: { today?: string | undefined } = {},
): Promise<RegisterSummary> {
  const people = peopleOf(await readReceipts(register)).map((p) => ({
    kind: p.kind,
    person: p.person,
    name: p.name,
    checks: p.checks.length,
    last_check: {
      reference: p.latest.reference,
      check_date: p.latest.check_date,
      outcome: p.latest.outcome,
      permission: p.latest.permission,
      expiry_date: p.latest.expiry_date,
      checked_by: p.latest.checked_by,
    },
    follow_up: p.latest.follow_up,
    started: p.started,
    ended: p.ended,
    retention_end: p.retentionEnd,
  }));
  return { generated_on: options.today ?? formatDate(new Date()), register: register.dir, people };
}
