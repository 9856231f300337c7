import { type CheckRequest, checkRequestRecord } from '@sharecode/core/check-requests';
import { asyncCheckRecord, isAsyncCheckGone } from '../checks/async-record.js';
import type { StoredCheckRequest } from './request-ports.js';

/** The wire record of a stored request as of `now`: `check` its latest check as the async GET reads it. */
export function requestRecord(
  stored: StoredCheckRequest,
  now: Date,
  url: string | null = null,
): CheckRequest {
  const check = stored.latestCheck;
  const record = check && !isAsyncCheckGone(check, now) ? asyncCheckRecord(check, now) : null;
  return checkRequestRecord(stored.state, record, now, url);
}
