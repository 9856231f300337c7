import type { WebhookSweepReport } from '../webhooks/webhook-ports.js';
import type { Db } from './db.js';

/** The delivery log is kept 7 days (spec 6.4.5). */
export const ATTEMPT_LOG_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** Give-up mail markers only need to outlive their day. */
const MAIL_MARKER_RETENTION_MS = 2 * 24 * 60 * 60 * 1000;
/** Same batch size as the rest of the sweep: one statement never holds the PGlite connection long. */
const BATCH = 500;

/** Deletes, as of `now`, deliveries past their result's deletion, log lines older than 7 days and old mail markers. */
export async function sweepWebhooks(db: Db, now: Date): Promise<WebhookSweepReport> {
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
}
