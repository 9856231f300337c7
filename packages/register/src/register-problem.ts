import type { Receipt } from './receipt.js';

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

/** A receipt file as read by verify. */
export interface Present {
  path: string;
  sha256: string;
  receipt: Receipt | undefined;
  sealed: boolean | undefined;
  canonical: boolean;
}
