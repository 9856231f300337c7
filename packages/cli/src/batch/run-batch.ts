import { readFile } from 'node:fs/promises';
import type { CheckKind } from '@sharecode/core';
import type { CheckResult } from '@sharecode/sdk';
import type { CliIo, CommandContext } from '../context.js';
import { saveResultEvidence } from '../evidence/save.js';
import { EXIT } from '../exit-codes.js';
import { stringOption } from '../options.js';
import type { Output } from '../output/output.js';
import { startProgressBar } from '../output/progress-bar.js';
import { fileIfRegistering } from '../register/batch-row.js';
import {
  type Failure,
  failureFromError,
  printFailure,
  usageFailure,
  withMessage,
} from '../render/failure.js';
import { bodyFromOptions, flagOfField, REQUEST_FIELDS } from '../request/fields.js';
import { sendCheck } from '../request/send.js';
import { validateForKind } from '../request/validate.js';
import { type Connection, openConnection } from '../runtime/connection.js';
import { type ColumnMap, mapColumns, rowBody, rowLabel } from './columns.js';
import { type CsvRecord, parseCsv } from './csv.js';
import { failedRowNotice } from './failed-row.js';
import { maskShareCode } from './mask.js';
import { appendResult, isFinal, type ResultLine, readResults } from './results-file.js';

interface Row {
  row: number;
  record: CsvRecord;
  masked: string;
}

interface Plan {
  csvPath: string;
  resultsPath: string;
  columns: ColumnMap;
  rows: Row[];
  done: Map<number, ResultLine>;
  endsCleanly: boolean;
}

type Step<T> = { ok: true; value: T } | { ok: false; error: Failure };

const usage = (message: string): { ok: false; error: Failure } => ({
  ok: false,
  error: usageFailure(message),
});

/** Reads the CSV and what an earlier run left in the results file; refuses a file that does not match. */
async function plan(options: Readonly<Record<string, unknown>>, csvPath: string): Promise<Step<Plan>> {
  if (stringOption(options, 'shareCode') !== undefined || stringOption(options, 'dob') !== undefined) {
    return usage(
      '--share-code and --dob differ per applicant: put them in the CSV, not in flags, with --batch.',
    );
  }
  let text: string;
  try {
    text = await readFile(csvPath, 'utf8');
  } catch {
    return usage(`Cannot read ${csvPath}: check the path given to --batch.`);
  }
  const parsed = parseCsv(text);
  if (!parsed.ok) return usage(`${csvPath} is not valid CSV: ${parsed.error}.`);
  const [header, ...records] = parsed.value;
  if (header === undefined)
    return usage(`${csvPath} is empty: it needs a header row, then one row per applicant.`);
  const columns = mapColumns(header.cells);
  if (!columns.ok) return usage(`${csvPath}: ${columns.error}.`);
  if (records.length === 0) return usage(`${csvPath} has a header row but no applicants.`);
  const shareCodeColumn = columns.value.fields.get('share_code') ?? 0;
  const rows = records.map((record, index) => ({
    row: index + 1,
    record,
    masked: maskShareCode(record.cells[shareCodeColumn] ?? ''),
  }));

  const resultsPath = stringOption(options, 'results') ?? `${csvPath}.results.jsonl`;
  const existing = await readResults(resultsPath);
  if (!existing.ok) return usage(`Cannot resume: ${existing.error}.`);
  for (const [row, line] of existing.value.byRow) {
    const current = rows[row - 1];
    if (current === undefined || current.masked !== line.share_code) {
      return usage(
        `${resultsPath} holds results of another CSV (row ${row} differs): pass another --results file, or move that one away to start over.`,
      );
    }
  }
  return {
    ok: true,
    value: {
      csvPath,
      resultsPath,
      columns: columns.value,
      rows,
      done: existing.value.byRow,
      endsCleanly: existing.value.endsCleanly,
    },
  };
}

/** The result as the results file keeps it: without the data URLs, which are in the evidence files. */
function slim(result: CheckResult): Record<string, unknown> {
  const { photo_data_url: _photo, pdf_data_url: _pdf, ...rest } = result;
  return rest;
}

interface RowOutcome {
  line: ResultLine | undefined;
  /** Set when the row shows the whole batch cannot go on (a bad key, no quota). */
  abort: Failure | undefined;
}

