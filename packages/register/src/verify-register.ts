import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { TEMP_PREFIX } from './atomic-write.js';
import { HEAD_FILE, outsideHeadFor, type ReadHead, readHeadFile } from './chain-head.js';
import type { Register } from './open-register.js';
import { type CheckReceipt, parseReceipt, type Receipt, receiptFileName, sha256Hex } from './receipt.js';
import { REGISTER_FILE, readRegisterInfo } from './register-info.js';
import { RECEIPTS_DIR, receiptFiles } from './register-store.js';

export type RegisterProblemKind =
  /** A file's content is not what its receipt (or its seal) says. */
  | 'changed'
  /** A file the chain says should be there is not. */
  | 'missing'
  /** A file the register did not file (or one a prune left behind). */
  | 'added'
  /** A receipt does not follow the one before it. */
  | 'chain'
  /** A receipt sealed with another key: it cannot be checked with this one. */
  | 'other_key';

export interface RegisterProblem {
  kind: RegisterProblemKind;
  /** The file, relative to the register folder, with `/`. */
  path: string;
  detail: string;
}

export interface RegisterVerification {
  ok: boolean;
  receipts: number;
  /** Evidence files re-hashed. */
  files: number;
  problems: RegisterProblem[];
  /** How many receipts each head of the chain records. */
  heads: HeadsSeen;
}

interface Present {
  path: string;
  sha256: string;
  receipt: Receipt | undefined;
  sealed: boolean | undefined;
  canonical: boolean;
}

async function listFiles(dir: string, root: string = dir): Promise<string[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return [];
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(full, root)));
    else files.push(relative(root, full).split(sep).join('/'));
  }
  return files;
}

async function readPresent(register: Register): Promise<Map<number, Present>> {
  const present = new Map<number, Present>();
  for (const [seq, path] of await receiptFiles(register)) {
    const bytes = await readFile(path);
    const parsed = parseReceipt(bytes, register.key);
    present.set(seq, {
      path: `${RECEIPTS_DIR}/${receiptFileName(seq)}`,
      sha256: sha256Hex(bytes),
      receipt: parsed?.receipt,
      sealed: parsed?.sealed,
      canonical: parsed?.canonical ?? false,
    });
  }
  return present;
}

/** Problems with one receipt on its own: unreadable, misnumbered, or its seal broken. */
function receiptProblem(seq: number, item: Present, register: Register): RegisterProblem | undefined {
  const { receipt } = item;
  if (receipt === undefined || receipt.seq !== seq) {
    return {
      kind: 'changed',
      path: item.path,
      detail: 'is not a receipt this register wrote (edited or replaced)',
    };
  }
  if (!item.canonical) {
    return {
      kind: 'changed',
      path: item.path,
      detail:
        'is not in the form it was written in (its bytes were rewritten: spacing, order or encoding): a receipt must be exactly as filed',
    };
  }
  if (item.sealed === false) {
    return {
      kind: 'changed',
      path: item.path,
      detail: 'was edited after it was written (its seal does not match)',
    };
  }
  if (item.sealed === undefined) {
    return {
      kind: 'other_key',
      path: item.path,
      detail: `was sealed with key ${receipt.key_id}, not the key in use (${register.key.id}): verify with that key`,
    };
  }
  return undefined;
}

