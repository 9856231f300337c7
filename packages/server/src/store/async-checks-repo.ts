import { createHash } from 'node:crypto';
import type { CheckKind, CheckResult, ErrorCode } from '@sharecode/core';
import { resultExpiresAt, statusExpiresAt } from '@sharecode/core';
import type { ValidatedRequest } from '@sharecode/core/validation';
import type { KeyMode } from '../accounts/api-key.js';
import type { Plan } from '../accounts/plans.js';
import type {
  AsyncCheckStatus,
  AsyncChecksRepo,
  ClaimedCheck,
  StoredAsyncCheck,
} from '../checks/async-ports.js';
import { type Db, type Queryable, toBuffer } from './db.js';
import type { Cipher } from './encryption.js';
import { createUsageRepo } from './usage-repo.js';

/** Namespace of the per-account create locks; the migration lock uses 0x72747701. */
const CREATE_LOCK_CLASS = 0x72_74_77_02;

/**
 * The result (photo and PDF: tens of KB) crosses the driver as base64 text, not as a bytea value:
 * PGlite moves a 30 KB bytea about 5 times slower than the same bytes as text, and it is the one
 * large value per check. The column is still bytea.
 */
const RESULT_IN = (param: string) => `decode(${param}, 'base64')`;
const RESULT_OUT = `encode(result_sealed, 'base64') AS result_sealed`;

const RECORD_COLUMNS = `id, account_id, key_id, mode, kind, status, attempts, request_id,
  client_reference_sealed, callback_url_sealed, ${RESULT_OUT}, error_code, error_message,
  created_at, completed_at, result_expires_at, result_expired, status_expires_at`;

interface RecordRow {
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
  /** base64 (see RESULT_OUT). */
  result_sealed: string | null;
  error_code: ErrorCode | null;
  error_message: string | null;
  created_at: Date;
  completed_at: Date | null;
  result_expires_at: Date | null;
  result_expired: boolean;
  status_expires_at: Date | null;
}

interface ClaimRow {
  id: string;
  account_id: string;
  key_id: string;
  mode: KeyMode;
  kind: CheckKind;
  request_id: string;
  attempts: number;
  lost_runs: number;
  request_sealed: Uint8Array | null;
  reservation_id: string | null;
  reservation_period: string | null;
  reservation_plan: Plan | null;
}

type SealedColumn = 'request' | 'fingerprint' | 'client_reference' | 'callback_url' | 'result';

/** Each sealed value is bound to its row and column: copied elsewhere, it does not open. */
const aadOf = (id: string, column: SealedColumn) => `async_checks:${id}:${column}_sealed`;

const hashOf = (idempotencyKey: string) => createHash('sha256').update(idempotencyKey, 'utf8').digest();

/** Lets code written for a `Db` (the usage repository) run inside an open transaction. */
function joinTransaction(tx: Queryable, kind: Db['kind']): Db {
  return {
    kind,
    query: (sql, params) => tx.query(sql, params),
    exec: (sql) => tx.exec(sql),
    transaction: (fn) => fn(tx),
    close: () => Promise.reject(new Error('a joined transaction is closed by its owner')),
  };
}

/**
 * Asynchronous checks in SQL. The row is its own queue entry: `due_at` says when a worker may take it
 * (the next attempt, or the end of the current run's lease) and `lease_token` who holds it. Every
 * write of a run is conditional on its token, so a run whose check was taken over writes nothing.
 */
