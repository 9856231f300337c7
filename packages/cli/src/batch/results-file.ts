import { appendFile, readFile } from 'node:fs/promises';
import type { Outcome } from '@sharecode/core';
import type { SavedEvidence } from '@sharecode/sdk/node';

/** One line of the results file: one finished row. */
export interface ResultLine {
  /** The row's position among the CSV's records, 1 for the first applicant. */
  row: number;
  /** The line of the CSV the row starts on (as a spreadsheet numbers it; the header is line 1). */
  line: number;
  label?: string;
  /** Masked (`W*****001`): the file says which row, not the applicant's code. */
  share_code: string;
  ok: boolean;
  /** With ok: the API's result without the photo and PDF data URLs (they are in the evidence files). */
  result?: Record<string, unknown>;
  evidence?: SavedEvidence | null;
  /** With ok, when the evidence could not be saved (the result then keeps its data URLs). */
  evidence_error?: { code: string; message: string };
  /** With ok and --register: the receipt that filed the row in the evidence register. */
  register?: { receipt: number; reference: string; follow_up: string | null };
  /** With ok and --register, when the row could not be filed (the check still ran). */
  register_error?: { code: string; message: string };
  /** Without ok: the API's error body, or the CLI's own (CONNECTION_FAILED, ...). */
  error?: { code: string; message: string; upgrade_url?: string };
  /** Without ok: true when running the row again later may succeed; such rows run again on resume. */
  retryable?: boolean;
  finished_at: string;
}

/** A row is done once it has a result, or an error that retrying would not change. */
export function isFinal(line: ResultLine): boolean {
  return line.ok || line.retryable !== true;
}

export interface ExistingResults {
  /** The last line of each row. */
  byRow: Map<number, ResultLine>;
  /** False when the file does not end with a line break (a run was killed mid-write). */
  endsCleanly: boolean;
}

function isResultLine(value: unknown): value is ResultLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  return Number.isInteger(line.row) && typeof line.ok === 'boolean' && typeof line.share_code === 'string';
}

/**
 * What an earlier run left in the results file. Lines that are not complete JSON (a run killed
 * mid-write) are ignored: their rows run again.
 */
export async function readResults(path: string): Promise<Outcome<ExistingResults, string>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') {
      return { ok: true, value: { byRow: new Map(), endsCleanly: true } };
    }
    return { ok: false, error: `the results file ${path} cannot be read: pass another --results file` };
  }
  const byRow = new Map<number, ResultLine>();
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      continue;
    }
    if (isResultLine(parsed)) byRow.set(parsed.row, parsed);
  }
  return { ok: true, value: { byRow, endsCleanly: text === '' || text.endsWith('\n') } };
}

/**
 * Appends one finished row as one line, in a single write: a kill can lose the row in flight, never
 * leave half of a finished one.
 */
export async function appendResult(path: string, line: ResultLine, leadingNewline = false): Promise<void> {
  await appendFile(path, `${leadingNewline ? '\n' : ''}${JSON.stringify(line)}\n`, 'utf8');
}
