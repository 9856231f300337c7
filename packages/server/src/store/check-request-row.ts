import type { CheckKind } from '@sharecode/core';
import type {
  ApplicantEmailStatus,
  ApplicantField,
  CheckRequestState,
  CheckRequestStatus,
} from '@sharecode/core/check-requests';
import type { KeyMode } from '../accounts/api-key.js';
import type { StoredCheckRequest } from '../requests/request-ports.js';
import { type CheckSeals, prefixedRecord, recordColumns } from './async-check-row.js';
import type { SealingKeys } from './data-keys.js';
import { type Queryable, toBuffer } from './db.js';

export type RequestSealedColumn = 'client_reference' | 'callback_url' | 'applicant_email' | 'event_url';
export const REQUEST_SEALED: readonly RequestSealedColumn[] = [
  'client_reference',
  'callback_url',
  'applicant_email',
  'event_url',
];

/** The latest check's columns in a request's row are named `chk_` + column. */
const CHECK_PREFIX = 'chk_';

/** A request's columns (alias `r`) with its latest check's (alias `c`, joined on latest_check_id). */
export const REQUEST_COLUMNS = `r.id, r.account_id, r.key_id, r.mode, r.kind, r.checker,
  r.client_reference_sealed, r.callback_url_sealed, r.applicant_email_sealed, r.event_url_sealed, r.applicant_email_status, r.status,
  r.failed_attempts, r.checks_made, r.last_error_field, r.last_error_message, r.notice, r.sent_shown,
  r.expires_at, r.created_at, r.ended_at, r.ended_event_at, ${recordColumns('c', CHECK_PREFIX)}`;

export const REQUEST_FROM = 'check_requests r LEFT JOIN async_checks c ON c.id = r.latest_check_id';

/** SQL: the status as of `$now` (core's statusAt): waiting past expiry, no check pending, is expired. */
export const effectiveStatusSql = (now: string) =>
  `(CASE WHEN r.status = 'waiting' AND r.expires_at <= ${now}
          AND coalesce(c.status NOT IN ('queued', 'running'), true) THEN 'expired' ELSE r.status END)`;

export interface RequestRow extends Record<string, unknown> {
  id: string;
  account_id: string;
  key_id: string;
  mode: KeyMode;
  kind: CheckKind;
  checker: Record<string, unknown>;
  client_reference_sealed: Uint8Array | null;
  callback_url_sealed: Uint8Array | null;
  applicant_email_sealed: Uint8Array | null;
  event_url_sealed: Uint8Array | null;
  applicant_email_status: ApplicantEmailStatus | null;
  status: CheckRequestStatus;
  failed_attempts: number;
  checks_made: number;
  last_error_field: ApplicantField | null;
  last_error_message: string | null;
  notice: 'not_now' | null;
  sent_shown: boolean;
  expires_at: Date;
  created_at: Date;
  ended_at: Date | null;
  ended_event_at: Date | null;
}

/** Each sealed value is bound to its row and column: copied elsewhere, it does not open. */
const aadOf = (id: string, column: RequestSealedColumn) => `check_requests:${id}:${column}_sealed`;

export interface RequestSeals {
  seal(q: Queryable, bucket: string, id: string, column: RequestSealedColumn, value: string): Promise<Buffer>;
  open(id: string, column: RequestSealedColumn, sealed: Uint8Array | null): string | null;
  toStored(row: RequestRow): StoredCheckRequest;
}

export function requestSeals(keys: SealingKeys, checks: CheckSeals): RequestSeals {
  const open = (id: string, column: RequestSealedColumn, sealed: Uint8Array | null): string | null => {
    if (sealed === null) return null;
    const opened = keys.open(toBuffer(sealed), aadOf(id, column));
    if (!opened.ok)
      throw new Error(`${column} of check request ${id} does not decrypt with the configured key`);
    return JSON.parse(opened.value.toString('utf8')) as string;
  };
  return {
    seal: (q, bucket, id, column, value) => keys.sealIn(q, bucket, JSON.stringify(value), aadOf(id, column)),
    open,
    toStored(row) {
      const checkRow = prefixedRecord(row, CHECK_PREFIX);
      const latestCheck = checkRow ? checks.toStored(checkRow) : null;
      const state = {
        id: row.id,
        kind: row.kind,
        mode: row.mode,
        status: row.status,
        checker: row.checker,
        client_reference: open(row.id, 'client_reference', row.client_reference_sealed),
        callback_url: open(row.id, 'callback_url', row.callback_url_sealed),
        applicant_email: open(row.id, 'applicant_email', row.applicant_email_sealed),
        applicant_email_status: row.applicant_email_status,
        failed_attempts: row.failed_attempts,
        expires_at: row.expires_at,
        created_at: row.created_at,
        ended_at: row.ended_at,
        check_pending:
          latestCheck !== null && (latestCheck.status === 'queued' || latestCheck.status === 'running'),
      } as CheckRequestState;
      return {
        state,
        accountId: row.account_id,
        keyId: row.key_id,
        checksMade: row.checks_made,
        latestCheck,
        sentShown: row.sent_shown,
        lastError:
          row.last_error_field === null
            ? null
            : { field: row.last_error_field, message: row.last_error_message ?? '' },
        notice: row.notice,
        endedEventAt: row.ended_event_at,
        eventUrl: open(row.id, 'event_url', row.event_url_sealed),
      };
    },
  };
}
