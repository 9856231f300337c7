import type {
  AttemptRecord,
  ClaimedDelivery,
  DeliveryState,
  WebhookDeliveriesRepo,
} from '../webhooks/webhook-ports.js';
import { checkSeals, prefixedRecord, recordColumns } from './async-check-row.js';
import { REQUEST_COLUMNS, REQUEST_FROM, type RequestRow, requestSeals } from './check-request-row.js';
import type { SealingKeys } from './data-keys.js';
import { type Db, queryableOf } from './db.js';
import { claimLeased, type LeasedTable, renewLeased, timeParams } from './leased-queue-sql.js';
import {
  type DeliveryRow,
  type DeliveryRows,
  deliveryColumns,
  newAttemptId,
} from './webhook-delivery-rows.js';
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
export function createWebhookDeliveryQueue(db: Db, keys: SealingKeys, rows: DeliveryRows): QueueOps {
  const checks = checkSeals(keys);
  const requests = requestSeals(keys, checks);

  /** The requests of the claimed request events (a second read, only when a batch has some). */
  const requestsOf = async (ids: readonly string[]) => {
    if (ids.length === 0) return new Map<string, RequestRow>();
    const { rows: found } = await db.query<RequestRow>(
      `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE r.id = ANY($1::text[])`,
      [ids],
    );
    return new Map(found.map((row) => [row.id, row]));
  };

  /**
   * Attempts recorded in one statement, whatever their number: each delivery moves on only while its
   * lease holds, and only those get their line in the log. One statement is atomic by itself, so a
   * batch costs one round trip rather than a transaction of two writes per attempt.
   */
  const writeAttempts = async (attempts: readonly AttemptRecord[]): Promise<boolean[]> => {
    const column = <T>(of: (attempt: AttemptRecord) => T): T[] => attempts.map(of);
    const { rows: written } = await db.query<{ delivery_id: string }>(
      `WITH input AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::double precision[],
                              $6::timestamptz[], $7::integer[], $8::text[], $9::boolean[], $10::integer[],
                              $11::text[], $12::text[])
           AS i(id, lease_token, state, due_at, due_after_ms, attempted_at, status_code, error_class,
                delivered, duration_ms, trigger, attempt_id)
       ), moved AS (
         UPDATE webhook_deliveries d SET
           state = i.state, attempts = d.attempts + 1,
           due_at = coalesce(i.due_at, now() + i.due_after_ms * interval '1 millisecond'),
           lease_token = NULL, last_attempt_at = i.attempted_at, last_status_code = i.status_code,
           last_error_class = i.error_class,
           completed_at = CASE WHEN i.state = 'pending' THEN NULL ELSE i.attempted_at END
           FROM input i
          WHERE d.id = i.id AND d.lease_token = i.lease_token AND d.state = 'pending'
         RETURNING d.id, d.account_id, d.mode, d.check_id, d.event_id, d.series, d.attempts
       )
       INSERT INTO webhook_attempts
         (id, delivery_id, account_id, mode, check_id, event_id, series, attempt, trigger, delivered,
          status_code, error_class, duration_ms, attempted_at)
       SELECT i.attempt_id, m.id, m.account_id, m.mode, m.check_id, m.event_id, m.series, m.attempts,
              i.trigger, i.delivered, i.status_code, i.error_class, i.duration_ms, i.attempted_at
         FROM moved m JOIN input i ON i.id = m.id
       RETURNING delivery_id`,
      [
        column((a) => a.delivery.id),
        column((a) => a.delivery.leaseToken),
        column(({ next }): DeliveryState => (next.type === 'retry' ? 'pending' : next.type)),
        column(
          ({ next }) => (next.type === 'retry' ? timeParams(next.dueAt)[0]?.toISOString() : null) ?? null,
        ),
        column(({ next }) => (next.type === 'retry' ? timeParams(next.dueAt)[1] : null)),
        column((a) => a.attemptedAt.toISOString()),
        column((a) => a.outcome.statusCode),
        column((a) => a.outcome.errorClass),
        column((a) => a.outcome.delivered),
        column((a) => Math.round(a.outcome.durationMs)),
        column((a) => (a.delivery.series > 1 ? 'resend' : 'scheduled')),
        column(() => newAttemptId()),
      ],
    );
    const done = new Set(written.map((row) => row.delivery_id));
    return attempts.map((attempt) => done.has(attempt.delivery.id));
  };

  return {
    async insert(transaction, delivery) {
      await rows.insert(queryableOf(transaction), delivery, 'pending', delivery.createdAt);
    },

    async claim(input) {
      const claimed = await claimLeased<
        DeliveryRow & { secret_sealed: Uint8Array | null } & Record<string, unknown>
      >(db, QUEUE, input, {
        // The lease before this claim: set, a run was lost and this claim takes the delivery over.
        dueColumns: 'check_id, lease_token AS prior_lease',
        join: 'LEFT JOIN async_checks c ON c.id = due.check_id',
        returning: `${deliveryColumns('q')},
           (SELECT s.secret_sealed FROM webhook_secrets s
             WHERE s.account_id = q.account_id AND s.mode = q.mode) AS secret_sealed,
           ${recordColumns('c', CHECK_PREFIX)}, due.prior_lease IS NOT NULL AS taken_over`,
      });
      const requestRows = await requestsOf(
        claimed.filter((row) => row.event_type.startsWith('check_request.')).map((row) => row.check_id),
      );
      return claimed.map((row): ClaimedDelivery => {
        const check = prefixedRecord(row, CHECK_PREFIX);
        const requestRow = requestRows.get(row.check_id);
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
          takenOver: row.taken_over === true,
          eventCreatedAt: row.event_created_at,
          secret:
            row.secret_sealed === null
              ? null
              : openWebhookSecret(keys.master, row.account_id, row.mode, row.secret_sealed),
          // As the check's own GET would read it: of this account and mode only.
          check:
            check && check.account_id === row.account_id && check.mode === row.mode
              ? checks.toStored(check)
              : null,
          request:
            requestRow && requestRow.account_id === row.account_id && requestRow.mode === row.mode
              ? requests.toStored(requestRow)
              : null,
        };
      });
    },

    renewLease: (id, leaseToken, leaseUntil) => renewLeased(db, QUEUE, id, leaseToken, leaseUntil),

    async recordAttempt(delivery, outcome, attemptedAt, next) {
      const [written] = await writeAttempts([{ delivery, outcome, attemptedAt, next }]);
      return written === true;
    },

    recordAttempts: writeAttempts,
  };
}
