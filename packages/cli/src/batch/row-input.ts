import { createHmac } from 'node:crypto';
import { tidyTypedRequest } from '@sharecode/core/validation';
import type { Row } from './batch-plan.js';
import { type ColumnMap, rowBody, rowLabel } from './columns.js';

/**
 * A keyed fingerprint of what a row's own cells say (its fields as the service reads them, and its
 * label), kept in its results line: a later run compares it to tell a row edited since (a corrected
 * date of birth) from one unchanged. Keyed with the batch's id, as the rows' Idempotency-Keys are: a
 * hash of a share code and a birth date alone could be guessed. Flags are left out: a flag given or
 * changed on a later run does not make every row run, and be charged, again.
 */
export function rowInput(batchId: string, row: Row, columns: ColumnMap): string {
  const body = tidyTypedRequest(rowBody(row.record.cells, columns, {}));
  const fields = Object.keys(body)
    .sort()
    .map((field) => [field, body[field]]);
  const label = rowLabel(row.record.cells, columns) ?? null;
  return createHmac('sha256', batchId)
    .update(JSON.stringify(['row-input', fields, label]))
    .digest('hex')
    .slice(0, 32);
}
