import type { KeyMode } from '../accounts/api-key.js';
import { randomBase62 } from '../accounts/random-id.js';
import { type DeliveryErrorClass, isDeliveryErrorClass } from '../webhooks/delivery-outcome.js';
import type { WebhookEventType } from '../webhooks/sign-event.js';
import type {
  AttemptRecord,
  ClaimedDelivery,
  DeliveryRecord,
  DeliveryState,
  NewDelivery,
  WebhookDeliveriesRepo,
} from '../webhooks/webhook-ports.js';
import { type Db, type Queryable, toBuffer } from './db.js';
import type { Cipher } from './encryption.js';
import { openWebhookSecret } from './webhook-secrets-repo.js';

/** The delivery log is kept 7 days (spec 6.4.5). */
export const ATTEMPT_LOG_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** Give-up mail markers only need to outlive their day. */
const MAIL_MARKER_RETENTION_MS = 2 * 24 * 60 * 60 * 1000;
const BATCH = 500;

const urlAad = (id: string) => `webhook_deliveries:${id}:url_sealed`;

interface DeliveryRow {
  id: string;
  event_id: string;
  account_id: string;
  mode: KeyMode;
  check_id: string;
  event_type: WebhookEventType;
  url_sealed: Uint8Array;
  state: DeliveryState;
  series: number;
  attempts: number;
  due_at: Date | null;
  event_created_at: Date;
  created_at: Date;
  last_attempt_at: Date | null;
  last_status_code: number | null;
  last_error_class: string | null;
  completed_at: Date | null;
  expires_at: Date;
}

const COLUMNS = `id, event_id, account_id, mode, check_id, event_type, url_sealed, state, series, attempts,
  due_at, event_created_at, created_at, last_attempt_at, last_status_code, last_error_class,
  completed_at, expires_at`;

const newAttemptId = () => `att_${randomBase62(24)}`;

