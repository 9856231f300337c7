import { EXIT } from '../exit-codes.js';
import type { Output } from '../output/output.js';
import { counted } from '../output/plural.js';
import type { Backfill } from '../register/batch-backfill.js';
import { type Failure, printFailure } from '../render/failure.js';
import type { Plan } from './batch-plan.js';
import { failedRowNotice } from './failed-row.js';
import type { ResultLine } from './results-file.js';
import { rowList } from './row-list.js';
import { isFixable } from './row-selection.js';

export interface BatchRun {
  ran: number;
  skipped: number;
  /** Rows whose check was sent and recorded but not collected (a later run collects them). */
  pending: number;
  /** Rows whose check an earlier run had sent: collected now, not run again. */
  collected: number;
  aborted: Failure | undefined;
  interrupted: boolean;
  /** The command that goes on with the batch. */
  resume: string;
  /** Rows run again because their cells changed since their answer. */
  changed: number;
  /**
   * With --register: when this run started (its rows' lines finish after it) and the rows done
   * earlier filed now. The counts are of this run's filings in the register named, never earlier ones.
   */
  filing?: { since: string; backfill: Backfill } | undefined;
}

/** Prints the batch's totals and its failed rows; answers the exit code. */
export function summarise(out: Output, batch: Plan, run: BatchRun): number {
  const lines = batch.rows.map((row) => batch.done.get(row.row));
  const finished = lines.filter((line): line is ResultLine => line !== undefined);
  const outcomeOf = (line: ResultLine): unknown => line.result?.outcome;
  const since = run.filing?.since;
  // Filing counts are this run's: a line an earlier run wrote was filed (if at all) in its register.
  const thisRun = since === undefined ? [] : finished.filter((line) => line.finished_at >= since);
  const summary = {
    csv: batch.csvPath,
    results_file: batch.resultsPath,
    rows: batch.rows.length,
    skipped: run.skipped,
    ran: run.ran,
    // Rows this run was to check that did not end in it (in flight, or not started): rows = ran + skipped + still_to_run.
    still_to_run: batch.rows.length - run.ran - run.skipped,
    changed: run.changed,
    finished: finished.length,
    accepted: finished.filter((line) => line.ok && outcomeOf(line) === 'ACCEPTED').length,
    rejected: finished.filter((line) => line.ok && outcomeOf(line) === 'REJECTED').length,
    errors: finished.filter((line) => !line.ok).length,
    retryable: finished.filter((line) => !line.ok && line.retryable === true).length,
    fixable: finished.filter(isFixable).length,
    filed: thisRun.filter((line) => line.register !== undefined).length + (run.filing?.backfill.filed ?? 0),
    not_filed:
      thisRun.filter((line) => line.register_error !== undefined).length +
      (run.filing?.backfill.cannot.length ?? 0),
    already_filed: run.filing?.backfill.already ?? 0,
    collected: run.collected,
    in_flight: run.pending,
    not_run: batch.rows.length - finished.length - run.pending,
  };
  if (out.json) out.jsonValue(summary);
  else {
    const { bold, green, red } = out.out;
    const still = summary.still_to_run > 0 ? `, ${summary.still_to_run} still to run` : '';
    // A collected check ran (and was charged) once, in the earlier run: not counted as run now.
    const collected = run.collected > 0 ? `, ${run.collected} collected from an earlier run` : '';
    out.data(
      `${bold('Batch')} ${batch.csvPath}: ${counted(summary.rows, 'row')} (${run.ran - run.collected} run now${collected}, ${run.skipped} already done${still})`,
    );
    const inFlight = summary.in_flight > 0 ? `, ${summary.in_flight} still running on the service` : '';
    out.data(
      `  ${green(`${summary.accepted} ACCEPTED`)}, ${red(`${summary.rejected} REJECTED`)}, ${summary.errors} with errors${inFlight}, ${summary.not_run} not run`,
    );
    if (run.filing !== undefined) {
      const already = summary.already_filed > 0 ? `; ${summary.already_filed} already in it` : '';
      const notFiled = summary.not_filed > 0 ? `; ${summary.not_filed} could not be filed` : '';
      out.data(`  ${summary.filed} filed in the register now${already}${notFiled}`);
    }
    out.data(`Results: ${batch.resultsPath}`);
  }
  const cannot = run.filing?.backfill.cannot ?? [];
  if (summary.not_filed > cannot.length)
    out.notice('Rows of this run that could not be filed: see register_error in the results file.');
  if (cannot.length > 0) {
    out.notice(`${counted(cannot.length, 'row')} done by an earlier run cannot be filed in this register:`);
    for (const why of cannot.slice(0, 20)) out.notice(`  ${why}`);
    if (cannot.length > 20) out.notice(`  ... and ${cannot.length - 20} more.`);
    out.notice(
      'To file them, run just those rows again with --register (each a new check, charged on a live key), or keep their results file as their record.',
    );
  }
  if (run.collected > 0)
    out.notice(
      `${counted(run.collected, "row's check was", "rows' checks were")} already sent by an earlier run: collected, not run or charged again.`,
    );
  const failedRows = batch.rows.filter((row) => batch.done.get(row.row)?.ok === false);
  for (const row of failedRows.slice(0, 20)) {
    out.notice(failedRowNotice(row.row, row.record.line, batch.done.get(row.row)));
  }
  if (failedRows.length > 20)
    out.notice(`  ... and ${failedRows.length - 20} more: see ${batch.resultsPath}`);
  if (run.aborted) {
    printFailure(out, run.aborted, { body: false });
    if (run.aborted.code !== 'CONNECTION_FAILED')
      out.error(`The batch stopped; fix this, then go on where it stopped with: ${run.resume}`);
    return run.aborted.exitCode;
  }
  const pending =
    summary.in_flight > 0
      ? `${counted(summary.in_flight, 'check was', 'checks were')} still running when this run ended; their ids are in ${batch.resultsPath}. `
      : '';
  if (run.interrupted) {
    out.error(`Stopped by Ctrl-C. ${pending}Go on (nothing finished or sent runs again) with: ${run.resume}`);
    return EXIT.INTERRUPTED;
  }
  if (pending !== '') out.notice(`${pending}Collect them with: ${run.resume}`);
  if (summary.fixable > 0) {
    const rows = failedRows.filter((row) => isFixable(batch.done.get(row.row))).map((row) => row.row);
    out.notice(
      `${capitalised(rowList(rows))} failed with an answer a person can put right. A row you correct in the CSV runs again by itself on the next run; to check ${rows.length === 1 ? 'it' : 'them'} again as ${rows.length === 1 ? 'it is' : 'they are'} (the applicant confirmed their details, or has a new share code), run just ${rows.length === 1 ? 'that row (a new check' : 'those rows (each a new check'}, charged on a live key): ${run.resume} --retry-failed`,
    );
  }
  if (summary.retryable > 0) {
    const rows = summary.retryable === 1 ? 'the row' : `the ${summary.retryable} rows`;
    out.notice(`Run the same command again to retry ${rows} that may succeed later.`);
  }
  return summary.errors > 0 || summary.not_run > 0 || summary.in_flight > 0
    ? EXIT.BATCH_ROWS_FAILED
    : EXIT.OK;
}

function capitalised(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
