import { createHash } from 'node:crypto';
import { resultExpiresAt, statusExpiresAt } from '@sharecode/core';
import type { ValidatedRequest } from '@sharecode/core/validation';
import type { Plan } from '../accounts/plans.js';
import type { AsyncChecksRepo, ClaimedCheck } from '../checks/async-ports.js';
import {
  type CheckOwnerRow,
  checkOwner,
  checkSeals,
  RECORD_COLUMNS,
  RESULT_IN,
  type RecordRow,
  type SealedColumn,
} from './async-check-row.js';
import { bucketOf, openCheckBucket, type SealingKeys } from './data-keys.js';
import { type Db, dbInTransaction } from './db.js';
import {
  anyDue,
  claimLeased,
  dueAtOnceSql,
  type LeasedTable,
  nowSql,
  renewLeased,
  timeParams,
  timeSql,
} from './leased-queue-sql.js';
import { deleteDataKey } from './shred-sql.js';
import { createUsageRepo } from './usage-repo.js';

/** Namespace of the per-account create locks; the migration lock uses 0x72747701. */
const CREATE_LOCK_CLASS = 0x72_74_77_02;

/**
 * The check row is its own queue entry. A check whose lease_token is set was being run: its run was
 * lost (the process died or stalled past its lease), so the same attempt runs again. Those come first
 * (false sorts before true): a check interrupted by a crash was already waited for once and must not
 * wait again behind the backlog queued while it ran.
 */
const QUEUE: LeasedTable = {
  table: 'async_checks',
  open: "status IN ('queued', 'running')",
  held: "status = 'running'",
  order: '(lease_token IS NULL), due_at',
};

interface ClaimRow extends CheckOwnerRow {
  attempts: number;
  lost_runs: number;
  taken_over: boolean;
  request_sealed: Uint8Array | null;
  reservation_id: string | null;
  reservation_period: string | null;
  reservation_plan: Plan | null;
}

type HeldRow = Record<`${Exclude<SealedColumn, 'result'>}_sealed`, Uint8Array | null>;

const hashOf = (idempotencyKey: string) => createHash('sha256').update(idempotencyKey, 'utf8').digest();

/**
 * Asynchronous checks in SQL. The row is its own queue entry: `due_at` says when a worker may take it
 * (the next attempt, or the end of the current run's lease) and `lease_token` who holds it. Every
 * write of a run is conditional on its token, so a run whose check was taken over writes nothing.
 */
