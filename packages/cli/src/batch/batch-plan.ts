import { readFile } from 'node:fs/promises';
import { fail, type Outcome, ok } from '@sharecode/core';
import { stringOption } from '../options.js';
import { counted } from '../output/plural.js';
import { type Failure, usageFailure } from '../render/failure.js';
import { type ColumnMap, mapColumns } from './columns.js';
import { type CsvRecord, isEmptyRecord, parseCsv } from './csv.js';
import { maskShareCode } from './mask.js';
import { type ResultLine, readResults } from './results-file.js';

export interface Row {
  row: number;
  record: CsvRecord;
  masked: string;
}

/** The CSV's rows and what an earlier run already finished. */
export interface Plan {
  csvPath: string;
  resultsPath: string;
  columns: ColumnMap;
  rows: Row[];
  done: Map<number, ResultLine>;
  endsCleanly: boolean;
  /** What the user should know about how the CSV was read: columns ignored, empty rows skipped. */
  notes: string[];
}

const usage = (message: string) => fail(usageFailure(message));

/** Reads the CSV and what an earlier run left in the results file; refuses a file that does not match. */
export async function planBatch(
  options: Readonly<Record<string, unknown>>,
  csvPath: string,
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
  const columns = mapColumns(header.cells);
  if (!columns.ok) return usage(`${csvPath}: ${columns.error}.`);
  if (records.length === 0) return usage(`${csvPath} has a header row but no applicants.`);
  const notes = readingNotes(columns.value.ignored, read.emptyRows);
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
  return ok({
    csvPath,
    resultsPath,
    columns: columns.value,
    rows,
    done: existing.value.byRow,
    endsCleanly: existing.value.endsCleanly,
    notes,
  });
}

/**
 * The header (the first row with anything in it) and the applicants' rows. Rows with nothing in any
 * cell are skipped: counted when they sit between applicants, not when they only trail the last one.
 */
function readRecords(all: readonly CsvRecord[]): {
  header: CsvRecord | undefined;
  records: CsvRecord[];
  emptyRows: number;
} {
  const filled = all.filter((record) => !isEmptyRecord(record));
  const [header, ...records] = filled;
  const last = records.at(-1);
  const emptyRows =
    header === undefined || last === undefined
      ? 0
      : all.filter((record) => record.line > header.line && record.line < last.line && isEmptyRecord(record))
          .length;
  return { header, records, emptyRows };
}

function readingNotes(ignored: readonly string[], emptyRows: number): string[] {
  const notes: string[] = [];
  if (ignored.length > 0) {
    const are = ignored.length === 1 ? 'is' : 'are';
    notes.push(
      `Ignoring ${counted(ignored.length, 'column')} that ${are} not part of a check: ${ignored.join(', ')}.`,
    );
  }
  if (emptyRows > 0) notes.push(`Skipped ${counted(emptyRows, 'empty row')}.`);
  return notes;
}
