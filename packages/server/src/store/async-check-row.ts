import type { CheckKind, CheckResult, ErrorCode } from '@sharecode/core';
import type { KeyMode } from '../accounts/api-key.js';
import type { AsyncCheckStatus, StoredAsyncCheck } from '../checks/async-ports.js';
import type { SealingKeys } from './data-keys.js';
import { type Queryable, toBuffer } from './db.js';

/**
 * The result (photo and PDF: tens of KB) crosses the driver as base64 text, not as a bytea value:
 * PGlite moves a 30 KB bytea about 5 times slower than the same bytes as text, and it is the one
 * large value per check. The column is still bytea.
 */
export const RESULT_IN = (param: string) => `decode(${param}, 'base64')`;

const RECORD_FIELDS = [
  'id',
  'account_id',
  'key_id',
  'mode',
  'kind',
  'status',
  'attempts',
  'request_id',
  'client_reference_sealed',
  'callback_url_sealed',
  'result_sealed',
  'error_code',
  'error_message',
  'created_at',
  'completed_at',
  'result_expires_at',
  'result_expired',
  'status_expires_at',
  'check_request_id',
] as const;

/**
 * The columns of a stored check's record, read from `alias` (none: the table itself), each named
 * `prefix` + its column (so they can share a row with another table's).
 */
export function recordColumns(alias = '', prefix = ''): string {
  const from = alias ? `${alias}.` : '';
  return RECORD_FIELDS.map((field) =>
    field === 'result_sealed'
      ? `encode(${from}result_sealed, 'base64') AS ${prefix}result_sealed`
      : `${from}${field}${prefix ? ` AS ${prefix}${field}` : ''}`,
  ).join(', ');
}

export const RECORD_COLUMNS = recordColumns();

export interface RecordRow {
  id: string;
  account_id: string;
  key_id: string;
  mode: KeyMode;
  kind: CheckKind;
  status: AsyncCheckStatus;
  attempts: number;
  request_id: string;
  client_reference_sealed: Uint8Array | null;
  callback_url_sealed: Uint8Array | null;
  /** base64 (see recordColumns). */
  result_sealed: string | null;
  error_code: ErrorCode | null;
  error_message: string | null;
  created_at: Date;
  completed_at: Date | null;
  result_expires_at: Date | null;
  result_expired: boolean;
  status_expires_at: Date | null;
  check_request_id: string | null;
}

/** The record columns of a row read with `recordColumns(alias, prefix)`; null when the join found none. */
export function prefixedRecord(row: Record<string, unknown>, prefix: string): RecordRow | null {
  if (row[`${prefix}id`] === null || row[`${prefix}id`] === undefined) return null;
  return Object.fromEntries(RECORD_FIELDS.map((field) => [field, row[`${prefix}${field}`]])) as never;
}

/** The columns that say whose check a row is and what kind: async checks and check copies share them. */
export interface CheckOwnerRow {
  id: string;
  account_id: string;
  key_id: string;
  mode: KeyMode;
  kind: CheckKind;
  request_id: string;
}

/** Those columns under the domain's names. */
export function checkOwner(row: CheckOwnerRow) {
  return {
    id: row.id,
    accountId: row.account_id,
    keyId: row.key_id,
    mode: row.mode,
    kind: row.kind,
    requestId: row.request_id,
  };
}

export type SealedColumn = 'request' | 'fingerprint' | 'client_reference' | 'callback_url' | 'result';

/** Each sealed value is bound to its row and column: copied elsewhere, it does not open. */
const aadOf = (id: string, column: SealedColumn) => `async_checks:${id}:${column}_sealed`;

export interface CheckSeals {
  /** Seals with the data key of `bucket` (data-keys.ts), through `q`. */
  seal(q: Queryable, bucket: string, id: string, column: SealedColumn, value: unknown): Promise<Buffer>;
  open<T>(id: string, column: SealedColumn, sealed: Uint8Array | string | null): T | null;
  toStored(row: RecordRow): StoredAsyncCheck;
}

/** Sealing and opening of a check's columns, and its stored form. */
export function checkSeals(keys: SealingKeys): CheckSeals {
  const open = <T>(id: string, column: SealedColumn, sealed: Uint8Array | string | null): T | null => {
    if (sealed === null) return null;
    // PostgreSQL's base64 breaks lines every 76 characters; Node's decoder skips the line feeds.
    const bytes = typeof sealed === 'string' ? Buffer.from(sealed, 'base64') : toBuffer(sealed);
    const opened = keys.open(bytes, aadOf(id, column));
    if (!opened.ok) throw new Error(`${column} of check ${id} does not decrypt with the configured key`);
    return JSON.parse(opened.value.toString('utf8')) as T;
  };
  return {
    seal: (q, bucket, id, column, value) => keys.sealIn(q, bucket, JSON.stringify(value), aadOf(id, column)),
    open,
    toStored: (row) => ({
      ...checkOwner(row),
      status: row.status,
      attempts: row.attempts,
      clientReference: open<string>(row.id, 'client_reference', row.client_reference_sealed),
      callbackUrl: open<string>(row.id, 'callback_url', row.callback_url_sealed),
      result: open<CheckResult>(row.id, 'result', row.result_sealed),
      error: row.error_code === null ? null : { code: row.error_code, message: row.error_message ?? '' },
      createdAt: row.created_at,
      completedAt: row.completed_at,
      resultExpiresAt: row.result_expires_at,
      resultExpired: row.result_expired,
      statusExpiresAt: row.status_expires_at,
      checkRequestId: row.check_request_id ?? null,
    }),
  };
}
