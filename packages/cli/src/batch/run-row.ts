import type { CheckKind } from '@sharecode/core';
import type { CheckResult } from '@sharecode/sdk';
import type { CliIo } from '../context.js';
import { saveResultEvidence } from '../evidence/save.js';
import { EXIT } from '../exit-codes.js';
import { stringOption } from '../options.js';
import { fileIfRegistering } from '../register/batch-row.js';
import { registerOnlyEvidence } from '../register/open-register.js';
import { apiFailure, type Failure, failureFromError } from '../render/failure.js';
import { validateForKind } from '../request/validate.js';
import type { Plan, Row } from './batch-plan.js';
import { columnWhere, rowBody, rowLabel } from './columns.js';
import type { ResultLine } from './results-file.js';
import { type RowCheckInput, runRowCheck } from './row-check.js';
import { rowInput } from './row-input.js';

/** The result as the results file keeps it: without the data URLs, which are in the evidence files. */
function slim(result: CheckResult): Record<string, unknown> {
  const { photo_data_url: _photo, pdf_data_url: _pdf, ...rest } = result;
  return rest;
}

export type RowOutcome =
  /** The row is finished (a result or an error): its line goes to the results file. */
  | { type: 'line'; line: ResultLine; collected: boolean }
  /** The batch cannot go on (a bad key, no quota, the service unreachable); no line for the row. */
  | { type: 'stop'; failure: Failure; network: boolean }
  /** The row's check is queued and recorded but was not collected in this run. */
  | { type: 'pending' };

export interface RowRun extends Pick<RowCheckInput, 'connection' | 'mode' | 'batchId' | 'writer' | 'signal'> {
  plan: Plan;
  defaults: Readonly<Record<string, string>>;
  options: Readonly<Record<string, unknown>>;
  io: CliIo;
  onEdited(row: number, checkId: string): void;
}

/** Which check of the row runs next: a new one only after a check that ended with an error that may pass. */
function attemptOf(plan: Plan, row: number): number {
  const sent = plan.sent.get(row);
  if (sent !== undefined) return sent.sent.attempt;
  const last = plan.done.get(row);
  if (last === undefined) return 1;
  return (last.attempt ?? 1) + (last.check_id === undefined ? 0 : 1);
}

/** One row: validated, its check run (or collected), its evidence saved and filed; its line made. */
export async function runRow(kind: CheckKind, row: Row, run: RowRun): Promise<RowOutcome> {
  const { plan } = run;
  const label = rowLabel(row.record.cells, plan.columns);
  const base = {
    row: row.row,
    line: row.record.line,
    ...(label === undefined ? {} : { label }),
    share_code: row.masked,
  };
  const head = {
    row: row.row,
    line: row.record.line,
    ...(label === undefined ? {} : { label }),
    share_code: row.masked,
    input: rowInput(run.batchId, row, plan.columns),
  };
  const finished = (): string => new Date().toISOString();
  const where = columnWhere(plan.columns);
  const validated = validateForKind(kind, rowBody(row.record.cells, plan.columns, run.defaults), true, where);
  if (!validated.ok) {
    const line = {
      ...head,
      ok: false,
      error: errorOf(validated.error),
      retryable: false,
      finished_at: finished(),
    };
    return { type: 'line', line, collected: false };
  }
  const check = await runRowCheck({
    ...run,
    rowKey: row.key,
    base,
    validated: validated.value,
    attempt: attemptOf(plan, row.row),
    sent: plan.sent.get(row.row)?.sent,
    onEdited: (checkId) => run.onEdited(row.row, checkId),
  });
  if (check.type === 'stop' || check.type === 'pending') return check;
  if (check.type === 'refused' || check.type === 'lost') {
    const failure = check.type === 'lost' ? lostCheck(check.checkId) : check.failure;
    const line: ResultLine = {
      ...head,
      ok: false,
      ...(check.type === 'lost' ? { check_id: check.checkId } : {}),
      attempt: check.attempt,
      error: errorOf(failure),
      retryable: failure.exitCode === EXIT.RETRYABLE,
      finished_at: finished(),
    };
    return { type: 'line', line, collected: false };
  }
  const { record } = check;
  const ids = { check_id: record.id, attempt: check.attempt };
  if (record.status === 'failed' || record.result === null) {
    const failure =
      record.status === 'failed'
        ? apiFailure(record.error ?? { code: 'INTERNAL', message: 'The check failed without an error.' })
        : expiredResult(record.id);
    const line: ResultLine = {
      ...head,
      ...ids,
      ok: false,
      error: errorOf(failure),
      retryable: failure.exitCode === EXIT.RETRYABLE,
      finished_at: finished(),
    };
    return { type: 'line', line, collected: check.collected };
  }
  const line = await finishRow(record.result, { ...head, ...ids }, label, row.row, run);
  return { type: 'line', line: { ...line, finished_at: finished() }, collected: check.collected };
}

/** Saves the evidence and files the result (with --register); the line keeps the result either way. */
async function finishRow(
  result: CheckResult,
  head: Omit<ResultLine, 'ok' | 'finished_at'>,
  label: string | undefined,
  row: number,
  run: RowRun,
): Promise<Omit<ResultLine, 'finished_at'>> {
  const { options } = run;
  const register = await fileIfRegistering(options, run.io, result, label, row);
  if (options.evidence === false || registerOnlyEvidence(options))
    return { ...head, ok: true, result: slim(result), evidence: null, ...register };
  try {
    const evidence = await saveResultEvidence(result, stringOption(options, 'out') ?? '.', `row-${row}`);
    return { ...head, ok: true, result: slim(result), evidence, ...register };
  } catch (error) {
    // The check ran (and may have been charged): keep the evidence in the line rather than lose it.
    const failure = failureFromError(error);
    return {
      ...head,
      ok: true,
      result: { ...result },
      evidence: null,
      evidence_error: errorOf(failure),
      ...register,
    };
  }
}

function errorOf(failure: Failure): { code: string; message: string } {
  return failure.json.error;
}

function lostCheck(checkId: string): Failure {
  return apiFailure({
    code: 'CHECK_NOT_FOUND',
    message: `The check sent for this row (${checkId}) cannot be read with this API key: it belongs to another account, or its record was deleted 30 days after it ended. It is not run again by itself: resume with the key the batch was started with, or run the batch again with --restart (its rows are charged again).`,
  });
}

function expiredResult(checkId: string): Failure {
  return apiFailure({
    code: 'RESULT_EXPIRED',
    message: `The check ${checkId} succeeded, but the service deleted its result 7 days after the check, so its photo and PDF can no longer be fetched. Find the evidence saved then, or check the person again with --restart.`,
  });
}
