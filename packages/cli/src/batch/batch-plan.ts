import { readFile, rename } from 'node:fs/promises';
import { fail, type Outcome, ok } from '@sharecode/core';
import { flagOption, stringOption } from '../options.js';
import { counted } from '../output/plural.js';
import { type Failure, usageFailure } from '../render/failure.js';
import { type BatchMode, type BatchTarget, targetMismatch } from './batch-target.js';
import { type ColumnMap, LABEL_COLUMN, mapColumns, rowLabel } from './columns.js';
import { type CsvRecord, isEmptyRecord, parseCsv } from './csv.js';
import { maskShareCode } from './mask.js';
import {
  type BatchHeader,
  type ExistingResults,
  type ResultLine,
  readResults,
  type SentLine,
} from './results-file.js';
import { LABEL_KEY, rowKeys } from './row-key.js';

export interface Row {
  row: number;
  record: CsvRecord;
  masked: string;
  /** The row's label, or its position: part of its checks' Idempotency-Keys. */
  key: string;
}

/** The CSV's rows and what an earlier run already finished. */
export interface Plan {
  csvPath: string;
  resultsPath: string;
  columns: ColumnMap;
  rows: Row[];
  done: Map<number, ResultLine>;
  /** Rows whose check was queued by an earlier run and never collected. */
  sent: Map<number, SentLine>;
  /** The results file's first line, when an earlier run wrote one. */
  header: BatchHeader | undefined;
  endsCleanly: boolean;
  /** With --restart: where the earlier results file was moved. */
  movedAside: string | undefined;
  /** What the user should know about how the CSV was read: columns ignored, empty rows skipped. */
  notes: string[];
}

const usage = (message: string) => fail(usageFailure(message));

/** Reads the CSV and what an earlier run left in the results file; refuses a file that does not match. */
export async function planBatch(
  options: Readonly<Record<string, unknown>>,
  csvPath: string,
  target: { kind: BatchTarget['kind']; mode: BatchMode | undefined; server: string },
): Promise<Outcome<Plan, Failure>> {
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
  const read = readRecords(parsed.value.records);
  const { header, records } = read;
  if (header === undefined)
    return usage(`${csvPath} is empty: it needs a header row, then one row per applicant.`);
  const columns = mapColumns(header.cells, target.kind);
  if (!columns.ok) return usage(`${csvPath}: ${columns.error}.`);
  if (records.length === 0) return usage(`${csvPath} has a header row but no applicants.`);
  const notes = readingNotes(columns.value, read.emptyRows);
  const shareCodeColumn = columns.value.fields.get('share_code') ?? 0;
  const keys = rowKeys(records.map((record) => rowLabel(record.cells, columns.value)));
  const rows = records.map((record, index) => ({
    row: index + 1,
    record,
    masked: maskShareCode(record.cells[shareCodeColumn] ?? ''),
    key: keys[index] ?? `row:${index + 1}`,
  }));

  const resultsPath = stringOption(options, 'results') ?? `${csvPath}.results.jsonl`;
  let movedAside: string | undefined;
  if (flagOption(options, 'restart')) {
    const moved = await moveAside(resultsPath);
    if (!moved.ok) return moved;
    movedAside = moved.value;
  }
  const existing = await readResults(resultsPath);
  if (!existing.ok) return usage(`Cannot resume: ${existing.error}.`);
  const { header: recorded } = existing.value;
  const { done: byRow, sent } = followLabels(rows, existing.value) ?? {
    done: existing.value.byRow,
    sent: existing.value.sent,
  };
  const startOver = `pass another --results file, or add --restart to start the batch again (the old file is kept beside it; rows run, and are charged, again)`;
  if (existing.value.legacy) {
    return usage(
      `${resultsPath} was written by an earlier rtw that did not record the kind of check, the mode and the server, so it cannot be resumed safely: ${startOver}.`,
    );
  }
  const mismatch = recorded === undefined ? undefined : targetMismatch(recorded, target);
  if (mismatch !== undefined)
    return usage(`${resultsPath} belongs to another batch: ${mismatch}. To go on, ${startOver}.`);
  const another = anotherCsv(rows, [...byRow, ...sent]);
  if (another !== undefined)
    return usage(`${resultsPath} holds results of another CSV (row ${another} differs): ${startOver}.`);
  return ok({
    csvPath,
    resultsPath,
    columns: columns.value,
    rows,
    done: byRow,
    sent,
    header: recorded,
    endsCleanly: existing.value.endsCleanly,
    movedAside,
    notes,
  });
}

