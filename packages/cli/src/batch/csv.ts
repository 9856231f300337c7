import type { Outcome } from '@sharecode/core';
import { CsvError, parse } from 'csv-parse/sync';

/** One CSV record and the line of the file it starts on (1-based, as a spreadsheet numbers rows). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export interface ParsedCsv {
  /** The records, blank lines included as records of one empty cell (the caller counts them). */
  records: CsvRecord[];
  /** The separator found on the header line: a comma, a semicolon (spreadsheets in many locales) or a tab. */
  delimiter: ',' | ';' | '\t';
}

const DELIMITERS = [',', ';', '\t'] as const;

/**
 * The separator a spreadsheet used: the one of comma, semicolon and tab seen most often on the first
 * line outside quotes (a comma on a tie or when none is seen).
 */
export function detectDelimiter(text: string): ParsedCsv['delimiter'] {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: ParsedCsv['delimiter'] = ',';
  for (const d of DELIMITERS) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d;
  return best;
}

function csvErrorText(error: CsvError): string {
  const line = (error as { lines?: number }).lines;
  const where = line === undefined ? '' : `line ${line}: `;
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return `${where}a quoted field is never closed`;
  if (error.code === 'CSV_INVALID_CLOSING_QUOTE')
    return `${where}text after a closing quote (write a quote inside quotes as "")`;
  return `${where}${error.message}`;
}

/**
 * Parses CSV as spreadsheets export it (RFC 4180 with csv-parse): comma, semicolon or tab separated
 * (detected), quoted fields holding separators, line breaks and doubled quotes, CRLF or LF, a UTF-8
 * byte-order mark, rows of any length. Returns an error, never throws, on a quote left open.
 */
export function parseCsv(input: string): Outcome<ParsedCsv, string> {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const delimiter = detectDelimiter(text);
  let parsed: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // With `info`, each record comes with where it ends (csv-parse's types do not follow the option).
    parsed = parse(text, {
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: false,
    }) as unknown as typeof parsed;
  } catch (error) {
    if (error instanceof CsvError) return { ok: false, error: csvErrorText(error) };
    throw error;
  }
  let nextLine = 1;
  const records = parsed.map(({ record, info }) => {
    const line = nextLine;
    nextLine = info.lines + 1;
    return { line, cells: record };
  });
  return { ok: true, value: { records, delimiter } };
}

/** Whether every cell of the record is empty or spaces: a spreadsheet's empty row, or a blank line. */
export function isEmptyRecord(record: CsvRecord): boolean {
  return record.cells.every((cell) => cell.trim() === '');
}
