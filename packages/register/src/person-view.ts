import { formatDate } from '@sharecode/core/util';
import { findPerson, type PersonQuery } from './find-person.js';
import type { Register } from './open-register.js';
import { type PersonRecord, peopleOf } from './people.js';
import type { DatesReceipt, StoredReceipt } from './receipt.js';
import { ShareCodeRegisterError } from './register-error.js';
import type { RegisterProblem } from './register-problem.js';
import { type PersonSummary, personSummary } from './summary.js';
import { type VouchedReceipts, vouchedReceipts } from './vouched.js';

/** Everything the register vouches for about one person and kind, and the excuse it gives. */
export interface PersonView {
  today: string;
  summary: PersonSummary;
  record: PersonRecord;
  /** Their receipts (checks, dates, likeness checks) with their files' hashes, in chain order. */
  receipts: StoredReceipt[];
  dates: DatesReceipt[];
  /** Whether the whole register verified intact. */
  verified: boolean;
  /** Every problem verification found (the pack lists them). */
  problems: RegisterProblem[];
  /** Receipts left out (not vouched for), anywhere in the register. */
  refused: RegisterProblem[];
}

function findInVouched(vouched: VouchedReceipts, query: PersonQuery): PersonRecord {
  try {
    return findPerson(peopleOf(vouched.receipts), query);
  } catch (error) {
    if ((error as { reason?: unknown }).reason !== 'unknown_reference' || vouched.refused.length === 0)
      throw error;
    // The person may be in a receipt left out: say so rather than only "not there".
    throw new ShareCodeRegisterError(
      'unknown_reference',
      `${(error as Error).message} ${vouched.refused.length} receipt(s) were left out because the register does not vouch for them (${vouched.refused.map((p) => p.path).join(', ')}): run rtw register verify.`,
    );
  }
}

/**
 * One person's record, from the receipts the register vouches for: the terminal's `show` and the
 * evidence pack read this.
 */
export async function viewPerson(
  register: Register,
  query: PersonQuery,
  options: { today?: string | undefined; vouched?: VouchedReceipts | undefined } = {},
): Promise<PersonView> {
  const today = options.today ?? formatDate(new Date());
  const vouched = options.vouched ?? (await vouchedReceipts(register));
  const record = findInVouched(vouched, query);
  const seqs = new Set(record.seqs);
  const receipts = vouched.receipts.filter((stored) => seqs.has(stored.receipt.seq));
  return {
    today,
    summary: personSummary(record, today),
    record,
    receipts,
    dates: receipts.flatMap(({ receipt }) => (receipt.type === 'dates' ? [receipt] : [])),
    verified: vouched.verification.ok,
    problems: vouched.verification.problems,
    refused: vouched.refused,
  };
}