/** --restart: the earlier results file is kept, renamed, never deleted (it records checks that were charged). */
async function moveAside(path: string): Promise<Outcome<string | undefined, Failure>> {
  const aside = `${path}.${new Date().toISOString().replace(/[:.]/g, '-')}.old`;
  try {
    await rename(path, aside);
    return ok(aside);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return ok(undefined);
    return usage(`Cannot move ${path} aside for --restart: ${(error as Error).message}.`);
  }
}

/**
 * The header (the first row with anything in it) and the applicants' rows. Rows with nothing in any
 * cell are skipped, and all counted, trailing ones too: someone who sees two empty rows in their
 * spreadsheet is told two. The file's final line break ends a row; csv-parse makes no row of it.
 */
function readRecords(all: readonly CsvRecord[]): {
  header: CsvRecord | undefined;
  records: CsvRecord[];
  emptyRows: number;
} {
  const filled = all.filter((record) => !isEmptyRecord(record));
  const [header, ...records] = filled;
  return { header, records, emptyRows: all.length - filled.length };
}

function readingNotes(columns: ColumnMap, emptyRows: number): string[] {
  const { ignored, labelLike } = columns;
  const notes: string[] = [];
  if (ignored.length > 0) {
    const are = ignored.length === 1 ? 'is' : 'are';
    notes.push(
      `Ignoring ${counted(ignored.length, 'column')} that ${are} not part of a check: ${ignored.join(', ')}.`,
    );
  }
  if (labelLike !== undefined)
    notes.push(
      `To keep ${JSON.stringify(labelLike)} with each row's result (and as the person in the register), name that column ${LABEL_COLUMN}: it is never sent.`,
    );
  if (emptyRows > 0) notes.push(`Skipped ${counted(emptyRows, 'empty row')}.`);
  return notes;
}

/**
 * With a distinct label on every row (their Idempotency-Keys are keyed by label already: row-key.ts),
 * an earlier run's lines follow their label to the row's place now: a starter added at the top, or a
 * leaver's row deleted, moves rows without running, and charging, them again. Undefined when a row
 * has no label, or a line was written without one: then rows are found by position, as before.
 */
function followLabels(
  rows: readonly Row[],
  existing: ExistingResults,
): { done: Map<number, ResultLine>; sent: Map<number, SentLine> } | undefined {
  if (existing.unlabelled || !rows.every((row) => row.key.startsWith(LABEL_KEY))) return undefined;
  const done = new Map<number, ResultLine>();
  const sent = new Map<number, SentLine>();
  for (const row of rows) {
    const label = row.key.slice(LABEL_KEY.length);
    const moved = { row: row.row, line: row.record.line };
    const line = existing.byLabel.get(label);
    if (line !== undefined) done.set(row.row, { ...line, ...moved });
    const queued = existing.sentByLabel.get(label);
    if (queued !== undefined) sent.set(row.row, { ...queued, ...moved });
  }
  return { done, sent };
}

/**
 * The row that shows a results file belongs to another CSV, if it does: more than half of the rows it
 * recorded now hold another share code. Fewer is a CSV whose rows were corrected: those rows run again.
 */
function anotherCsv(
  rows: readonly Row[],
  recorded: ReadonlyArray<readonly [number, { share_code: string }]>,
): number | undefined {
  const differing = recorded.filter(([row, line]) => rows[row - 1]?.masked !== line.share_code);
  const beyond = recorded.find(([row]) => rows[row - 1] === undefined);
  if (beyond !== undefined) return beyond[0];
  return differing.length * 2 > recorded.length ? differing[0]?.[0] : undefined;
}
