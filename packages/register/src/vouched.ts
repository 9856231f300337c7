import type { Register } from './open-register.js';
import { receiptFileName, type StoredReceipt } from './receipt.js';
import type { RegisterProblem } from './register-problem.js';
import { RECEIPTS_DIR, readRegister } from './register-store.js';
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
  // readRegister already keeps only receipts sealed with this key; verification may name more
  // (a broken chain, a receipt edited after it was read).
  const reading = await readRegister(register);
  const named = new Map<string, RegisterProblem>();
  for (const problem of [...reading.problems, ...verification.problems]) {
    if (problem.path.startsWith(`${RECEIPTS_DIR}/`) && problem.kind !== 'added' && !named.has(problem.path)) {
      named.set(problem.path, problem);
    }
  }
  const receipts = reading.receipts.filter((stored) => !named.has(receiptPath(stored.receipt.seq)));
  const refused = [...named.values()].sort((a, b) => a.path.localeCompare(b.path));
  return { receipts, verification, refused };
}
