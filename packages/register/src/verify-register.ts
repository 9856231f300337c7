import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { TEMP_PREFIX } from './atomic-write.js';
import { HEAD_FILE } from './chain-head.js';
import type { Register } from './open-register.js';
import { evidenceOf, type Receipt, receiptFileName } from './receipt.js';
import { REGISTER_FILE } from './register-info.js';
import { hashFile, resolveInRegister } from './register-path.js';
import { type Present, type RegisterProblem, receiptProblem } from './register-problem.js';
import { RECEIPTS_DIR, readPresent, receiptFiles } from './register-store.js';
import { checkHeads, type HeadsSeen } from './verify-heads.js';

export type { RegisterProblem, RegisterProblemKind } from './register-problem.js';
export type { HeadsSeen } from './verify-heads.js';

export interface RegisterVerification {
  ok: boolean;
  receipts: number;
  /** Evidence files re-hashed. */
  files: number;
  problems: RegisterProblem[];
  /** How many receipts each head of the chain records. */
  heads: HeadsSeen;
}

/** Every file under `dir`, relative with `/`; symbolic links are listed, never followed. */
async function listFiles(dir: string, root: string = dir): Promise<Array<{ path: string; link: boolean }>> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return [];
    throw error;
  }
  const files: Array<{ path: string; link: boolean }> = [];
  for (const entry of entries) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(full, root)));
    else files.push({ path: relative(root, full).split(sep).join('/'), link: entry.isSymbolicLink() });
  }
  return files;
}

async function readAllPresent(register: Register): Promise<Map<number, Present>> {
  const present = new Map<number, Present>();
  for (const [seq, path] of await receiptFiles(register))
    present.set(seq, await readPresent(register, seq, path));
  return present;
}

/** Walks the receipts in order; the hashes of pruned receipts stand in for the files deleted. */
function walkChain(
  register: Register,
  present: Map<number, Present>,
  problems: RegisterProblem[],
): Map<number, string> {
  // Returns the hashes of the receipts that were pruned, by sequence number.
  const pruned = new Map<number, string>();
  for (const [seq, item] of present) {
    if (item.receipt?.type === 'prune' && receiptProblem(seq, item, register) === undefined) {
      for (const { seq, sha256 } of item.receipt.removed) pruned.set(seq, sha256);
    }
  }
  const last = Math.max(0, ...present.keys(), ...pruned.keys());
  let previous: string | null | undefined = null;
  for (let seq = 1; seq <= last; seq++) {
    const item = present.get(seq);
    const prunedHash = pruned.get(seq);
    if (item === undefined) {
      if (prunedHash === undefined) {
        problems.push({
          kind: 'missing',
          path: `${RECEIPTS_DIR}/${receiptFileName(seq)}`,
          detail: 'is missing (deleted)',
        });
      }
      previous = prunedHash;
      continue;
    }
    if (prunedHash !== undefined) {
      problems.push({
        kind: 'added',
        path: item.path,
        detail: 'was pruned but is still here (an interrupted prune): rtw register prune removes it',
      });
      previous = prunedHash;
      continue;
    }
    const problem = receiptProblem(seq, item, register);
    if (problem) problems.push(problem);
    else if (previous !== undefined && item.receipt?.previous !== previous) {
      problems.push({
        kind: 'chain',
        path: item.path,
        detail: `does not follow receipt ${seq - 1}: a receipt before it was changed, removed or put in`,
      });
    }
    previous = problem ? undefined : item.sha256;
  }
  return pruned;
}

async function checkEvidence(
  register: Register,
  receipts: Array<[number, { receipt: Receipt }]>,
  problems: RegisterProblem[],
): Promise<Set<string>> {
  const expected = new Set<string>();
  for (const [seq, { receipt }] of receipts) {
    for (const file of evidenceOf(receipt)) {
      // Resolved inside the register first: a receipt (sealed or not) never leads verify out of it.
      const resolved = await resolveInRegister(register, file.path);
      if (!resolved.ok) {
        problems.push({
          kind: 'outside',
          path: `${RECEIPTS_DIR}/${receiptFileName(seq)}`,
          detail: `names ${JSON.stringify(file.path.slice(0, 200))}, which ${resolved.why}: it was not read`,
        });
        continue;
      }
      expected.add(file.path);
      if (!resolved.exists) {
        problems.push({
          kind: 'missing',
          path: file.path,
          detail: `is missing (filed by receipt ${receipt.seq})`,
        });
        continue;
      }
      if ((await hashFile(resolved.absolute)) !== file.sha256) {
        problems.push({
          kind: 'changed',
          path: file.path,
          detail: `differs from what receipt ${receipt.seq} filed`,
        });
      }
    }
  }
  return expected;
}

/**
 * Re-hashes every file, walks the chain, compares it with its heads (inside the folder and kept
 * outside it), and names every file changed, missing (the newest receipts included) or added. A
 * register that passes holds exactly what it filed, as it filed it.
 */
export async function verifyRegister(register: Register): Promise<RegisterVerification> {
  const problems: RegisterProblem[] = [];
  const present = await readAllPresent(register);
  const pruned = walkChain(register, present, problems);
  const heads = await checkHeads(register, present, pruned, problems);
  // The register's own files are named above when anything is wrong with them.
  const expected = new Set([REGISTER_FILE, HEAD_FILE]);
  // Evidence of every readable receipt still in force is checked, even one whose receipt has a
  // problem of its own: the receipt is named for that, its files for theirs.
  const checks = [...present]
    .filter(([seq]) => !pruned.has(seq))
    .filter((entry): entry is [number, Present & { receipt: Receipt }] => entry[1].receipt?.type === 'check');
  for (const path of await checkEvidence(register, checks, problems)) expected.add(path);
  // Receipt files are named above when anything is wrong with them.
  for (const item of present.values()) expected.add(item.path);
  for (const { path, link } of await listFiles(register.dir)) {
    if (expected.has(path) && !link) continue;
    const name = path.split('/').at(-1) ?? '';
    problems.push({
      kind: 'added',
      path,
      detail: link
        ? 'is a symbolic link: the register holds only files it filed, and never follows one'
        : name.startsWith(TEMP_PREFIX)
          ? 'is an unfinished write left by an interrupted run (nothing refers to it): delete it'
          : 'was not filed by the register',
    });
  }
  problems.sort((a, b) => a.path.localeCompare(b.path));
  return {
    ok: problems.length === 0,
    receipts: present.size,
    files: checks.reduce((n, [, item]) => n + evidenceOf(item.receipt).length, 0),
    problems,
    heads,
  };
}