async function runRow(
  kind: CheckKind,
  row: Row,
  plan: Plan,
  defaults: Readonly<Record<string, string>>,
  connection: Connection,
  options: Readonly<Record<string, unknown>>,
  io: CliIo,
): Promise<RowOutcome> {
  const label = rowLabel(row.record.cells, plan.columns);
  const base = {
    row: row.row,
    line: row.record.line,
    ...(label === undefined ? {} : { label }),
    share_code: row.masked,
  };
  const finished = (): string => new Date().toISOString();
  const where = (field: string): string => {
    const header = plan.columns.headers.get(field);
    return header === undefined
      ? `a ${field} column, or ${flagOfField(field)} for every row`
      : `column ${header}`;
  };
  const validated = validateForKind(kind, rowBody(row.record.cells, plan.columns, defaults), false, where);
  if (!validated.ok) {
    const error = validated.error;
    return {
      line: { ...base, ok: false, error: error.json.error, retryable: false, finished_at: finished() },
      abort: undefined,
    };
  }
  let result: CheckResult;
  try {
    result = await sendCheck(connection.client, validated.value, { maxRetries: connection.retries });
  } catch (error) {
    const failure = failureFromError(error);
    if (failure.exitCode === EXIT.AUTH_OR_PAYMENT) return { line: undefined, abort: failure };
    return {
      line: {
        ...base,
        ok: false,
        error: failure.json.error,
        retryable: failure.exitCode === EXIT.RETRYABLE,
        finished_at: finished(),
      },
      abort: undefined,
    };
  }
  const register = await fileIfRegistering(options, io, result, label, row.row);
  if (options.evidence === false) {
    return {
      line: { ...base, ok: true, result: slim(result), evidence: null, ...register, finished_at: finished() },
      abort: undefined,
    };
  }
  try {
    const evidence = await saveResultEvidence(result, stringOption(options, 'out') ?? '.', `row-${row.row}`);
    return {
      line: { ...base, ok: true, result: slim(result), evidence, ...register, finished_at: finished() },
      abort: undefined,
    };
  } catch (error) {
    // The check ran (and may have been charged): keep the evidence in the line rather than lose it.
    const failure = failureFromError(error);
    return {
      line: {
        ...base,
        ok: true,
        result: { ...result },
        evidence: null,
        evidence_error: failure.json.error,
        ...register,
        finished_at: finished(),
      },
      abort: undefined,
    };
  }
}

/**
 * `rtw check <kind> --batch FILE.csv`: every row, a few at a time (--concurrency), each finished row
 * appended to the results file as one JSON line. Running it again skips the rows already finished.
 */
export async function runBatch(ctx: CommandContext, out: Output, kind: CheckKind): Promise<number> {
  const { options } = ctx;
  const planned = await plan(options, stringOption(options, 'batch') ?? '');
  if (!planned.ok) {
    printFailure(out, planned.error);
    return planned.error.exitCode;
  }
  const batch = planned.value;
  const todo = batch.rows.filter((row) => {
    const line = batch.done.get(row.row);
    return line === undefined || !isFinal(line);
  });
  const skipped = batch.rows.length - todo.length;
  if (skipped > 0)
    out.notice(`Resuming: ${skipped} of ${batch.rows.length} rows are already in ${batch.resultsPath}.`);

  let aborted: Failure | undefined;
  if (todo.length > 0) {
    const opened = await openConnection(ctx, out);
    if (!opened.ok) {
      printFailure(out, opened.error);
      return opened.error.exitCode;
    }
    aborted = await runRows(ctx, out, kind, batch, todo, opened.value);
  }
  return summarise(out, batch, todo.length, skipped, aborted);
}

async function runRows(
  ctx: CommandContext,
  out: Output,
  kind: CheckKind,
  batch: Plan,
  todo: Row[],
  connection: Connection,
): Promise<Failure | undefined> {
  const { options } = ctx;
  const defaults = bodyFromOptions(options, REQUEST_FIELDS);
  const counts = { done: 0, total: todo.length, ok: 0, failed: 0 };
  const bar = startProgressBar(out.io.stderr, counts, { enabled: out.animate });
  const release = out.io.onInterrupt(() => {
    bar.stop();
    out.error(
      `${counts.done} rows were finished and saved in ${batch.resultsPath}; run the same command again to go on.`,
    );
  });
  let needsNewline = !batch.endsCleanly;
  let next = 0;
  let aborted: Failure | undefined;
  const concurrency = typeof options.concurrency === 'number' ? options.concurrency : 4;
  const worker = async (): Promise<void> => {
    while (aborted === undefined && next < todo.length) {
      const row = todo[next++];
      if (row === undefined) break;
      const outcome = await runRow(kind, row, batch, defaults, connection, options, ctx.io);
      if (outcome.abort) {
        aborted ??= outcome.abort;
        break;
      }
      if (outcome.line === undefined) continue;
      // A run killed mid-write left a partial last line: start on a fresh one.
      await appendResult(batch.resultsPath, outcome.line, needsNewline);
      needsNewline = false;
      batch.done.set(row.row, outcome.line);
      counts.done++;
      if (outcome.line.ok) counts.ok++;
      else counts.failed++;
      bar.update({ ...counts });
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, todo.length) }, worker));
  } catch (error) {
    const failure = failureFromError(error);
    aborted = withMessage(
      failure,
      `The results file cannot be written (${failure.message}); rows finished so far are kept.`,
    );
  } finally {
    bar.stop();
    release();
    connection.close();
  }
  return aborted;
}

function summarise(
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
      `${bold('Batch')} ${batch.csvPath}: ${summary.rows} rows (${ran} run now, ${skipped} already done)`,
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
