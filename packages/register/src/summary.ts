import {
  type CheckKind,
  type Excuse,
  isPastRetention,
  type LikenessRecord,
  type WorkKind,
  workOf,
} from '@sharecode/core/duties';
import { formatDate } from '@sharecode/core/util';
import { excuseOfPerson, likenessFor } from './excuse.js';
import type { Register } from './open-register.js';
import { type PersonFollowUp, type PersonRecord, peopleOf } from './people.js';
import { type CheckMode, modeOf } from './receipt.js';
import type { RegisterProblem } from './register-problem.js';
import { type VouchedReceipts, vouchedReceipts } from './vouched.js';

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
    /** The photo on this check compared with the person: how, by whom, when; null: not recorded. */
    likeness: LikenessRecord | null;
  };
  /** What the work is: employment, engagement or tenancy (null: an immigration-status check). */
  work: WorkKind | null;
  /** The statutory excuse the record gives on `generated_on` (core's `excuseFor`). */
  excuse: Excuse;
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
  /** Whether the register verified intact; when not, `refused` names the receipts left out. */
  verified: boolean;
  /** Receipts the register does not vouch for (a broken seal, a chain problem): not summarised. */
  refused: RegisterProblem[];
}

/** One person's line, from their record. */
export function personSummary(p: PersonRecord, today: string): PersonSummary {
  return {
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
      likeness: likenessFor(p, p.latest),
    },
    work: workOf(p.kind, p.work),
    excuse: excuseOfPerson(p, today),
    follow_up: p.followUp,
    started: p.started,
    ended: p.ended,
    retention_end: p.retentionEnd,
    past_retention: p.retentionEnd !== null && isPastRetention(p.retentionEnd, today),
  };
}

/**
 * One line per person and kind, with the statutory excuse: what an auditor asks to see. Only the
 * receipts the register vouches for are read (`vouchedReceipts`); the others are named in `refused`.
 */
export async function summariseRegister(
  register: Register,
  options: { today?: string | undefined; vouched?: VouchedReceipts | undefined } = {},
): Promise<RegisterSummary> {
  const today = options.today ?? formatDate(new Date());
  const vouched = options.vouched ?? (await vouchedReceipts(register));
  const people = peopleOf(vouched.receipts).map((p) => personSummary(p, today));
  return {
    generated_on: today,
    register: register.dir,
    people,
    verified: vouched.verification.ok,
    refused: vouched.refused,
  };
}
