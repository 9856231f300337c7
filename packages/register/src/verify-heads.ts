import { join } from 'node:path';
import { HEAD_FILE, outsideHeadFor, type ReadHead, readHeadFile } from './chain-head.js';
import type { Register } from './open-register.js';
import { receiptFileName } from './receipt.js';
import { REGISTER_FILE, readRegisterInfo } from './register-info.js';
import type { Present, RegisterProblem, RegisterProblemKind } from './register-problem.js';
import { RECEIPTS_DIR } from './register-store.js';

// The chain's heads against the receipts present: the part of verify that sees the newest receipts
// removed (see chain-head.ts).

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
export async function checkHeads(
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
