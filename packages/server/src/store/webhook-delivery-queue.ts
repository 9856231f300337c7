import type {
  AttemptRecord,
  ClaimedDelivery,
  DeliveryState,
  WebhookDeliveriesRepo,
} from '../webhooks/webhook-ports.js';
import { checkSeals, prefixedRecord, recordColumns } from './async-check-row.js';
import { type Db, type Queryable, queryableOf } from './db.js';
import type { Cipher } from './encryption.js';
import { claimLeased, type LeasedTable, renewLeased, timeParams, timeSql } from './leased-queue-sql.js';
import { type DeliveryRow, type DeliveryRows, deliveryColumns } from './webhook-delivery-rows.js';
import { openWebhookSecret } from './webhook-secrets-repo.js';

const QUEUE: LeasedTable = {
  table: 'webhook_deliveries',
  open: "state = 'pending'",
  held: "state = 'pending'",
  order: 'due_at',
};

/** The check's columns in a claimed delivery's row are named `chk_` + column. */
const CHECK_PREFIX = 'chk_';

type QueueOps = Pick<
  WebhookDeliveriesRepo,
  'insert' | 'claim' | 'renewLease' | 'recordAttempt' | 'recordAttempts'
>;

/**
 * Deliveries as a leased queue. A claim takes a batch of due deliveries and returns, in the same round
 * trip, what each attempt needs: the mode's signing secret and the check its event is built from.
 */
export function createWebhookDeliveryQueue(db: Db, cipher: Cipher, rows: DeliveryRows): QueueOps {
  const checks = checkSeals(cipher);

  /** One attempt: the delivery's new state (if its lease still holds) and its line in the log. */
  const writeAttempt = async (tx: Queryable, { delivery, outcome, attemptedAt, next }: AttemptRecord) => {
    const state: DeliveryState = next.type === 'retry' ? 'pending' : next.type;
    const { rowCount } = await tx.query(
      `UPDATE webhook_deliveries SET
             state = $3, attempts = attempts + 1,
             due_at = ${timeSql(4)}, lease_token = NULL,
             last_attempt_at = $6, last_status_code = $7, last_error_class = $8,
             completed_at = $9
           WHERE id = $1 AND lease_token = $2 AND state = 'pending'`,
      [
        delivery.id,
        delivery.leaseToken,
        state,
        ...(next.type === 'retry' ? timeParams(next.dueAt) : [null, null]),
        attemptedAt,
        outcome.statusCode,
        outcome.errorClass,
        next.type === 'retry' ? null : attemptedAt,
      ],
    );
    if (rowCount === 0) return false;
    await rows.insertAttempt(tx, {
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
      await rows.insert(queryableOf(transaction), delivery, 'pending', delivery.createdAt);
    },

    async claim(input) {
      const claimed = await claimLeased<
        DeliveryRow & { secret_sealed: Uint8Array | null } & Record<string, unknown>
      >(db, QUEUE, input, {
        dueColumns: 'check_id',
        join: 'LEFT JOIN async_checks c ON c.id = due.check_id',
        returning: `${deliveryColumns('q')},
           (SELECT s.secret_sealed FROM webhook_secrets s
             WHERE s.account_id = q.account_id AND s.mode = q.mode) AS secret_sealed,
           ${recordColumns('c', CHECK_PREFIX)}`,
      });
      return claimed.map((row): ClaimedDelivery => {
        const check = prefixedRecord(row, CHECK_PREFIX);
        return {
          id: row.id,
          leaseToken: input.leaseToken,
          eventId: row.event_id,
          accountId: row.account_id,
          mode: row.mode,
          checkId: row.check_id,
          type: row.event_type,
          url: rows.openUrl(row),
          series: row.series,
          attempts: row.attempts,
          eventCreatedAt: row.event_created_at,
          secret:
            row.secret_sealed === null
              ? null
              : openWebhookSecret(cipher, row.account_id, row.mode, row.secret_sealed),
          // As the check's own GET would read it: of this account and mode only.
          check:
            check && check.account_id === row.account_id && check.mode === row.mode
              ? checks.toStored(check)
              : null,
        };
      });
    },

    renewLease: (id, leaseToken, leaseUntil) => renewLeased(db, QUEUE, id, leaseToken, leaseUntil),

    recordAttempt: (delivery, outcome, attemptedAt, next) =>
      db.transaction((tx) => writeAttempt(tx, { delivery, outcome, attemptedAt, next })),

    recordAttempts: (attempts) =>
      db.transaction(async (tx) => {
        const written: boolean[] = [];
        for (const attempt of attempts) written.push(await writeAttempt(tx, attempt));
        return written;
      }),
  };
}
