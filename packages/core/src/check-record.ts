import type { CheckRecord, CheckResult, Mode } from './contract.js';
import type { Outcome } from './outcome.js';
import { addDays } from './util/dates.js';

/** Spec 3: the result, client_reference and callback_url are kept this many days after the check ends. */
export const RESULT_RETENTION_DAYS = 7;
/** Spec 3 and 8: status and error code stay readable this many days after the end, then the check is gone. */
export const STATUS_RETENTION_DAYS = 30;

/** When a check that ended at `endedAt` loses its result (the record's `result_expires_at`). */
export function resultExpiresAt(endedAt: Date): Date {
  return addDays(endedAt, RESULT_RETENTION_DAYS);
}

/** When a check that ended at `endedAt` is deleted altogether (afterwards: 404 CHECK_NOT_FOUND). */
export function statusExpiresAt(endedAt: Date): Date {
  return addDays(endedAt, STATUS_RETENTION_DAYS);
}

export interface QueuedRecordFields {
  readonly id: string;
  readonly mode: Mode;
  readonly clientReference: string | null;
  /** Fixed when queued (spec 6.3): the request's URL, else the account's default for the mode. */
  readonly callbackUrl: string | null;
  readonly createdAt: Date;
}

/** The record the 202 carries (spec 2.5): queued, attempts 0, nothing else known yet. */
export function queuedRecord(fields: QueuedRecordFields): CheckRecord {
  return {
    id: fields.id,
    status: 'queued',
    mode: fields.mode,
    client_reference: fields.clientReference,
    callback_url: fields.callbackUrl,
    attempts: 0,
    result: null,
    error: null,
    result_expires_at: null,
    result_expired: false,
    created_at: fields.createdAt.toISOString(),
    completed_at: null,
  };
}

/**
 * A check between its first run and its end: `running`, including while a retry waits, so a poller
 * sees queued, running, then a final state and never queued again. `attempts` counts runs started.
 */
export function runningRecord(record: CheckRecord, attempts: number): CheckRecord {
  return { ...record, status: 'running', attempts };
}

/**
 * The ended check: the result, or the error the synchronous call would have answered. A succeeded
 * outcome whose value is null stands for a result already deleted (see `expiredRecord`).
 */
export function finishedRecord(
  record: CheckRecord,
  outcome: Outcome<CheckResult | null>,
  endedAt: Date,
): CheckRecord {
  return {
    ...record,
    status: outcome.ok ? 'succeeded' : 'failed',
    result: outcome.ok ? outcome.value : null,
    error: outcome.ok ? null : { code: outcome.error.code, message: outcome.error.message },
    completed_at: endedAt.toISOString(),
    result_expires_at: resultExpiresAt(endedAt).toISOString(),
  };
}

/**
 * The record once its result is deleted (spec 3): result, client_reference and callback_url gone,
 * result_expired true; status, attempts, error and times stay.
 */
export function expiredRecord(record: CheckRecord): CheckRecord {
  return { ...record, result: null, client_reference: null, callback_url: null, result_expired: true };
}
