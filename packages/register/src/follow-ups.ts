import {
  type CheckKind,
  type DueStatus,
  dueStatus,
  type Excuse,
  type FollowUpBasis,
} from '@sharecode/core/duties';
import { formatDate } from '@sharecode/core/util';
import { excuseOfPerson } from './excuse.js';
import type { Register } from './open-register.js';
import { peopleOf } from './people.js';
import type { CheckMode } from './receipt.js';
import type { RegisterProblem } from './register-problem.js';
import { readRegister } from './register-store.js';
import type { VouchedReceipts } from './vouched.js';

export const DEFAULT_FOLLOW_UP_WINDOW_DAYS = 28;

export interface FollowUpItem {
  kind: CheckKind;
  /** `sandbox`: test data, not a real person's follow-up. */
  mode: CheckMode;
  person: string;
  name: string;
  /** The latest check's reference. */
  reference: string;
  check_date: string;
  /** The day the follow-up check must be made by. */
  follow_up_date: string;
  basis: FollowUpBasis;
  status: Exclude<DueStatus, 'later'>;
  /** Days from today to the follow-up date (negative: overdue). */
  days: number;
  /** The statutory excuse on `today` (core's `excuseFor`): `lapsed` once overdue. */
  excuse: Excuse;
}

export interface FollowUpList {
  today: string;
  within_days: number;
  /** Overdue first, then by date. */
  items: FollowUpItem[];
  overdue: number;
  /**
   * Receipt files the register does not vouch for (unsealed, another key, edited, unreadable): left
   * out of the list, which may then miss someone. Empty when every receipt is sealed.
   */
  problems: RegisterProblem[];
}

export interface FollowUpOptions {
  /** The day to count from, YYYY-MM-DD (default: today, UTC). */
  today?: string | undefined;
  /** The window in days (default 28). */
  withinDays?: number | undefined;
  /**
   * The receipts the register vouches for (`vouchedReceipts`), already read: listed instead of
   * reading the register again, with `refused` as the problems. A caller that verifies reads once.
   */
  vouched?: VouchedReceipts | undefined;
}

/**
 * The people whose follow-up check is overdue or due within the window, from each person's latest
 * check. Someone whose employment or tenancy ends before the follow-up date needs none.
 */
export async function listFollowUps(
  register: Register,
  options: FollowUpOptions = {},
): Promise<FollowUpList> {
  const today = options.today ?? formatDate(new Date());
  const within = options.withinDays ?? DEFAULT_FOLLOW_UP_WINDOW_DAYS;
  const items: FollowUpItem[] = [];
  const { receipts, problems } =
    options.vouched === undefined
      ? await readRegister(register)
      : { receipts: options.vouched.receipts, problems: options.vouched.refused };
  for (const person of peopleOf(receipts)) {
    const followUp = person.followUp;
    if (!followUp.due) continue;
    const { status, days } = dueStatus(followUp.date, today, within);
    if (status === 'later') continue;
    items.push({
      kind: person.kind,
      mode: person.mode,
      person: person.person,
      name: person.name,
      reference: person.latest.reference,
      check_date: person.latest.check_date,
      follow_up_date: followUp.date,
      basis: followUp.basis,
      status,
      days,
      excuse: excuseOfPerson(person, today),
    });
  }
  items.sort((a, b) => a.follow_up_date.localeCompare(b.follow_up_date) || a.person.localeCompare(b.person));
  const overdue = items.filter((i) => i.status === 'overdue').length;
  return { today, within_days: within, items, overdue, problems };
}