/** Walks the receipts in order; the hashes of pruned receipts stand in for the files deleted. */
function walkChain(
  register: Register,
  present: Map<number, Present>,
  problems: RegisterProblem[],
): Map<number, string> {
  // Returns the hashes of the receipts that were pruned, by sequence number.
  const pruned = new Map<number, string>();
  for (const item of present.values()) {
    if (item.receipt?.type === 'prune' && item.sealed) {
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
  receipts: CheckReceipt[],
  problems: RegisterProblem[],
): Promise<Set<string>> {
  const expected = new Set<string>();
  for (const receipt of receipts) {
    for (const file of [receipt.files.pdf, receipt.files.photo]) {
      if (!file) continue;
      expected.add(file.path);
      let bytes: Buffer;
      try {
        bytes = await readFile(join(register.dir, ...file.path.split('/')));
      } catch {
        problems.push({
          kind: 'missing',
          path: file.path,
          detail: `is missing (filed by receipt ${receipt.seq})`,
        });
        continue;
      }
      if (sha256Hex(bytes) !== file.sha256) {
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
 * Re-hashes every file, walks the chain, and names every file changed, missing or added. A
 * register that passes holds exactly what it filed, as it filed it.
 */
/** Where each head of the chain says it ends, for the verification's report. */
export interface HeadsSeen {
  /** Receipts the chain has had by the head inside the folder; null when it is missing or broken. */
  inside: number | null;
  /** By the head kept outside the folder; null when none is kept or none was written there. */
  outside: number | null;
  /** The file the outside head was read from. */
  outsidePath: string | null;
}

const receiptPath = (seq: number): string => `${RECEIPTS_DIR}/${receiptFileName(seq)}`;

const headProblem = (kind: RegisterProblemKind, path: string, detail: string): RegisterProblem => ({
  kind,
  path,
  detail,
});

/**
 * Checks register.json and both heads against the chain: a head further on than the last receipt
 * present means the newest receipts were removed, and each is named. A head behind it is what an
 * interrupted filing leaves (the receipt written, the head not yet), as long as it matches the
 * receipt it names.
 */
async function checkHeads(
  register: Register,
  present: Map<number, Present>,
  pruned: Map<number, string>,
  problems: RegisterProblem[],
): Promise<HeadsSeen> {
  const known = await readRegisterInfo(register.dir, register.key);
  const anything = present.size > 0;
  if (known === undefined) {
    if (anything)
      problems.push(headProblem('missing', REGISTER_FILE, 'is missing (it names the register and its key)'));
  } else if (known.sealed === false) {
    problems.push(
      headProblem('changed', REGISTER_FILE, 'was edited after it was written (its seal does not match)'),
    );
  } else if (known.sealed === undefined) {
    problems.push(
      headProblem(
        'other_key',
        REGISTER_FILE,
        `names key ${known.info.key_id}, not the key in use (${register.key.id}): verify with that key`,
      ),
    );
  }
  const inside = await readHeadFile(join(register.dir, HEAD_FILE), register.key);
  const outside = await outsideHeadFor(register, known?.info.id);
  const last = Math.max(0, ...present.keys(), ...pruned.keys());
  const hashAt = (seq: number): string | null | undefined =>
    seq === 0 ? null : (present.get(seq)?.sha256 ?? pruned.get(seq));
  const heads: Array<{ read: ReadHead | undefined; where: string; path: string }> = [
    { read: inside, where: 'the head inside the register', path: HEAD_FILE },
    { read: outside, where: `the head kept outside it (${outside?.path})`, path: outside?.path ?? '' },
  ];
  for (const { read, where, path } of heads) {
    if (read === undefined) continue;
    if (read.sealed !== true) {
      problems.push(
        read.sealed === false
          ? headProblem('changed', path, 'was edited after it was written (its seal does not match)')
          : headProblem(
              'other_key',
              path,
              `was sealed with key ${read.head.key_id}, not the key in use (${register.key.id})`,
            ),
      );
      continue;
    }
    const { count, last: hash } = read.head;
    const named = (seq: number): boolean => problems.some((p) => p.path === receiptPath(seq));
    if (count > last) {
      for (let seq = last + 1; seq <= count; seq++) {
        const detail =
          last === 0
            ? `is missing: all ${count} receipts were removed (${where} records ${count})`
            : `is missing: the newest receipts ${last + 1} to ${count} were removed (${where} records ${count})`;
        if (!named(seq)) problems.push(headProblem('missing', receiptPath(seq), detail));
      }
    } else if (hashAt(count) !== undefined && hashAt(count) !== hash && !named(count)) {
      // A receipt with a problem of its own is named for it already.
      problems.push(
        headProblem(
          'chain',
          receiptPath(count),
          `is not the receipt ${where} records: the receipts were rewritten from there on`,
        ),
      );
    }
  }
  if (inside === undefined && (anything || (outside?.head.count ?? 0) > 0)) {
    problems.push(headProblem('missing', HEAD_FILE, `is missing (it records the chain's last receipt)`));
  }
  return {
    inside: inside?.sealed === true ? inside.head.count : null,
    outside: outside?.sealed === true ? outside.head.count : null,
    outsidePath: outside?.path ?? null,
  };
}

export async function verifyRegister(register: Register): Promise<RegisterVerification> {
  const problems: RegisterProblem[] = [];
  const present = await readPresent(register);
  const pruned = walkChain(register, present, problems);
  const heads = await checkHeads(register, present, pruned, problems);
  // The register's own files are named above when anything is wrong with them.
  const expected = new Set([REGISTER_FILE, HEAD_FILE]);
  // Evidence of every readable receipt still in force is checked, even one whose receipt has a
  // problem of its own: the receipt is named for that, its files for theirs.
  const checks = [...present]
    .filter(([seq]) => !pruned.has(seq))
    .map(([, item]) => item.receipt)
    .filter((receipt): receipt is CheckReceipt => receipt?.type === 'check');
  for (const path of await checkEvidence(register, checks, problems)) expected.add(path);
  // Receipt files are named above when anything is wrong with them.
  for (const item of present.values()) expected.add(item.path);
  for (const path of await listFiles(register.dir)) {
    if (expected.has(path)) continue;
    const name = path.split('/').at(-1) ?? '';
    problems.push({
      kind: 'added',
      path,
      detail: name.startsWith(TEMP_PREFIX)
        ? 'is an unfinished write left by an interrupted run (nothing refers to it): delete it'
        : 'was not filed by the register',
    });
  }
  problems.sort((a, b) => a.path.localeCompare(b.path));
  return {
    ok: problems.length === 0,
    receipts: present.size,
    files: checks.reduce((n, c) => n + (c.files.pdf ? 1 : 0) + (c.files.photo ? 1 : 0), 0),
    problems,
    heads,
  };
}
