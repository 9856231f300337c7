import { type CheckKind, isPastRetention } from '@sharecode/core/duties';
import { formatDate } from '@sharecode/core/util';
import type { Register } from './open-register.js';
import { type PersonFollowUp, peopleOf } from './people.js';
import { type CheckMode, modeOf } from './receipt.js';
import type { RegisterProblem } from './register-problem.js';
import { readRegister } from './register-store.js';

export interface PersonSummary {
  kind: CheckKind;
  /** `sandbox`: test data (every check of theirs made in the sandbox), not evidence about a real person. */
  mode: CheckMode;
  person: string;
  name: string;
  checks: number;
  last_check: {
    reference: string;
    check_date: string;
    mode: CheckMode;
    outcome: 'ACCEPTED' | 'REJECTED';
    permission: string | null;
    expiry_date: string | null;
    checked_by: { operator: string | null; organisation: string | null };
  };
  /** The follow-up due: none once the employment or tenancy ended before it (`reason: 'ended'`). */
  follow_up: PersonFollowUp;
  started: string | null;
  ended: string | null;
  /** The last day the evidence must be kept; null while the employment or tenancy goes on. */
  retention_end: string | null;
  /** The retention end has passed on `generated_on`: `pruneRegister` that day deletes their evidence. */
  past_retention: boolean;
}

export interface RegisterSummary {
  generated_on: string;
  register: string;
  people: PersonSummary[];
  /** Receipt files the register does not vouch for, left out of `people` (see `readRegister`). */
  problems: RegisterProblem[];
}

/** One line per person and kind: what an auditor asks to see. */
export async function summariseRegister(
  register: Register,
  options: { today?: string | undefined } = {},
): Promise<RegisterSummary> {
  const today = options.today ?? formatDate(new Date());
  const { receipts, problems } = await readRegister(register);
  const people = peopleOf(receipts).map((p) => ({
    kind: p.kind,
    mode: p.mode,
    person: p.person,
    name: p.name,
    checks: p.checks.length,
    last_check: {
      reference: p.latest.reference,
      check_date: p.latest.check_date,
      mode: modeOf(p.latest),
      outcome: p.latest.outcome,
      permission: p.latest.permission,
      expiry_date: p.latest.expiry_date,
      checked_by: p.latest.checked_by,
    },
    follow_up: p.followUp,
    started: p.started,
    ended: p.ended,
    retention_end: p.retentionEnd,
    past_retention: p.retentionEnd !== null && isPastRetention(p.retentionEnd, today),
  }));
  return { generated_on: today, register: register.dir, people, problems };
}
