import { createHmac } from 'node:crypto';
import { tidyTypedRequest } from '@sharecode/core/validation';
import type { Row } from './batch-plan.js';
import { type ColumnMap, rowBody } from './columns.js';

/**
 * A keyed fingerprint of what a row asks the service (its own cells, as the service reads them), kept
 * in its results line: a later run compares it to tell a row edited since (a corrected date of
 * birth) from one unchanged. Keyed with the batch's id, as the rows' Idempotency-Keys are: a hash of a
 * share code and a birth date alone could be guessed. Flags and the label are left out: giving a flag
 * on a later run, or naming a column `label` as rtw suggests, must not make every row run, and be
 * charged, again.
 */
export function rowInput(batchId: string, row: Row, columns: ColumnMap): string {
  const body = tidyTypedRequest(rowBody(row.record.cells, columns, {}));
  const fields = Object.keys(body)
    .sort()
    .map((field) => [field, body[field]]);
  return createHmac('sha256', batchId)
    .update(JSON.stringify(['row-input', fields]))
    .digest('hex')
    .slice(0, 32);
}
