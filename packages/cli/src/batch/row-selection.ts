import type { Plan, Row } from './batch-plan.js';
import { isFinal, type ResultLine } from './results-file.js';
import { rowInput } from './row-input.js';

/**
 * Errors a person can put right without the CSV changing (the applicant confirms their details or
 * gets a new code; the Home Office corrects its record): run again with --retry-failed only, as each
 * is a new check (charged on a live key).
 */
export const FIXABLE_ERRORS: ReadonlySet<string> = new Set(['INVALID_INPUT', 'DOB_MISMATCH', 'NOT_FOUND']);

/** Why a row runs in this run. */
export type RunReason = 'new' | 'retryable' | 'changed' | 'unsent' | 'retry-failed';

export interface Selection {
  todo: Row[];
  /** Rows with a final answer, unchanged: not run again. */
  skipped: number;
  /** Rows edited since their answer: they run again (the earlier answer stays in the results file). */
  changed: Row[];
}

/** A row refused by rtw's own check of the request: nothing was sent, so checking it again costs nothing. */
function neverSent(line: ResultLine): boolean {
  return !line.ok && line.attempt === undefined && line.check_id === undefined;
}

/**
 * Whether the row's answer is final and failed, after it was sent, with an error a person can put
 * right (a row refused before sending is checked again on every run anyway).
 */
export function isFixable(line: ResultLine | undefined): boolean {
  return (
    line !== undefined &&
    !line.ok &&
    isFinal(line) &&
    !neverSent(line) &&
    FIXABLE_ERRORS.has(line.error?.code ?? '')
  );
}

function reasonOf(
  plan: Plan,
  row: Row,
  batchId: string | undefined,
  retryFailed: boolean,
): RunReason | undefined {
  const line = plan.done.get(row.row);
  if (line === undefined) return 'new';
  if (!isFinal(line)) return 'retryable';
  // Lines written before rows were fingerprinted (no `input`) are taken as unchanged.
  if (
    batchId !== undefined &&
    line.input !== undefined &&
    line.input !== rowInput(batchId, row, plan.columns)
  )
    return 'changed';
  if (neverSent(line)) return 'unsent';
  if (retryFailed && isFixable(line)) return 'retry-failed';
  return undefined;
}

/** The rows this run checks: new, retryable, edited, never sent, and with --retry-failed the fixable failures. */
export function selectRows(plan: Plan, batchId: string | undefined, retryFailed: boolean): Selection {
  const todo: Row[] = [];
  const changed: Row[] = [];
  for (const row of plan.rows) {
    const reason = reasonOf(plan, row, batchId, retryFailed);
    if (reason === undefined) continue;
    todo.push(row);
    if (reason === 'changed') changed.push(row);
  }
  return { todo, skipped: plan.rows.length - todo.length, changed };
}
