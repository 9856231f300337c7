import { EXIT } from '../exit-codes.js';
import type { Output } from '../output/output.js';
import { counted } from '../output/plural.js';
import { type Failure, printFailure } from '../render/failure.js';
import type { Plan } from './batch-plan.js';
import { failedRowNotice } from './failed-row.js';
import type { ResultLine } from './results-file.js';

/** Prints the batch's totals and its failed rows; answers the exit code. */
export function summarise(
  out: Output,
  batch: Plan,
  ran: number,
  skipped: number,
  aborted: Failure | undefined,
): number {
  const lines = batch.rows.map((row) => batch.done.get(row.row));
  const finished = lines.filter((line): line is ResultLine => line !== undefined);
  const outcomeOf = (line: ResultLine): unknown => line.result?.outcome;
  const summary = {
    csv: batch.csvPath,
    results_file: batch.resultsPath,
    rows: batch.rows.length,
    skipped,
    ran,
    finished: finished.length,
    accepted: finished.filter((line) => line.ok && outcomeOf(line) === 'ACCEPTED').length,
    rejected: finished.filter((line) => line.ok && outcomeOf(line) === 'REJECTED').length,
    errors: finished.filter((line) => !line.ok).length,
    retryable: finished.filter((line) => !line.ok && line.retryable === true).length,
    not_run: batch.rows.length - finished.length,
  };
  if (out.json) out.jsonValue(summary);
  else {
    const { bold, green, red } = out.out;
    out.data(
      `${bold('Batch')} ${batch.csvPath}: ${counted(summary.rows, 'row')} (${ran} run now, ${skipped} already done)`,
    );
    out.data(
      `  ${green(`${summary.accepted} ACCEPTED`)}, ${red(`${summary.rejected} REJECTED`)}, ${summary.errors} with errors, ${summary.not_run} not run`,
    );
    out.data(`Results: ${batch.resultsPath}`);
  }
  const failedRows = batch.rows.filter((row) => batch.done.get(row.row)?.ok === false);
  for (const row of failedRows.slice(0, 20)) {
    out.notice(failedRowNotice(row.row, row.record.line, batch.done.get(row.row)));
  }
  if (failedRows.length > 20)
    out.notice(`  ... and ${failedRows.length - 20} more: see ${batch.resultsPath}`);
  if (aborted) {
    printFailure(out, aborted, { body: false });
    out.error('The batch stopped; fix this, then run the same command again to go on where it stopped.');
    return aborted.exitCode;
  }
  if (summary.retryable > 0) {
    const rows = summary.retryable === 1 ? 'the row' : `the ${summary.retryable} rows`;
    out.notice(`Run the same command again to retry ${rows} that may succeed later.`);
  }
  return summary.errors > 0 || summary.not_run > 0 ? EXIT.BATCH_ROWS_FAILED : EXIT.OK;
}
