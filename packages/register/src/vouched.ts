import type { Register } from './open-register.js';
import { receiptFileName, type StoredReceipt } from './receipt.js';
import type { RegisterProblem } from './register-problem.js';
import { RECEIPTS_DIR, readReceipts } from './register-store.js';
import { type RegisterVerification, verifyRegister } from './verify-register.js';

/** A receipt's file in the register (`receipts/000001.json`). */
export function receiptPath(seq: number): string {
  return `${RECEIPTS_DIR}/${receiptFileName(seq)}`;
}

/** The receipts the register vouches for, the verification they come from, and those left out. */
export interface VouchedReceipts {
  /** Receipts whose seal holds and that verification names no problem with, in chain order. */
  receipts: StoredReceipt[];
  verification: RegisterVerification;
  /** Receipt files left out, with why: never read as evidence. */
  refused: RegisterProblem[];
}

/**
 * The one way the register's views (list, show, the excuse, the evidence pack) read receipts: only
 * those it vouches for. A receipt whose seal fails, or that verification names, is left out and
 * named, never shown as if it held.
 */
export async function vouchedReceipts(register: Register): Promise<VouchedReceipts> {
  const verification = await verifyRegister(register);
  const named = new Map(verification.problems.map((problem) => [problem.path, problem]));
  const receipts: StoredReceipt[] = [];
  const refused: RegisterProblem[] = verification.problems.filter(
    (problem) => problem.path.startsWith(`${RECEIPTS_DIR}/`) && problem.kind !== 'added',
  );
  for (const stored of await readReceipts(register)) {
    const path = receiptPath(stored.receipt.seq);
    const problem = named.get(path);
    if (stored.sealed !== true) {
      if (problem === undefined) {
        refused.push({ kind: 'changed', path, detail: 'its seal does not hold with this key' });
      }
      continue;
    }
    if (problem !== undefined) continue;
    receipts.push(stored);
  }
  refused.sort((a, b) => a.path.localeCompare(b.path));
  return { receipts, verification, refused };
}
