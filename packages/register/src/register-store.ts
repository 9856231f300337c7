import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeNewFileAtomic } from './atomic-write.js';
import { writeHeads } from './chain-head.js';
import type { Register } from './open-register.js';
import {
  parseReceipt,
  RECEIPT_FORMAT,
  type Receipt,
  receiptFileName,
  type StoredReceipt,
  serialiseReceipt,
  sha256Hex,
} from './receipt.js';
import { ShareCodeRegisterError } from './register-error.js';
import { ensureRegisterInfo } from './register-info.js';

export const RECEIPTS_DIR = 'receipts';
export const EVIDENCE_DIR = 'evidence';
export const RECEIPT_NAME = /^(\d{6})\.json$/;

/** The receipt files present, by sequence number. */
export async function receiptFiles(register: Register): Promise<Map<number, string>> {
  let names: string[];
  try {
    names = await readdir(join(register.dir, RECEIPTS_DIR));
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return new Map();
    throw error;
  }
  const files = new Map<number, string>();
  for (const name of names) {
    const match = RECEIPT_NAME.exec(name);
    if (match) files.set(Number(match[1]), join(register.dir, RECEIPTS_DIR, name));
  }
  return files;
}

interface Cached {
  size: number;
  mtimeMs: number;
  stored: StoredReceipt | undefined;
}

// Receipts already read by this process, by register and key: filing a batch row then costs a stat
// per receipt rather than a read, parse and hash. verifyRegister never uses it: it reads every byte.
const cache = new Map<string, Map<number, Cached>>();

async function readStored(register: Register, seq: number, path: string): Promise<StoredReceipt | undefined> {
  const id = `${register.dir}\u0000${register.key.id}`;
  const known = cache.get(id) ?? new Map<number, Cached>();
  cache.set(id, known);
  const info = await stat(path);
  const hit = known.get(seq);
  if (hit && hit.size === info.size && hit.mtimeMs === info.mtimeMs) return hit.stored;
  const bytes = await readFile(path);
  const parsed = parseReceipt(bytes, register.key);
  // A receipt not in its written form is not read as one (verify names it).
  const stored =
    parsed?.canonical && parsed.receipt.seq === seq
      ? { receipt: parsed.receipt, sha256: sha256Hex(bytes), sealed: parsed.sealed }
      : undefined;
  known.set(seq, { size: info.size, mtimeMs: info.mtimeMs, stored });
  return stored;
}

/**
 * Every receipt that reads as one, in chain order. Receipts that do not parse are skipped here
 * (`verifyRegister` names them); operations work on what is readable.
 */
export async function readReceipts(register: Register): Promise<StoredReceipt[]> {
  const files = await receiptFiles(register);
  const stored: StoredReceipt[] = [];
  for (const seq of [...files.keys()].sort((a, b) => a - b)) {
    const one = await readStored(register, seq, files.get(seq) as string);
    if (one) stored.push(one);
  }
  return stored;
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
 * overwritten. The register's info is checked first (its key must be this key) and the chain's head
 * written after, inside the folder and outside it.
 */
export async function appendReceipt(register: Register, body: NewReceipt, now: Date): Promise<StoredReceipt> {
  const { info } = await ensureRegisterInfo(register, now);
  const stored = await appendOnly(register, body, now);
  // The head is the newest receipt on disk (another process may have appended after this one).
  const files = await receiptFiles(register);
  const last = Math.max(0, ...files.keys());
  const lastHash =
    last === stored.receipt.seq ? stored.sha256 : sha256Hex(await readFile(files.get(last) as string));
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
  for (let attempt = 0; attempt < 100; attempt++) {
    const files = await receiptFiles(register);
    const last = Math.max(0, ...files.keys());
    const previous = last === 0 ? null : sha256Hex(await readFile(files.get(last) as string));
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