export function createWebhookDeliveriesRepo(db: Db, cipher: Cipher): WebhookDeliveriesRepo {
  const openUrl = (row: Pick<DeliveryRow, 'id' | 'url_sealed'>): string => {
    const opened = cipher.open(toBuffer(row.url_sealed), urlAad(row.id));
    if (!opened.ok) throw new Error(`the URL of delivery ${row.id} does not decrypt with the configured key`);
    return opened.value.toString('utf8');
  };
  const toRecord = (row: DeliveryRow): DeliveryRecord => ({
    id: row.id,
    eventId: row.event_id,
    checkId: row.check_id,
    mode: row.mode,
    type: row.event_type,
    url: openUrl(row),
    state: row.state,
    series: row.series,
    attempts: row.attempts,
    createdAt: row.created_at,
    lastAttemptAt: row.last_attempt_at,
    lastStatusCode: row.last_status_code,
    lastErrorClass: isDeliveryErrorClass(row.last_error_class) ? row.last_error_class : null,
    nextAttemptAt: row.state === 'pending' ? row.due_at : null,
    completedAt: row.completed_at,
    expiresAt: row.expires_at,
  });

  const insertRow = (q: Queryable, d: NewDelivery, state: DeliveryState, dueAt: Date | null) =>
    q.query(
      `INSERT INTO webhook_deliveries
         (id, event_id, account_id, mode, check_id, event_type, url_sealed, state, due_at,
          event_created_at, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        d.id,
        d.eventId,
        d.accountId,
        d.mode,
        d.checkId,
        d.type,
        cipher.seal(d.url, urlAad(d.id)),
        state,
        dueAt,
        d.eventCreatedAt,
        d.createdAt,
        d.expiresAt,
      ],
    );

  const insertAttempt = (
    q: Queryable,
    entry: {
      deliveryId: string;
      accountId: string;
      mode: KeyMode;
      checkId: string;
      eventId: string;
      series: number;
      attempt: number;
      trigger: 'scheduled' | 'resend' | 'test';
      delivered: boolean;
      statusCode: number | null;
      errorClass: DeliveryErrorClass | null;
      durationMs: number;
      attemptedAt: Date;
    },
  ) =>
    q.query(
      `INSERT INTO webhook_attempts
         (id, delivery_id, account_id, mode, check_id, event_id, series, attempt, trigger, delivered,
          status_code, error_class, duration_ms, attempted_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        newAttemptId(),
        entry.deliveryId,
        entry.accountId,
        entry.mode,
        entry.checkId,
        entry.eventId,
        entry.series,
        entry.attempt,
        entry.trigger,
        entry.delivered,
        entry.statusCode,
        entry.errorClass,
        Math.round(entry.durationMs),
        entry.attemptedAt,
      ],
    );

  /** One attempt: the delivery's new state (if its lease still holds) and its line in the log. */
  const writeAttempt = async (tx: Queryable, { delivery, outcome, attemptedAt, next }: AttemptRecord) => {
    const state: DeliveryState = next.type === 'retry' ? 'pending' : next.type;
    const { rowCount } = await tx.query(
      `UPDATE webhook_deliveries SET
             state = $3, attempts = attempts + 1, due_at = $4, lease_token = NULL,
             last_attempt_at = $5, last_status_code = $6, last_error_class = $7,
             completed_at = $8
           WHERE id = $1 AND lease_token = $2 AND state = 'pending'`,
      [
        delivery.id,
        delivery.leaseToken,
        state,
        next.type === 'retry' ? next.dueAt : null,
        attemptedAt,
        outcome.statusCode,
        outcome.errorClass,
        next.type === 'retry' ? null : attemptedAt,
      ],
    );
    if (rowCount === 0) return false;
    await insertAttempt(tx, {
      deliveryId: delivery.id,
      accountId: delivery.accountId,
      mode: delivery.mode,
      checkId: delivery.checkId,
      eventId: delivery.eventId,
      series: delivery.series,
      attempt: delivery.attempts + 1,
      trigger: delivery.series > 1 ? 'resend' : 'scheduled',
      delivered: outcome.delivered,
      statusCode: outcome.statusCode,
      errorClass: outcome.errorClass,
      durationMs: outcome.durationMs,
      attemptedAt,
    });
    return true;
  };

  return {
    async insert(transaction, delivery) {
      await insertRow(transaction, delivery, 'pending', delivery.createdAt);
    },

    async claim(input) {
      const { rows } = await db.query<DeliveryRow & { secret_sealed: Uint8Array | null }>(
        `WITH due AS (
           SELECT id FROM webhook_deliveries
            WHERE mode = $1 AND state = 'pending' AND due_at <= $2 AND NOT (id = ANY($3::text[]))
            ORDER BY due_at
            LIMIT $4
            FOR UPDATE SKIP LOCKED
         )
         UPDATE webhook_deliveries d SET lease_token = $5, claimed_by = $6, due_at = $7
           FROM due WHERE d.id = due.id
         RETURNING ${COLUMNS.split(',')
           .map((c) => `d.${c.trim()}`)
           .join(', ')},
           (SELECT s.secret_sealed FROM webhook_secrets s
             WHERE s.account_id = d.account_id AND s.mode = d.mode) AS secret_sealed`,
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
      return rows.map(
        (row): ClaimedDelivery => ({
          id: row.id,
          leaseToken: input.leaseToken,
          eventId: row.event_id,
          accountId: row.account_id,
          mode: row.mode,
          checkId: row.check_id,
          type: row.event_type,
          url: openUrl(row),
          series: row.series,
          attempts: row.attempts,
          eventCreatedAt: row.event_created_at,
          secret:
            row.secret_sealed === null
              ? null
              : openWebhookSecret(cipher, row.account_id, row.mode, row.secret_sealed),
        }),
      );
    },

    async renewLease(id, leaseToken, leaseUntil) {
      const { rowCount } = await db.query(
        `UPDATE webhook_deliveries SET due_at = $3 WHERE id = $1 AND lease_token = $2 AND state = 'pending'`,
        [id, leaseToken, leaseUntil],
      );
      return rowCount > 0;
    },

    recordAttempt: (delivery, outcome, attemptedAt, next) =>
      db.transaction((tx) => writeAttempt(tx, { delivery, outcome, attemptedAt, next })),

    recordAttempts: (attempts) =>
      db.transaction(async (tx) => {
        const written: boolean[] = [];
        for (const attempt of attempts) written.push(await writeAttempt(tx, attempt));
        return written;
      }),

    recordTestEvent: (delivery, outcome, attemptedAt) =>
      db.transaction(async (tx) => {
        await insertRow(tx, delivery, outcome.delivered ? 'delivered' : 'failed', null);
        await tx.query(
          `UPDATE webhook_deliveries SET attempts = 1, last_attempt_at = $2, last_status_code = $3,
             last_error_class = $4, completed_at = $2 WHERE id = $1`,
          [delivery.id, attemptedAt, outcome.statusCode, outcome.errorClass],
        );
        await insertAttempt(tx, {
          deliveryId: delivery.id,
          accountId: delivery.accountId,
          mode: delivery.mode,
          checkId: delivery.checkId,
          eventId: delivery.eventId,
          series: 1,
          attempt: 1,
          trigger: 'test',
          delivered: outcome.delivered,
          statusCode: outcome.statusCode,
          errorClass: outcome.errorClass,
          durationMs: outcome.durationMs,
          attemptedAt,
        });
      }),

    async recent(accountId, mode, limit) {
      const { rows } = await db.query<DeliveryRow>(
        `SELECT ${COLUMNS} FROM webhook_deliveries WHERE account_id = $1 AND mode = $2
          ORDER BY created_at DESC, id DESC LIMIT $3`,
        [accountId, mode, limit],
      );
      return rows.map(toRecord);
    },

    async find(id, accountId, mode) {
      const { rows } = await db.query<DeliveryRow>(
        `SELECT ${COLUMNS} FROM webhook_deliveries WHERE id = $1 AND account_id = $2 AND mode = $3`,
        [id, accountId, mode],
      );
      return rows[0] ? toRecord(rows[0]) : null;
    },

    async resend(id, accountId, mode, now) {
      const { rowCount } = await db.query(
        `UPDATE webhook_deliveries SET state = 'pending', series = series + 1, attempts = 0, due_at = $4,
           lease_token = NULL, completed_at = NULL
         WHERE id = $1 AND account_id = $2 AND mode = $3 AND state <> 'pending'
           AND event_type <> 'check.test' AND expires_at > $4`,
        [id, accountId, mode, now],
      );
      if (rowCount > 0) return null;
      const { rows } = await db.query<{ state: DeliveryState; event_type: string; expires_at: Date }>(
        'SELECT state, event_type, expires_at FROM webhook_deliveries WHERE id = $1 AND account_id = $2 AND mode = $3',
        [id, accountId, mode],
      );
      const row = rows[0];
      if (!row) return 'not_found';
      if (row.event_type === 'check.test') return 'not_resendable';
      if (row.state === 'pending') return 'pending';
      return 'expired';
    },

    async claimGiveUpMail(accountId, mode, day, now) {
      const { rowCount } = await db.query(
        `INSERT INTO webhook_give_up_mails (account_id, mode, day, sent_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [accountId, mode, day, now],
      );
      return rowCount > 0;
    },

    async releaseGiveUpMail(accountId, mode, day) {
      await db.query('DELETE FROM webhook_give_up_mails WHERE account_id = $1 AND mode = $2 AND day = $3', [
        accountId,
        mode,
        day,
      ]);
    },

    async sweep(now) {
      let webhookDeliveries = 0;
      for (;;) {
        // A pending delivery past its result's deletion is left to its worker, which ends it.
        const { rowCount } = await db.query(
          `DELETE FROM webhook_deliveries WHERE id IN (
             SELECT id FROM webhook_deliveries WHERE expires_at <= $1 AND state <> 'pending'
              ORDER BY expires_at LIMIT ${BATCH})`,
          [now],
        );
        webhookDeliveries += rowCount;
        if (rowCount < BATCH) break;
      }
      let webhookAttempts = 0;
      const logCutoff = new Date(now.getTime() - ATTEMPT_LOG_RETENTION_MS);
      for (;;) {
        const { rowCount } = await db.query(
          `DELETE FROM webhook_attempts WHERE id IN (
             SELECT id FROM webhook_attempts WHERE attempted_at <= $1 ORDER BY attempted_at LIMIT ${BATCH})`,
          [logCutoff],
        );
        webhookAttempts += rowCount;
        if (rowCount < BATCH) break;
      }
      const mails = await db.query('DELETE FROM webhook_give_up_mails WHERE sent_at <= $1', [
        new Date(now.getTime() - MAIL_MARKER_RETENTION_MS),
      ]);
      return { webhookDeliveries, webhookAttempts, webhookMails: mails.rowCount };
    },
  };
}
