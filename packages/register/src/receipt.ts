import { createHash } from 'node:crypto';
import type { CheckKind, FollowUp, LikenessHow, WorkKind } from '@sharecode/core/duties';
import type { RegisterKey } from './register-key.js';
import { openSealedJsonOrWhy, sealJson, type UnreadableReason } from './sealed-json.js';

export const RECEIPT_FORMAT = 'rtw-register/1';

/** A filed evidence file: its path inside the register (with `/`), SHA-256 and size. */
export interface ReceiptFile {
  path: string;
  sha256: string;
  bytes: number;
}

interface ReceiptBase {
  format: typeof RECEIPT_FORMAT;
  /** 1, 2, 3, ...: the receipt's place in the chain (and its file name, 000001.json). */
  seq: number;
  /** When the receipt was written (ISO 8601, UTC). */
  written_at: string;
  /** SHA-256 of the previous receipt file; null for the first. */
  previous: string | null;
  /** Which key sealed it (see `mac`). */
  key_id: string;
}

/** Whether a check was made with a live key (a real portal check) or in the sandbox (test data). */
export type CheckMode = 'live' | 'sandbox';

export interface CheckReceipt extends ReceiptBase {
  type: 'check';
  kind: CheckKind;
  /** Live or sandbox: a sandbox check is test data, never evidence about a real person. */
  mode: CheckMode;
  /** The check's reference: the portal's, or the caller's fallback when the portal gave none. */
  reference: string;
  /** Whom the check was about, for grouping checks: the caller's id, else the name the portal shows. */
  person: string;
  name: string;
  checked_by: { operator: string | null; organisation: string | null };
  checked_at: string;
  check_date: string;
  outcome: 'ACCEPTED' | 'REJECTED';
  permission: string | null;
  expiry_date: string | null;
  follow_up: FollowUp;
  /** HMAC-SHA256 of the share code with the register key: recognises a repeat, reveals nothing. */
  share_code_hmac: string;
  /**
   * HMAC-SHA256 of the name and date of birth with the register key: finds the person a follow-up
   * check (with a new share code) is about. Absent in receipts written before it was kept.
   */
  identity_hmac?: string | undefined;
  files: { pdf: ReceiptFile | null; photo: ReceiptFile | null };
}

/** The start or end of the employment or tenancy of the person a check is about. */
export interface DatesReceipt extends ReceiptBase {
  type: 'dates';
  kind: CheckKind;
  person: string;
  reference: string;
  started: string | null;
  ended: string | null;
  /** What the work is (employment, engagement, tenancy); absent in receipts written before it was recorded. */
  work?: WorkKind | undefined;
}

/**
 * The photo on a check's profile compared with the person (Home Office, "Employer's guide to right
 * to work checks": in their presence or on a live video call), part of the statutory excuse.
 */
export interface LikenessReceipt extends ReceiptBase {
  type: 'likeness';
  kind: CheckKind;
  person: string;
  reference: string;
  /** The check whose photo was compared (its sequence number). */
  check_seq: number;
  how: LikenessHow;
  /** Who compared the photo with the person. */
  by: string;
  /** When they did (ISO 8601, UTC). */
  at: string;
}

/** Receipts removed once past their retention end: their hashes keep the chain checkable. */
export interface PruneReceipt extends ReceiptBase {
  type: 'prune';
  removed: Array<{ seq: number; sha256: string }>;
  on: string;
  /**
   * What verify found wrong when the prune ran anyway (`despiteProblems`): the receipts it did not
   * act on stay named in the chain. Absent when the register verified.
   */
  problems?: Array<{ kind: string; path: string; detail: string }>;
}

export type Receipt = CheckReceipt | DatesReceipt | LikenessReceipt | PruneReceipt;

/** A receipt as read back: the parsed content, its file's hash, and whether its seal holds. */
export interface StoredReceipt {
  receipt: Receipt;
  sha256: string;
  /** True when sealed by the register key (undefined: read without the key). */
  sealed?: boolean;
}

/** A check's mode; a receipt written before modes were recorded counts as live (the safer reading). */
export function modeOf(receipt: CheckReceipt): CheckMode {
  return receipt.mode === 'sandbox' ? 'sandbox' : 'live';
}

type Unsealed<T> = Omit<T, 'mac'>;

export function receiptFileName(seq: number): string {
  return `${String(seq).padStart(6, '0')}.json`;
}

export function sha256Hex(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The receipt's bytes: pretty JSON (for a human reading the folder) with a keyed seal last. */
export function serialiseReceipt(key: RegisterKey, body: Unsealed<Receipt>): Uint8Array {
  return sealJson(key, body);
}

/** A receipt read back from its bytes, or why it is not one. */
export type ParsedReceipt = { receipt: Receipt; sealed: boolean | undefined; canonical: boolean } | undefined;

/**
 * Parses receipt bytes (bounded in size and depth); `unreadable` says why they are not a receipt
 * this register wrote. `canonical` is false when the bytes differ from the receipt's one written
 * form: such a file is refused as a receipt (its hash, which the next receipt chains to, would no
 * longer be the one written).
 */
export function parseReceiptOrWhy(
  bytes: Uint8Array,
  key: RegisterKey | undefined,
): NonNullable<ParsedReceipt> | { unreadable: UnreadableReason } {
  const result = openSealedJsonOrWhy(bytes, key);
  if ('unreadable' in result) return result;
  const { body, sealed, canonical } = result.opened;
  if (body.format !== RECEIPT_FORMAT || typeof body.seq !== 'number')
    return { unreadable: 'not_sealed_json' };
  if (!['check', 'dates', 'likeness', 'prune'].includes(String(body.type)))
    return { unreadable: 'not_sealed_json' };
  return { receipt: body as unknown as Receipt, sealed, canonical };
}

/** Parses receipt bytes; undefined when they are not a receipt this register wrote. */
export function parseReceipt(bytes: Uint8Array, key: RegisterKey | undefined): ParsedReceipt {
  const parsed = parseReceiptOrWhy(bytes, key);
  return 'unreadable' in parsed ? undefined : parsed;
}

/**
 * The evidence files a check receipt names, read defensively: a receipt that is not sealed may hold
 * anything, and only entries with a string path and hash are returned (the path still unchecked).
 */
export function evidenceOf(receipt: Receipt): ReceiptFile[] {
  if (receipt.type !== 'check') return [];
  const files: unknown = (receipt as { files?: unknown }).files;
  if (typeof files !== 'object' || files === null) return [];
  const out: ReceiptFile[] = [];
  for (const name of ['pdf', 'photo'] as const) {
    const file = (files as Record<string, unknown>)[name];
    if (typeof file !== 'object' || file === null) continue;
    const { path, sha256, bytes } = file as Record<string, unknown>;
    if (typeof path === 'string' && typeof sha256 === 'string') {
      out.push({ path, sha256, bytes: typeof bytes === 'number' ? bytes : 0 });
    }
  }
  return out;
}
