import { resultExpiresAt, statusExpiresAt } from '@sharecode/core';
import type { CheckRequestsRepo } from '../requests/request-ports.js';
import { checkSeals } from './async-check-row.js';
import {
  effectiveStatusSql,
  REQUEST_COLUMNS,
  REQUEST_FROM,
  type REQUEST_SEALED,
  type RequestRow,
  requestSeals,
} from './check-request-row.js';
import { bucketOf, openCheckBucket, type SealingKeys } from './data-keys.js';
import { type Db, queryableOf } from './db.js';
import { deleteDataKey } from './shred-sql.js';

/**
 * Check requests in SQL. While a request waits, its personal values are under a data key of its own
 * (the open-check bucket of its id: its deletion day is not known yet); the transition to a final
 * status seals them again under the day they fall due (7 days after the end) and deletes that key.
 */
export function createCheckRequestsRepo(db: Db, keys: SealingKeys): CheckRequestsRepo {
  const seals = requestSeals(keys, checkSeals(keys));
  const one = async (where: string, params: readonly unknown[]) => {
    const { rows } = await db.query<RequestRow>(
      `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE ${where}`,
      params,
    );
    return rows[0] ? seals.toStored(rows[0]) : null;
  };

  return {
    insert: (request) =>
      db.transaction(async (tx) => {
        const { state } = request;
        const bucket = openCheckBucket(state.id);
        const sealed = (column: (typeof REQUEST_SEALED)[number], value: string | null) =>
          value === null ? null : seals.seal(tx, bucket, state.id, column, value);
        await tx.query(
          `INSERT INTO check_requests
             (id, account_id, key_id, mode, kind, token_hash, checker, client_reference_sealed,
              callback_url_sealed, applicant_email_sealed, event_url_sealed, applicant_email_status, status,
              expires_at, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'waiting', $13, $14)`,
          [
            state.id,
            request.accountId,
            request.keyId,
            state.mode,
            state.kind,
            request.tokenHash,
            JSON.stringify(state.checker),
            await sealed('client_reference', state.client_reference),
            await sealed('callback_url', state.callback_url),
            await sealed('applicant_email', state.applicant_email),
            await sealed('event_url', request.eventUrl),
            state.applicant_email_status,
            state.expires_at,
            state.created_at,
          ],
        );
      }),

    find: (id, accountId, mode) =>
      one('r.id = $1 AND r.account_id = $2 AND r.mode = $3', [id, accountId, mode]),

    findByTokenHash: (tokenHash) => one('r.token_hash = $1', [tokenHash]),

    async list(query) {
      const params: unknown[] = [query.accountId, query.mode];
      const next = (value: unknown) => `$${params.push(value)}`;
      let where = 'r.account_id = $1 AND r.mode = $2';
      if (query.status !== null) {
        where += ` AND ${effectiveStatusSql(`${next(query.now)}::timestamptz`)} = ${next(query.status)}`;
      }
      if (query.after !== null) {
        where += ` AND (r.created_at, r.id) < (${next(query.after.createdAt)}::timestamptz, ${next(query.after.id)})`;
      }
      const { rows } = await db.query<RequestRow>(
        `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE ${where}
          ORDER BY r.created_at DESC, r.id DESC LIMIT ${next(query.limit)}`,
        params,
      );
      return rows.map(seals.toStored);
    },

    transaction: (fn) => db.transaction((tx) => fn(tx)),

    async lock(transaction, id) {
      const tx = queryableOf(transaction);
      const { rows } = await tx.query<RequestRow>(
        `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE r.id = $1 FOR UPDATE OF r`,
        [id],
      );
      return rows[0] ? seals.toStored(rows[0]) : null;
    },

    async end(transaction, id, status, at) {
      const tx = queryableOf(transaction);
      const { rows } = await tx.query<RequestRow>(
        `SELECT client_reference_sealed, callback_url_sealed, applicant_email_sealed, event_url_sealed
           FROM check_requests
          WHERE id = $1 AND status = 'waiting'`,
        [id],
      );
      const row = rows[0];
      if (!row) return;
      const personalDue = resultExpiresAt(at);
      const again = async (column: (typeof REQUEST_SEALED)[number]) => {
        const value = seals.open(id, column, row[`${column}_sealed`] as Uint8Array | null);
        return value === null ? null : seals.seal(tx, bucketOf(personalDue), id, column, value);
      };
      await tx.query(
        `UPDATE check_requests SET status = $2, ended_at = $3, personal_expires_at = $4,
           row_expires_at = $5, client_reference_sealed = $6, callback_url_sealed = $7,
           applicant_email_sealed = $8, event_url_sealed = $9
         WHERE id = $1 AND status = 'waiting'`,
        [
          id,
          status,
          at,
          personalDue,
          statusExpiresAt(at),
          await again('client_reference'),
          await again('callback_url'),
          await again('applicant_email'),
          await again('event_url'),
        ],
      );
      await deleteDataKey(tx, openCheckBucket(id));
      tx.afterCommit(() => keys.forget([openCheckBucket(id)]));
    },

    async recordAttempt(transaction, id, attempt) {
      await queryableOf(transaction).query(
        `UPDATE check_requests SET failed_attempts = $2, last_error_field = $3, last_error_message = $4,
           notice = $5 WHERE id = $1`,
        [
          id,
          attempt.failedAttempts,
          attempt.error?.field ?? null,
          attempt.error?.message ?? null,
          attempt.notice,
        ],
      );
    },

    async recordEmailStatus(id, status) {
      await db.query(
        `UPDATE check_requests SET applicant_email_status = $2
           WHERE id = $1 AND applicant_email_status = 'sending'`,
        [id, status],
      );
    },

    async markSentShown(id) {
      const { rowCount } = await db.query(
        'UPDATE check_requests SET sent_shown = true WHERE id = $1 AND NOT sent_shown',
        [id],
      );
      return rowCount > 0;
    },

    async markEndedEvent(transaction, id, at) {
      await queryableOf(transaction).query('UPDATE check_requests SET ended_event_at = $2 WHERE id = $1', [
        id,
        at,
      ]);
    },

    async dueForExpiry(now, limit) {
      const { rows } = await db.query<{ id: string }>(
        `SELECT r.id FROM ${REQUEST_FROM}
          WHERE r.status = 'waiting' AND r.expires_at <= $1
            AND coalesce(c.status NOT IN ('queued', 'running'), true)
          ORDER BY r.expires_at LIMIT $2`,
        [now, limit],
      );
      return rows.map((row) => row.id);
    },
  };
}
