import type { DeliveryState, WebhookDeliveriesRepo } from '../webhooks/webhook-ports.js';
import type { SealingKeys } from './data-keys.js';
import type { Db } from './db.js';
import { createWebhookDeliveryQueue } from './webhook-delivery-queue.js';
import { type DeliveryRow, deliveryColumns, deliveryRows } from './webhook-delivery-rows.js';
import { sweepWebhooks } from './webhook-retention.js';

/**
 * Deliveries in SQL: the queue (webhook-delivery-queue.ts), the test events' one-try rows, what the
 * dashboard reads and resends, the give-up mail markers and retention (webhook-retention.ts).
 */
export function createWebhookDeliveriesRepo(db: Db, keys: SealingKeys): WebhookDeliveriesRepo {
  const rows = deliveryRows(keys);
  return {
    ...createWebhookDeliveryQueue(db, keys, rows),

    recordTestEvent: (delivery, outcome, attemptedAt) =>
      db.transaction(async (tx) => {
        await rows.insert(tx, delivery, outcome.delivered ? 'delivered' : 'failed', null);
        await tx.query(
          `UPDATE webhook_deliveries SET attempts = 1, last_attempt_at = $2, last_status_code = $3,
             last_error_class = $4, completed_at = $2 WHERE id = $1`,
          [delivery.id, attemptedAt, outcome.statusCode, outcome.errorClass],
        );
        await rows.insertAttempt(tx, {
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
      const { rows: found } = await db.query<DeliveryRow>(
        `SELECT ${deliveryColumns()} FROM webhook_deliveries WHERE account_id = $1 AND mode = $2
          ORDER BY created_at DESC, id DESC LIMIT $3`,
        [accountId, mode, limit],
      );
      return found.map(rows.toRecord);
    },

    async find(id, accountId, mode) {
      const { rows: found } = await db.query<DeliveryRow>(
        `SELECT ${deliveryColumns()} FROM webhook_deliveries WHERE id = $1 AND account_id = $2 AND mode = $3`,
        [id, accountId, mode],
      );
      return found[0] ? rows.toRecord(found[0]) : null;
    },

    async resend(id, accountId, mode, now) {
      // Due at once (on whichever clock is behind: see leased-queue-sql.ts); expiry is the caller's clock.
      const { rowCount } = await db.query(
        `UPDATE webhook_deliveries SET state = 'pending', series = series + 1, attempts = 0,
           due_at = least($4::timestamptz, now()), lease_token = NULL, completed_at = NULL
         WHERE id = $1 AND account_id = $2 AND mode = $3 AND state <> 'pending'
           AND event_type <> 'check.test' AND expires_at > $4`,
        [id, accountId, mode, now],
      );
      if (rowCount > 0) return null;
      const { rows: found } = await db.query<{ state: DeliveryState; event_type: string }>(
        'SELECT state, event_type FROM webhook_deliveries WHERE id = $1 AND account_id = $2 AND mode = $3',
        [id, accountId, mode],
      );
      const row = found[0];
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

    sweep: (now) => sweepWebhooks(db, now),
  };
}
