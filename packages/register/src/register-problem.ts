import type { Register } from './open-register.js';
import { evidenceOf, type Receipt } from './receipt.js';
import { evidencePathProblem } from './register-path.js';
import { UNREADABLE_DETAIL, type UnreadableReason } from './sealed-json.js';

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
  | 'other_key'
  /** A path a receipt names leaves the register (`..`, absolute, or a symbolic link): never followed. */
  | 'outside';

export interface RegisterProblem {
  kind: RegisterProblemKind;
  /** The file, relative to the register folder, with `/`. */
  path: string;
  detail: string;
}

/** A receipt file as read by verify. */
export interface Present {
  path: string;
  sha256: string;
  receipt: Receipt | undefined;
  sealed: boolean | undefined;
  canonical: boolean;
  /** Why the file is not read as a receipt, when it is not. */
  unreadable?: UnreadableReason | undefined;
}

/**
 * Problems with one receipt on its own: unreadable, misnumbered, not in its written form, its seal
 * broken or under another key, or naming a file outside the register. A receipt with none is one
 * the register vouches for: the only kind any operation acts on.
 */
export function receiptProblem(
  seq: number,
  item: Present,
  register: Pick<Register, 'key'>,
): RegisterProblem | undefined {
  const { receipt } = item;
  if (receipt === undefined || receipt.seq !== seq) {
    return {
      kind: 'changed',
      path: item.path,
      detail: UNREADABLE_DETAIL[item.unreadable ?? 'not_sealed_json'],
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
      detail: `was sealed with key ${String(receipt.key_id)}, not the key in use (${register.key.id}): verify with that key`,
    };
  }
  for (const file of evidenceOf(receipt)) {
    const why = evidencePathProblem(file.path);
    if (why !== undefined) return { kind: 'outside', path: item.path, detail: `names a file that ${why}` };
  }
  return undefined;
}
