import type { KeyMode } from '../accounts/api-key.js';
import { randomBase62 } from '../accounts/random-id.js';
import { type DeliveryErrorClass, isDeliveryErrorClass } from '../webhooks/delivery-outcome.js';
import type { WebhookEventType } from '../webhooks/sign-event.js';
import type { DeliveryRecord, DeliveryState, NewDelivery } from '../webhooks/webhook-ports.js';
import type { SealingKeys } from './data-keys.js';
import { type Queryable, toBuffer } from './db.js';
import { dueAtOnceSql } from './leased-queue-sql.js';

/** The rows of `webhook_deliveries` and `webhook_attempts`: what is written, and how a row is read. */

export interface DeliveryRow {
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

const FIELDS = `id, event_id, account_id, mode, check_id, event_type, url_sealed, state, series, attempts,
  due_at, event_created_at, created_at, last_attempt_at, last_status_code, last_error_class,
  completed_at, expires_at`;

/** The delivery columns, from `alias` when given. */
export const deliveryColumns = (alias = ''): string =>
  alias
    ? FIELDS.split(',')
        .map((c) => `${alias}.${c.trim()}`)
        .join(', ')
    : FIELDS;

const urlAad = (id: string) => `webhook_deliveries:${id}:url_sealed`;

export const newAttemptId = (): string => `att_${randomBase62(24)}`;

/** One line of the attempt log. */
export interface AttemptLine {
  readonly deliveryId: string;
  readonly accountId: string;
  readonly mode: KeyMode;
  readonly checkId: string;
  readonly eventId: string;
  readonly series: number;
  readonly attempt: number;
  readonly trigger: 'scheduled' | 'resend' | 'test';
  readonly delivered: boolean;
  readonly statusCode: number | null;
  readonly errorClass: DeliveryErrorClass | null;
  readonly durationMs: number;
  readonly attemptedAt: Date;
}

export interface DeliveryRows {
  openUrl(row: Pick<DeliveryRow, 'id' | 'url_sealed'>): string;
  toRecord(row: DeliveryRow): DeliveryRecord;
  /** `dueAt` null: final at once (a test event); else due at once. */
  insert(q: Queryable, delivery: NewDelivery, state: DeliveryState, dueAt: Date | null): Promise<unknown>;
  insertAttempt(q: Queryable, line: AttemptLine): Promise<unknown>;
}

export function deliveryRows(keys: SealingKeys): DeliveryRows {
  const openUrl = (row: Pick<DeliveryRow, 'id' | 'url_sealed'>): string => {
    const opened = keys.open(toBuffer(row.url_sealed), urlAad(row.id));
    if (!opened.ok) throw new Error(`the URL of delivery ${row.id} does not decrypt with the configured key`);
    return opened.value.toString('utf8');
  };
  return {
    openUrl,
    toRecord: (row) => ({
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
    }),
    insert: async (q, d, state, dueAt) =>
      q.query(
        `INSERT INTO webhook_deliveries
           (id, event_id, account_id, mode, check_id, event_type, url_sealed, state, due_at,
            event_created_at, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8,
                 CASE WHEN $9::timestamptz IS NULL THEN NULL ELSE ${dueAtOnceSql(9)} END, $10, $11, $12)`,
        [
          d.id,
          d.eventId,
          d.accountId,
          d.mode,
          d.checkId,
          d.type,
          // The key of the day the delivery is deleted on (data-keys.ts).
          await keys.sealUntil(q, d.expiresAt, d.url, urlAad(d.id)),
          state,
          dueAt,
          d.eventCreatedAt,
          d.createdAt,
          d.expiresAt,
        ],
      ),
    insertAttempt: (q, line) =>
      q.query(
        `INSERT INTO webhook_attempts
           (id, delivery_id, account_id, mode, check_id, event_id, series, attempt, trigger, delivered,
            status_code, error_class, duration_ms, attempted_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          newAttemptId(),
          line.deliveryId,
          line.accountId,
          line.mode,
          line.checkId,
          line.eventId,
          line.series,
          line.attempt,
          line.trigger,
          line.delivered,
          line.statusCode,
          line.errorClass,
          Math.round(line.durationMs),
          line.attemptedAt,
        ],
      ),
  };
}
