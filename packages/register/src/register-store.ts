import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeNewFileAtomic } from './atomic-write.js';
import { writeHeads } from './chain-head.js';
import type { Register } from './open-register.js';
import { ensurePrivateDir } from './private-dir.js';
import {
  parseReceiptOrWhy,
  RECEIPT_FORMAT,
  type Receipt,
  receiptFileName,
  type StoredReceipt,
  serialiseReceipt,
  sha256Hex,
} from './receipt.js';
import { RECEIPTS_DIR, receiptFiles } from './receipt-files.js';
import { ShareCodeRegisterError } from './register-error.js';
import { ensureRegisterInfo } from './register-info.js';
import { hashFile } from './register-path.js';
import { type Present, type RegisterProblem, receiptProblem } from './register-problem.js';
import { readBounded } from './sealed-json.js';
import { assertChainWritable } from './write-guard.js';

export { EVIDENCE_DIR, RECEIPT_NAME, RECEIPTS_DIR, receiptFiles } from './receipt-files.js';

/**
 * A receipt file as read: its hash, what it holds (bounded in size and depth), and why it is not a
 * receipt when it is not one.
 */
export async function readPresent(register: Register, seq: number, path: string): Promise<Present> {
  const bytes = await readBounded(path);
  const relativePath = `${RECEIPTS_DIR}/${receiptFileName(seq)}`;
  if (bytes === undefined || bytes === 'too_large') {
    // Too large: hashed in pieces for the chain, never parsed. Gone since it was listed: nothing to read.
    return {
      path: relativePath,
      sha256: bytes === undefined ? '' : await hashFile(path),
      receipt: undefined,
      sealed: undefined,
      canonical: false,
      unreadable: bytes === undefined ? 'not_sealed_json' : 'too_large',
    };
  }
  const parsed = parseReceiptOrWhy(bytes, register.key);
  const sha256 = sha256Hex(bytes);
  if ('unreadable' in parsed) {
    return { path: relativePath, sha256, receipt: undefined, sealed: undefined, canonical: false, ...parsed };
  }
  return { path: relativePath, sha256, ...parsed };
}

interface Cached {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  read: { stored: StoredReceipt } | { problem: RegisterProblem };
}

// Receipts already read by this process, by register and key: filing a batch row then costs a stat
// per receipt rather than a read, parse and hash. verifyRegister never uses it: it reads every byte.
const cache = new Map<string, Map<number, Cached>>();

async function readOne(register: Register, seq: number, path: string): Promise<Cached['read']> {
  const id = `${register.dir}\u0000${register.key.id}`;
  const known = cache.get(id) ?? new Map<number, Cached>();
  cache.set(id, known);
  const info = await stat(path);
  const hit = known.get(seq);
  if (hit && hit.size === info.size && hit.mtimeMs === info.mtimeMs && hit.ctimeMs === info.ctimeMs) {
    return hit.read;
  }
  const present = await readPresent(register, seq, path);
  const problem = receiptProblem(seq, present, register);
  const read: Cached['read'] =
    problem === undefined && present.receipt !== undefined
      ? { stored: { receipt: present.receipt, sha256: present.sha256, sealed: true } }
      : { problem: problem ?? { kind: 'changed', path: present.path, detail: 'is not a receipt' } };
  known.set(seq, { size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs, read });
  return read;
}

/** The register as operations see it: the receipts it vouches for, and every other receipt, named. */
export interface RegisterReading {
  /**
   * The receipts whose seal this register's key verifies (in their written form, numbered as their
   * file, naming only files inside the register), in chain order: the only receipts to act on.
   */
  receipts: StoredReceipt[];
  /**
   * Every receipt file left out of `receipts`, and why (unsealed, another key, edited, unreadable,
   * too large or deep, a path leaving the register). Not a full verify: the chain, the heads and the
   * evidence files are `verifyRegister`'s.
   */
  problems: RegisterProblem[];
}

/** Reads every receipt file: those the register vouches for, and the others as problems. */
export async function readRegister(register: Register): Promise<RegisterReading> {
  const files = await receiptFiles(register);
  const receipts: StoredReceipt[] = [];
  const problems: RegisterProblem[] = [];
  for (const seq of [...files.keys()].sort((a, b) => a - b)) {
    const read = await readOne(register, seq, files.get(seq) as string);
    if ('stored' in read) receipts.push(read.stored);
    else problems.push(read.problem);
  }
  return { receipts, problems };
}

/**
 * The receipts the register vouches for (sealed with its key), in chain order. Any other receipt
 * file is left out: `readRegister` names them, and `verifyRegister` checks everything.
 */
export async function readReceipts(register: Register): Promise<StoredReceipt[]> {
  return (await readRegister(register)).receipts;
}

// One append at a time per register in this process; across processes the exclusive link decides.
const queues = new Map<string, Promise<unknown>>();

export function serialised<T>(register: Register, work: () => Promise<T>): Promise<T> {
  const run = (queues.get(register.dir) ?? Promise.resolve()).then(work);
  queues.set(
    register.dir,
    run.catch(() => undefined),
  );
  return run;
}

type NewReceipt = Receipt extends infer R
  ? R extends Receipt
    ? Omit<R, 'format' | 'seq' | 'written_at' | 'previous' | 'key_id'>
    : never
  : never;

/**
 * Appends a receipt at the end of the chain, atomically; another writer's receipt is never
 * overwritten. The register's info is checked first (its key must be this key), then that the chain
 * ends where its heads say (`assertChainWritable`), and the chain's head written after, inside the
 * folder and outside it.
 */
export async function appendReceipt(register: Register, body: NewReceipt, now: Date): Promise<StoredReceipt> {
  const { info } = await ensureRegisterInfo(register, now);
  await assertChainWritable(register);
  const stored = await appendOnly(register, body, now);
  // The head is the newest receipt on disk (another process may have appended after this one).
  const files = await receiptFiles(register);
  const last = Math.max(0, ...files.keys());
  const lastHash = last === stored.receipt.seq ? stored.sha256 : await hashFile(files.get(last) as string);
  try {
    await writeHeads(register, info.id, last, lastHash, now);
  } catch (error) {
    throw new ShareCodeRegisterError(
      'write_failed',
      `Receipt ${stored.receipt.seq} was filed, but the register's head could not be written: ${(error as Error).message}`,
      { cause: error },
    );
  }
  return stored;
}

async function appendOnly(register: Register, body: NewReceipt, now: Date): Promise<StoredReceipt> {
  await ensurePrivateDir(join(register.dir, RECEIPTS_DIR), { within: true });
  for (let attempt = 0; attempt < 100; attempt++) {
    const files = await receiptFiles(register);
    const last = Math.max(0, ...files.keys());
    const previous = last === 0 ? null : await hashFile(files.get(last) as string);
    const receipt = {
      format: RECEIPT_FORMAT,
      seq: last + 1,
      written_at: now.toISOString(),
      previous,
      key_id: register.key.id,
      ...body,
    } as Receipt;
    const bytes = serialiseReceipt(register.key, receipt);
    try {
      if (await writeNewFileAtomic(join(register.dir, RECEIPTS_DIR, receiptFileName(receipt.seq)), bytes)) {
        return { receipt, sha256: sha256Hex(bytes), sealed: true };
      }
    } catch (error) {
      throw new ShareCodeRegisterError('write_failed', `Could not write a receipt in ${register.dir}.`, {
        cause: error,
      });
    }
  }
  throw new ShareCodeRegisterError('write_failed', `Too many writers at once in ${register.dir}: try again.`);
}
