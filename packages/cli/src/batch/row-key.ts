import { createHmac, randomUUID } from 'node:crypto';
import { requestFingerprint } from '@sharecode/core';
import type { ValidatedRequest } from '@sharecode/core/validation';

/** A new batch's id: random, kept in the results file's first line, the secret of its rows' keys. */
export function newBatchId(): string {
  return `bat_${randomUUID().replaceAll('-', '')}`;
}

/**
 * The Idempotency-Key of one check of a row: the same whenever the same batch sends the same request
 * for the same row again, so a second run after a kill is answered with the check the first one queued
 * (spec 4.2) instead of a new, charged one. It changes with the request (an edited row is a new
 * check, not a refused reuse), and with the attempt (a row whose check failed with an error that may
 * pass runs a new check). Keyed with the batch's random id: the request's fingerprint is a hash of
 * guessable details and is never sent as it is.
 */
export function rowIdempotencyKey(
  batchId: string,
  rowKey: string,
  request: ValidatedRequest,
  attempt: number,
): string {
  const mac = createHmac('sha256', batchId)
    .update(JSON.stringify([rowKey, request.kind, requestFingerprint(request), attempt]))
    .digest('hex');
  return `rtw-batch-${mac.slice(0, 48)}`;
}

/** The prefix of a row key that is its label (rowKeys). */
export const LABEL_KEY = 'label:';

/**
 * What tells the row apart within its CSV: its label when every row has a distinct one (it follows
 * the person if rows move), else its position.
 */
export function rowKeys(labels: readonly (string | undefined)[]): string[] {
  const distinct = new Set(labels);
  const usable = !labels.includes(undefined) && distinct.size === labels.length;
  return labels.map((label, index) => (usable ? `${LABEL_KEY}${label}` : `row:${index + 1}`));
}
