import type { WebhookSweepReport } from '../webhooks/webhook-ports.js';
import type { Db } from './db.js';
import { deleteInBatches } from './in-batches.js';

/** The delivery log is kept 7 days (spec 6.4.5). */
export const ATTEMPT_LOG_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** Give-up mail markers only need to outlive their day. */
const MAIL_MARKER_RETENTION_MS = 2 * 24 * 60 * 60 * 1000;

/** Deletes, as of `now`, deliveries past their result's deletion, log lines older than 7 days and old mail markers. */
export async function sweepWebhooks(db: Db, now: Date): Promise<WebhookSweepReport> {
  // A pending delivery past its result's deletion is left to its worker, which ends it.
  const webhookDeliveries = await deleteInBatches(
    db,
    'webhook_deliveries',
    "expires_at <= $1 AND state <> 'pending'",
    'expires_at',
    [now],
  );
  const webhookAttempts = await deleteInBatches(
    db,
    'webhook_attempts',
    'attempted_at <= $1',
    'attempted_at',
    [new Date(now.getTime() - ATTEMPT_LOG_RETENTION_MS)],
  );
  const mails = await db.query('DELETE FROM webhook_give_up_mails WHERE sent_at <= $1', [
    new Date(now.getTime() - MAIL_MARKER_RETENTION_MS),
  ]);
  return { webhookDeliveries, webhookAttempts, webhookMails: mails.rowCount };
}
