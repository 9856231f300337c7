import type { CheckRecord } from '@sharecode/core';
import {
  checkError,
  expiredRecord,
  fail,
  finishedRecord,
  ok,
  queuedRecord,
  runningRecord,
} from '@sharecode/core';
import type { StoredAsyncCheck } from './async-ports.js';

/**
 * The record of spec 2.5 for a stored check, built with core's builders (as the MSW sandbox builds
 * it). A result past its `result_expires_at` is shown as deleted even if the sweep has not run yet.
 */
export function asyncCheckRecord(check: StoredAsyncCheck, now: Date): CheckRecord {
  const record = recordOf(check, now);
  // Only on a check made from a request: every other check's record is as before.
  return check.checkRequestId ? { ...record, check_request_id: check.checkRequestId } : record;
}

function recordOf(check: StoredAsyncCheck, now: Date): CheckRecord {
  let record = queuedRecord({
    id: check.id,
    mode: check.mode,
    clientReference: check.clientReference,
    callbackUrl: check.callbackUrl,
    createdAt: check.createdAt,
  });
  if (check.status === 'queued') return record;
  record = runningRecord(record, check.attempts);
  if (check.status === 'running' || check.completedAt === null) return record;
  const outcome =
    check.status === 'succeeded'
      ? ok(check.result)
      : fail(checkError(check.error?.code ?? 'INTERNAL', check.error?.message));
  record = finishedRecord(record, outcome, check.completedAt);
  const expired =
    check.resultExpired ||
    (check.resultExpiresAt !== null && check.resultExpiresAt.getTime() <= now.getTime());
  return expired ? expiredRecord(record) : record;
}

/** Past 30 days after its end a check is gone, even if the sweep has not deleted its row yet. */
export function isAsyncCheckGone(check: StoredAsyncCheck, now: Date): boolean {
  return check.statusExpiresAt !== null && check.statusExpiresAt.getTime() <= now.getTime();
}