export function createAsyncChecksRepo(db: Db, keys: SealingKeys): AsyncChecksRepo {
  const { seal, open, toStored } = checkSeals(keys);
  const toClaimed = (row: ClaimRow, leaseToken: string): ClaimedCheck => {
    const request = open<ValidatedRequest>(row.id, 'request', row.request_sealed);
    // Retention clears the request only of ended checks, which are never claimed.
    if (!request) throw new Error(`check ${row.id} was claimed without its request`);
    return {
      ...checkOwner(row),
      attempt: row.attempts,
      lostRuns: row.lost_runs,
      takenOver: row.taken_over,
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
          usage: createUsageRepo(dbInTransaction(tx, db.kind)),
          async insert(check) {
            // Until it ends, under a key of its own: ending seals them again under their days' keys.
            const bucket = openCheckBucket(check.id);
            const sealed = (column: SealedColumn, value: unknown) =>
              value === null ? null : seal(tx, bucket, check.id, column, value);
            await tx.query(
              `INSERT INTO async_checks
                 (id, account_id, key_id, mode, kind, status, due_at, request_id, idempotency_key_hash,
                  fingerprint_sealed, request_sealed, client_reference_sealed, callback_url_sealed,
                  reservation_id, reservation_period, reservation_plan, created_at, check_request_id)
               VALUES ($1, $2, $3, $4, $5, 'queued', ${dueAtOnceSql(6)}, $7, $8, $9, $10, $11, $12, $13, $14,
                       $15, $6, $16)`,
              [
                check.id,
                check.accountId,
                check.keyId,
                check.mode,
                check.kind,
                check.createdAt,
                check.requestId,
                check.idempotencyKey === null ? null : hashOf(check.idempotencyKey),
                await sealed('fingerprint', check.fingerprint),
                await sealed('request', check.request),
                await sealed('client_reference', check.clientReference),
                await sealed('callback_url', check.callbackUrl),
                check.reservation?.id ?? null,
                check.reservation?.period ?? null,
                check.reservation?.plan ?? null,
                check.checkRequestId ?? null,
              ],
            );
            if (check.checkRequestId) {
              // The request names its latest check in the transaction that makes it: never one without the other.
              await tx.query(
                `UPDATE check_requests SET latest_check_id = $2, checks_made = checks_made + 1
                  WHERE id = $1`,
                [check.checkRequestId, check.id],
              );
            }
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
      const rows = await claimLeased<ClaimRow>(db, QUEUE, input, {
        set: `status = 'running',
           attempts = q.attempts + (CASE WHEN q.lease_token IS NULL THEN 1 ELSE 0 END),
           lost_runs = q.lost_runs + (CASE WHEN q.lease_token IS NULL THEN 0 ELSE 1 END),
           first_started_at = coalesce(q.first_started_at, ${nowSql(2)})`,
        // The lease before this claim: set, the run holding it was lost and this claim takes it over.
        dueColumns: 'lease_token AS prior_lease',
        returning: `q.id, q.account_id, q.key_id, q.mode, q.kind, q.request_id, q.attempts, q.lost_runs,
           due.prior_lease IS NOT NULL AS taken_over, q.request_sealed, q.reservation_id, q.reservation_period, q.reservation_plan`,
      });
      return rows.map((row) => toClaimed(row, input.leaseToken));
    },

    anyDue: (input) => anyDue(db, QUEUE, input),

    renewLease: (id, leaseToken, leaseUntil) => renewLeased(db, QUEUE, id, leaseToken, leaseUntil),

    async scheduleRetry(id, leaseToken, dueAt) {
      const { rowCount } = await db.query(
        `UPDATE async_checks SET due_at = ${timeSql(3)}, lease_token = NULL
          WHERE id = $1 AND lease_token = $2 AND status = 'running'`,
        [id, leaseToken, ...timeParams(dueAt)],
      );
      return rowCount > 0;
    },

    finish: (input, within) =>
      db.transaction(async (tx) => {
        const { outcome, endedAt } = input;
        // The one final transition: only the holder of the lease, only from a state that is not final.
        const { rows: held } = await tx.query<HeldRow>(
          `SELECT fingerprint_sealed, request_sealed, client_reference_sealed, callback_url_sealed
             FROM async_checks WHERE id = $1 AND lease_token = $2 AND status IN ('queued', 'running')
             FOR UPDATE`,
          [input.id, input.leaseToken],
        );
        const current = held[0];
        if (!current) return null;
        // Sealed again for their own deletion days: the result's (7 days) and the record's (30);
        // the check's own key goes (its old row versions are unreadable once data_keys is compacted).
        const resultDue = resultExpiresAt(endedAt);
        const again = async (column: Exclude<SealedColumn, 'result'>, due: Date) => {
          const value = open<unknown>(input.id, column, current[`${column}_sealed`]);
          return value === null ? null : seal(tx, bucketOf(due), input.id, column, value);
        };
        const { rows } = await tx.query<RecordRow>(
          `UPDATE async_checks SET
             status = $3, result_sealed = ${RESULT_IN('$4')}, error_code = $5, error_message = $6,
             completed_at = $7, result_expires_at = $8, status_expires_at = $9,
             due_at = NULL, lease_token = NULL, fingerprint_sealed = $10, request_sealed = $11,
             client_reference_sealed = $12, callback_url_sealed = $13
           WHERE id = $1 AND lease_token = $2 AND status IN ('queued', 'running')
           RETURNING ${RECORD_COLUMNS}`,
          [
            input.id,
            input.leaseToken,
            outcome.ok ? 'succeeded' : 'failed',
            outcome.ok
              ? (await seal(tx, bucketOf(resultDue), input.id, 'result', outcome.value)).toString('base64')
              : null,
            outcome.ok ? null : outcome.error.code,
            outcome.ok ? null : outcome.error.message,
            endedAt,
            resultDue,
            statusExpiresAt(endedAt),
            await again('fingerprint', statusExpiresAt(endedAt)),
            await again('request', resultDue),
            await again('client_reference', resultDue),
            await again('callback_url', resultDue),
          ],
        );
        const row = rows[0];
        if (!row) return null;
        await deleteDataKey(tx, openCheckBucket(input.id));
        tx.afterCommit(() => keys.forget([openCheckBucket(input.id)]));
        const ended = toStored(row);
        await within({ usage: createUsageRepo(dbInTransaction(tx, db.kind)), transaction: tx }, ended);
        return ended;
      }),
  };
}
