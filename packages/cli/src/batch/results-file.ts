import { appendFile, readFile } from 'node:fs/promises';
import type { Outcome } from '@sharecode/core';
import type { SavedEvidence } from '@sharecode/sdk/node';
import type { BatchTarget } from './batch-target.js';

/**
 * The results file's first line: what the batch is (kind, mode, server) and its id, from which every
 * row's Idempotency-Key is derived. Written before the first check is sent.
 */
export interface BatchHeader extends BatchTarget {
  batch: string;
  csv: string;
  started_at: string;
}

/** A row's check was queued (or found already queued): its id, so a later run collects it. */
export interface SentLine {
  row: number;
  line: number;
  /** The row's label, when it has one: a later run finds the row by it if rows moved. */
  label?: string;
  share_code: string;
  sent: { check_id: string; idempotency_key: string; attempt: number; at: string };
}

/** One line of the results file: one finished row. */
export interface ResultLine {
  /** The row's position among the CSV's records, 1 for the first applicant. */
  row: number;
  /** The line of the CSV the row starts on (as a spreadsheet numbers it; the header is line 1). */
  line: number;
  label?: string;
  /** Masked (`W*****001`): the file says which row, not the applicant's code. */
  share_code: string;
  /**
   * A keyed fingerprint of the row's cells when it ran (row-input.ts): a later run runs a row whose
   * cells changed again. Absent in lines of an earlier rtw.
   */
  input?: string;
  ok: boolean;
  /** The service's id of the row's check, when one was queued. */
  check_id?: string;
  /** Which check of the row this is (1, then 2 after a retryable failure...): part of its Idempotency-Key. */
  attempt?: number;
  /** With ok: the API's result without the photo and PDF data URLs (they are in the evidence files). */
  result?: Record<string, unknown>;
  evidence?: SavedEvidence | null;
  /** With ok, when the evidence could not be saved (the result then keeps its data URLs). */
  evidence_error?: { code: string; message: string };
  /** With ok and --register: the receipt that filed the row in the evidence register. */
  register?: { receipt: number; reference: string; follow_up: string | null };
  /** With ok and --register, when the row could not be filed (the check still ran). */
  register_error?: { code: string; message: string };
  /** Without ok: the API's error body, or the CLI's own (CHECK_NOT_FOUND, ...). */
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
  /** The batch's first line; undefined for a new file (or one an older rtw wrote: see `legacy`). */
  header: BatchHeader | undefined;
  /** The file holds rows but no header: written by an rtw that did not record kind, mode and server. */
  legacy: boolean;
  /** The last result line of each row. */
  byRow: Map<number, ResultLine>;
  /** Each row's latest queued check, when no result line came after it. */
  sent: Map<number, SentLine>;
  /** The same two by the rows' labels, for a CSV whose rows moved (batch-plan.ts `followLabels`). */
  byLabel: Map<string, ResultLine>;
  sentByLabel: Map<string, SentLine>;
  /** Some line has no label (written without a label column): rows can only be found by position. */
  unlabelled: boolean;
  /** False when the file does not end with a line break (a run was killed mid-write). */
  endsCleanly: boolean;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isResultLine(value: unknown): value is ResultLine {
  return (
    isObject(value) &&
    Number.isInteger(value.row) &&
    typeof value.ok === 'boolean' &&
    typeof value.share_code === 'string'
  );
}

function isSentLine(value: unknown): value is SentLine {
  if (!isObject(value) || !Number.isInteger(value.row) || !isObject(value.sent)) return false;
  const sent = value.sent;
  return (
    typeof value.share_code === 'string' &&
    typeof sent.check_id === 'string' &&
    typeof sent.idempotency_key === 'string' &&
    Number.isInteger(sent.attempt)
  );
}

function isHeader(value: unknown): value is BatchHeader {
  return (
    isObject(value) &&
    typeof value.batch === 'string' &&
    typeof value.kind === 'string' &&
    typeof value.mode === 'string' &&
    typeof value.server === 'string'
  );
}

/**
 * What an earlier run left in the results file. Lines that are not complete JSON (a run killed
 * mid-write) are ignored: their rows run again (or are collected, by their Idempotency-Key).
 */
export async function readResults(path: string): Promise<Outcome<ExistingResults, string>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') {
      return {
        ok: true,
        value: {
          header: undefined,
          legacy: false,
          byRow: new Map(),
          sent: new Map(),
          byLabel: new Map(),
          sentByLabel: new Map(),
          unlabelled: false,
          endsCleanly: true,
        },
      };
    }
    return { ok: false, error: `the results file ${path} cannot be read: pass another --results file` };
  }
  let header: BatchHeader | undefined;
  const byRow = new Map<number, ResultLine>();
  const sent = new Map<number, SentLine>();
  const byLabel = new Map<string, ResultLine>();
  const sentByLabel = new Map<string, SentLine>();
  let unlabelled = false;
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      continue;
    }
    if (header === undefined && byRow.size === 0 && sent.size === 0 && isHeader(parsed)) header = parsed;
    else if (isResultLine(parsed)) {
      byRow.set(parsed.row, parsed);
      sent.delete(parsed.row);
      if (typeof parsed.label === 'string') {
        byLabel.set(parsed.label, parsed);
        sentByLabel.delete(parsed.label);
      } else unlabelled = true;
    } else if (isSentLine(parsed)) {
      sent.set(parsed.row, parsed);
      if (typeof parsed.label === 'string') sentByLabel.set(parsed.label, parsed);
      else unlabelled = true;
    }
  }
  const legacy = header === undefined && (byRow.size > 0 || sent.size > 0);
  return {
    ok: true,
    value: {
      header,
      legacy,
      byRow,
      sent,
      byLabel,
      sentByLabel,
      unlabelled,
      endsCleanly: text === '' || text.endsWith('\n'),
    },
  };
}

/**
 * Appends lines to the results file one at a time, each in a single write: a kill can lose the line
 * being written, never leave half of one before another. The first write starts on a fresh line when
 * a killed run left a partial one.
 */
export class ResultsWriter {
  readonly path: string;
  #needsNewline: boolean;
  #queue: Promise<void> = Promise.resolve();

  constructor(path: string, endsCleanly: boolean) {
    this.path = path;
    this.#needsNewline = !endsCleanly;
  }

  append(line: BatchHeader | SentLine | ResultLine): Promise<void> {
    const text = `${this.#needsNewline ? '\n' : ''}${JSON.stringify(line)}\n`;
    this.#needsNewline = false;
    const write = this.#queue.then(() => appendFile(this.path, text, { encoding: 'utf8', mode: 0o600 }));
    this.#queue = write.catch(() => {});
    return write;
  }
}
