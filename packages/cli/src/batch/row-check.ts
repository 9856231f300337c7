import type { ValidatedRequest } from '@sharecode/core/validation';
import type { CheckRecord } from '@sharecode/sdk';
import { isShareCodeApiError, isShareCodeTimeoutError } from '@sharecode/sdk';
import { EXIT } from '../exit-codes.js';
import { type Failure, failureFromError } from '../render/failure.js';
import { queueCheck } from '../request/send.js';
import type { Connection } from '../runtime/connection.js';
import type { BatchMode } from './batch-target.js';
import type { ResultsWriter, SentLine } from './results-file.js';
import { rowIdempotencyKey } from './row-key.js';

/** What a batch row's check came to. */
export type RowCheck =
  /** The check ended: its record, and whether an earlier run had already queued it. */
  | { type: 'ended'; record: CheckRecord; attempt: number; collected: boolean }
  /** No check exists for the row (refused when sent: INVALID_INPUT, BUSY...): `failure` says why. */
  | { type: 'refused'; failure: Failure; attempt: number }
  /** The row cannot go on for a reason that is not the row's (a key problem, the network). */
  | { type: 'stop'; failure: Failure; network: boolean }
  /** Its check was queued (its id recorded) but not collected: interrupted, or still running. */
  | { type: 'pending' }
  /** The recorded check cannot be read with this key: a row error, not run again. */
  | { type: 'lost'; checkId: string; attempt: number };

export interface RowCheckInput {
  connection: Connection;
  mode: BatchMode;
  batchId: string;
  rowKey: string;
  base: Pick<SentLine, 'row' | 'line' | 'label' | 'share_code'>;
  validated: ValidatedRequest;
  /** Which check of the row this is: 1, or more after a check that failed with an error that may pass. */
  attempt: number;
  /** The row's check an earlier run queued and never collected. */
  sent: SentLine['sent'] | undefined;
  writer: ResultsWriter;
  signal: AbortSignal;
  /** Told when a row was edited since its check was sent (that check still ran). */
  onEdited(checkId: string): void;
}

// Batch rows poll every second at first, then at most every 5 s (4 rows: under one request a second).
const POLL = { interval: 1_000, maxInterval: 5_000 };
const WAIT_MS = 600_000;

/**
 * Runs a row's check through the asynchronous endpoints with the row's Idempotency-Key, or collects
 * the check an earlier run queued, and waits for its end. The check's id is written to the results
 * file as soon as it is known, so a run stopped at any moment leaves it to be collected.
 */
export async function runRowCheck(input: RowCheckInput): Promise<RowCheck> {
  const { connection, validated, attempt, sent } = input;
  const key = rowIdempotencyKey(input.batchId, input.rowKey, validated, attempt);
  if (sent !== undefined && sent.idempotency_key === key) {
    const waited = await waitFor(input, sent.check_id);
    if (waited.type === 'ended') return { ...waited, collected: true };
    if (waited.type !== 'not_found') return waited;
    // The in-process sandbox forgets its checks when a run ends, and test checks are never charged:
    // send it again. A live check that cannot be read is not run twice.
    if (input.mode === 'live') return { type: 'lost', checkId: sent.check_id, attempt };
  } else if (sent !== undefined) {
    input.onEdited(sent.check_id);
  }
  let created: Awaited<ReturnType<typeof queueCheck>>;
  try {
    created = await queueCheck(connection.client, validated, {
      maxRetries: connection.retries,
      idempotencyKey: key,
      signal: input.signal,
    });
  } catch (error) {
    const failure = failureFromError(error);
    // Not recorded as sent: a later run sends it again with the same key, and finds it if it was made.
    if (input.signal.aborted) return { type: 'stop', failure, network: true };
    if (failure.exitCode === EXIT.AUTH_OR_PAYMENT) return { type: 'stop', failure, network: false };
    if (failure.code === 'CONNECTION_FAILED' || failure.code === 'CLIENT_TIMEOUT')
      return { type: 'stop', failure, network: true };
    return { type: 'refused', failure, attempt };
  }
  const checkId = created.check.id;
  await input.writer.append({
    ...input.base,
    sent: { check_id: checkId, idempotency_key: key, attempt, at: new Date().toISOString() },
  });
  const waited = await waitFor(input, checkId);
  if (waited.type === 'not_found') return { type: 'lost', checkId, attempt };
  return waited.type === 'ended' ? { ...waited, collected: created.replayed } : waited;
}

type Waited =
  | { type: 'ended'; record: CheckRecord; attempt: number }
  | { type: 'pending' }
  | { type: 'stop'; failure: Failure; network: boolean }
  | { type: 'not_found' };

async function waitFor(input: RowCheckInput, checkId: string): Promise<Waited> {
  const { connection } = input;
  try {
    const record = await connection.client.waitForCheck(checkId, {
      timeout: WAIT_MS,
      ...(connection.poll ?? POLL),
      signal: input.signal,
    });
    return { type: 'ended', record, attempt: input.attempt };
  } catch (error) {
    // Interrupted, or still running after the wait: the id is recorded, a later run collects it.
    if (input.signal.aborted || (isShareCodeTimeoutError(error) && error.phase === 'wait'))
      return { type: 'pending' };
    if (isShareCodeApiError(error) && (error.rawCode ?? error.code) === 'CHECK_NOT_FOUND')
      return { type: 'not_found' };
    return { type: 'stop', failure: failureFromError(error), network: false };
  }
}