export function createAsyncChecksRepo(db: Db, cipher: Cipher): AsyncChecksRepo {
  const seal = (id: string, column: SealedColumn, value: unknown): Buffer =>
    cipher.seal(JSON.stringify(value), aadOf(id, column));
  const open = <T>(id: string, column: SealedColumn, sealed: Uint8Array | string | null): T | null => {
    if (sealed === null) return null;
    // PostgreSQL's base64 breaks lines every 76 characters; Node's decoder skips the line feeds.
    const bytes = typeof sealed === 'string' ? Buffer.from(sealed, 'base64') : toBuffer(sealed);
    const opened = cipher.open(bytes, aadOf(id, column));
    if (!opened.ok) throw new Error(`${column} of check ${id} does not decrypt with the configured key`);
    return JSON.parse(opened.value.toString('utf8')) as T;
  };
  const toStored = (row: RecordRow): StoredAsyncCheck => ({
    id: row.id,
    accountId: row.account_id,
    keyId: row.key_id,
    mode: row.mode,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    requestId: row.request_id,
    clientReference: open<string>(row.id, 'client_reference', row.client_reference_sealed),
    callbackUrl: open<string>(row.id, 'callback_url', row.callback_url_sealed),
    result: open<CheckResult>(row.id, 'result', row.result_sealed),
    error: row.error_code === null ? null : { code: row.error_code, message: row.error_message ?? '' },
    createdAt: row.created_at,
    completedAt: row.completed_at,
    resultExpiresAt: row.result_expires_at,
    resultExpired: row.result_expired,
    statusExpiresAt: row.status_expires_at,
  });
  const toClaimed = (row: ClaimRow, leaseToken: string): ClaimedCheck => {
    const request = open<ValidatedRequest>(row.id, 'request', row.request_sealed);
    // Retention clears the request only of ended checks, which are never claimed.
    if (!request) throw new Error(`check ${row.id} was claimed without its request`);
    return {
      id: row.id,
      accountId: row.account_id,
      keyId: row.key_id,
      mode: row.mode,
      kind: row.kind,
      requestId: row.request_id,
      attempt: row.attempts,
      lostRuns: row.lost_runs,
      leaseToken,
      request,
      reservation:
        row.reservation_id && row.reservation_period && row.reservation_plan
          ? {
              id: row.reservation_id,
              accountId: row.account_id,
              keyId: row.key_id,
              period: row.reservation_period,
              plan: row.reservation_plan,
            }
          : null,
    };
  };

  return {
    create: (accountId, mode, fn) =>
      db.transaction(async (tx) => {
        // Per account (both modes): the in-progress limit is the account's, so its creates serialise.
        await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [CREATE_LOCK_CLASS, accountId]);
        return fn({
          async findByIdempotencyKey(idempotencyKey) {
            const { rows } = await tx.query<RecordRow & { fingerprint_sealed: Uint8Array | null }>(
              `SELECT ${RECORD_COLUMNS}, fingerprint_sealed FROM async_checks
                WHERE account_id = $1 AND mode = $2 AND idempotency_key_hash = $3`,
              [accountId, mode, hashOf(idempotencyKey)],
            );
            const row = rows[0];
            if (!row) return null;
            return {
              check: toStored(row),
              fingerprint: open<string>(row.id, 'fingerprint', row.fingerprint_sealed) ?? '',
            };
          },
          async countInProgress() {
            const { rows } = await tx.query<{ n: number }>(
              `SELECT count(*)::integer AS n FROM async_checks
                WHERE account_id = $1 AND status IN ('queued', 'running')`,
              [accountId],
            );
            return rows[0]?.n ?? 0;
          },
          usage: createUsageRepo(joinTransaction(tx, db.kind)),
          async insert(check) {
            await tx.query(
              `INSERT INTO async_checks
                 (id, account_id, key_id, mode, kind, status, due_at, request_id, idempotency_key_hash,
                  fingerprint_sealed, request_sealed, client_reference_sealed, callback_url_sealed,
                  reservation_id, reservation_period, reservation_plan, created_at)
               VALUES ($1, $2, $3, $4, $5, 'queued', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $6)`,
              [
                check.id,
                check.accountId,
                check.keyId,
                check.mode,
                check.kind,
                check.createdAt,
                check.requestId,
                check.idempotencyKey === null ? null : hashOf(check.idempotencyKey),
                seal(check.id, 'fingerprint', check.fingerprint),
                seal(check.id, 'request', check.request),
                check.clientReference === null
                  ? null
                  : seal(check.id, 'client_reference', check.clientReference),
                check.callbackUrl === null ? null : seal(check.id, 'callback_url', check.callbackUrl),
                check.reservation?.id ?? null,
                check.reservation?.period ?? null,
                check.reservation?.plan ?? null,
              ],
            );
          },
        } satisfies Parameters<typeof fn>[0]);
      }),

    async find(id, accountId, mode) {
      const { rows } = await db.query<RecordRow>(
        `SELECT ${RECORD_COLUMNS} FROM async_checks WHERE id = $1 AND account_id = $2 AND mode = $3`,
        [id, accountId, mode],
      );
      return rows[0] ? toStored(rows[0]) : null;
    },

    async claim(input) {
      // A check whose lease_token is set was being run: its run was lost (the process died or stalled
      // past its lease), so the same attempt runs again. Otherwise this is the next attempt. Those come
      // first (false sorts before true): a check interrupted by a crash was already waited for once and
      // must not wait again behind the backlog queued while it ran.
      const { rows } = await db.query<ClaimRow>(
        `WITH due AS (
           SELECT id FROM async_checks
            WHERE mode = $1 AND status IN ('queued', 'running') AND due_at <= $2
              AND NOT (id = ANY($3::text[]))
            ORDER BY (lease_token IS NULL), due_at
            LIMIT $4
            FOR UPDATE SKIP LOCKED
         )
         UPDATE async_checks c SET
           status = 'running',
           attempts = c.attempts + (CASE WHEN c.lease_token IS NULL THEN 1 ELSE 0 END),
           lost_runs = c.lost_runs + (CASE WHEN c.lease_token IS NULL THEN 0 ELSE 1 END),
           lease_token = $5,
           claimed_by = $6,
           due_at = $7,
           first_started_at = coalesce(c.first_started_at, $2)
         FROM due WHERE c.id = due.id
         RETURNING c.id, c.account_id, c.key_id, c.mode, c.kind, c.request_id, c.attempts, c.lost_runs,
           c.request_sealed, c.reservation_id, c.reservation_period, c.reservation_plan`,
        [
          input.mode,
          input.now,
          [...input.exclude],
          input.limit,
          input.leaseToken,
          input.workerId,
          input.leaseUntil,
        ],
      );
      return rows.map((row) => toClaimed(row, input.leaseToken));
    },

    async renewLease(id, leaseToken, leaseUntil) {
      const { rowCount } = await db.query(
        `UPDATE async_checks SET due_at = $3
          WHERE id = $1 AND lease_token = $2 AND status = 'running'`,
        [id, leaseToken, leaseUntil],
      );
      return rowCount > 0;
    },

    async scheduleRetry(id, leaseToken, dueAt) {
      const { rowCount } = await db.query(
        `UPDATE async_checks SET due_at = $3, lease_token = NULL
          WHERE id = $1 AND lease_token = $2 AND status = 'running'`,
        [id, leaseToken, dueAt],
      );
      return rowCount > 0;
    },

    finish: (input, within) =>
      db.transaction(async (tx) => {
        const { outcome, endedAt } = input;
        // The one final transition: only the holder of the lease, only from a state that is not final.
        const { rows } = await tx.query<RecordRow>(
          `UPDATE async_checks SET
             status = $3, result_sealed = ${RESULT_IN('$4')}, error_code = $5, error_message = $6,
             completed_at = $7, result_expires_at = $8, status_expires_at = $9,
             due_at = NULL, lease_token = NULL
           WHERE id = $1 AND lease_token = $2 AND status IN ('queued', 'running')
           RETURNING ${RECORD_COLUMNS}`,
          [
            input.id,
            input.leaseToken,
            outcome.ok ? 'succeeded' : 'failed',
            outcome.ok ? seal(input.id, 'result', outcome.value).toString('base64') : null,
            outcome.ok ? null : outcome.error.code,
            outcome.ok ? null : outcome.error.message,
            endedAt,
            resultExpiresAt(endedAt),
            statusExpiresAt(endedAt),
          ],
        );
        const row = rows[0];
        if (!row) return null;
        const ended = toStored(row);
        await within({ usage: createUsageRepo(joinTransaction(tx, db.kind)), transaction: tx }, ended);
        return ended;
      }),
  };
}
