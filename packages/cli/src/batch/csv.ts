import type { Outcome } from '@sharecode/core';

/** One CSV record and the line of the file it starts on (1-based, as a spreadsheet numbers rows). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * Parses CSV text (RFC 4180): comma-separated, fields in double quotes may hold commas, line breaks
 * and doubled quotes; CRLF or LF line ends; a UTF-8 byte-order mark is ignored; blank lines are
 * skipped. Returns an error, never throws, on a quote left open or text after a closing quote.
 */
export function parseCsv(input: string): Outcome<CsvRecord[], string> {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let afterQuote = false;
  let cellStarted = false;

  const endCell = (): void => {
    cells.push(cell);
    cell = '';
    afterQuote = false;
    cellStarted = false;
  };
  const endRecord = (): void => {
    endCell();
    // A line with nothing on it is not a record.
    if (!(cells.length === 1 && cells[0] === '')) records.push({ line: recordLine, cells });
    cells = [];
  };

  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i);
    if (quoted) {
      if (char === '"') {
        if (text.charAt(i + 1) === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        if (char === '\n') line++;
        cell += char;
      }
      continue;
    }
    if (char === ',') {
      endCell();
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text.charAt(i + 1) === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else if (char === '"' && !cellStarted) {
      quoted = true;
      cellStarted = true;
    } else if (afterQuote) {
      if (char === ' ' || char === '\t') continue;
      return {
        ok: false,
        error: `line ${line}: text after a closing quote (write a quote inside quotes as "")`,
      };
    } else {
      if (char !== ' ' && char !== '\t') cellStarted = true;
      cell += char;
    }
  }
  if (quoted) return { ok: false, error: `line ${recordLine}: a quoted field is never closed` };
  if (cell !== '' || cells.length > 0) endRecord();
  return { ok: true, value: records };
}
