import type { WebhookSweepReport } from '../webhooks/webhook-ports.js';
import type { Db } from './db.js';
import { inBatches, SWEEP_BATCH } from './in-batches.js';

/** The delivery log is kept 7 days (spec 6.4.5). */
export const ATTEMPT_LOG_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** Give-up mail markers only need to outlive their day. */
const MAIL_MARKER_RETENTION_MS = 2 * 24 * 60 * 60 * 1000;

/** Deletes, as of `now`, deliveries past their result's deletion, log lines older than 7 days and old mail markers. */
export async function sweepWebhooks(db: Db, now: Date): Promise<WebhookSweepReport> {
  // A pending delivery past its result's deletion is left to its worker, which ends it.
  const webhookDeliveries = await inBatches(
    db,
    `DELETE FROM webhook_deliveries WHERE id IN (
       SELECT id FROM webhook_deliveries WHERE expires_at <= $1 AND state <> 'pending'
        ORDER BY expires_at LIMIT ${SWEEP_BATCH})`,
    [now],
  );
  const webhookAttempts = await inBatches(
    db,
    `DELETE FROM webhook_attempts WHERE id IN (
       SELECT id FROM webhook_attempts WHERE attempted_at <= $1 ORDER BY attempted_at LIMIT ${SWEEP_BATCH})`,
    [new Date(now.getTime() - ATTEMPT_LOG_RETENTION_MS)],
  );
  const mails = await db.query('DELETE FROM webhook_give_up_mails WHERE sent_at <= $1', [
    new Date(now.getTime() - MAIL_MARKER_RETENTION_MS),
  ]);
  return { webhookDeliveries, webhookAttempts, webhookMails: mails.rowCount };
}
