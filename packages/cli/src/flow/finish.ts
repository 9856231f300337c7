import { relative, sep } from 'node:path';
import type { CheckRecord, CheckResult } from '@sharecode/sdk';
import { saveResultEvidence } from '../evidence/save.js';
import { EXIT } from '../exit-codes.js';
import { flagOption, stringOption } from '../options.js';
import type { Output } from '../output/output.js';
import { fileIfAsked } from '../register/file-result.js';
import { registerOnlyEvidence } from '../register/open-register.js';
import { apiFailure, type Failure, failureFromError, printFailure, withMessage } from '../render/failure.js';
import { renderRecord } from '../render/record-summary.js';
import { renderResult } from '../render/result-summary.js';

type Options = Readonly<Record<string, unknown>>;

function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' || rel.startsWith('..') || rel.startsWith(sep) ? path : rel;
}

/** Saves a result's photo and PDF (unless --no-evidence) and says where; a failure is returned. */
export async function saveEvidenceFor(
  out: Output,
  options: Options,
  result: CheckResult,
  fallbackName: string,
): Promise<Failure | undefined> {
  if (options.evidence === false || registerOnlyEvidence(options)) return undefined;
  const dir = stringOption(options, 'out') ?? '.';
  try {
    const saved = await saveResultEvidence(result, dir, fallbackName);
    const say = (text: string): void => (out.json ? out.notice(text) : out.data(text));
    if (saved.photo) say(`Photo saved:      ${shown(saved.photo.path)}`);
    if (saved.pdf) say(`PDF saved:        ${shown(saved.pdf.path)}`);
    if (!saved.photo || !saved.pdf) {
      out.notice(
        `This result carries no ${saved.photo ? 'PDF' : saved.pdf ? 'photo' : 'photo or PDF'}; keep the result JSON (--json) as your record.`,
      );
    }
    return undefined;
  } catch (error) {
    const failure = failureFromError(error);
    return withMessage(failure, `The check ran, but its evidence was not saved: ${failure.message}`);
  }
}

/** Prints a result (or, with --json, exactly the API's result) and saves its evidence. */
export async function finishWithResult(
  out: Output,
  options: Options,
  result: CheckResult,
  fallbackName: string,
): Promise<number> {
  if (out.json) out.jsonValue(result);
  else for (const text of renderResult(result, out.out)) out.data(text);
  const failure =
    (await saveEvidenceFor(out, options, result, fallbackName)) ??
    (await fileIfAsked(out, options, result, fallbackName));
  if (failure) {
    // stdout already holds the result: the explanation goes to stderr only.
    printFailure(out, failure, { body: false });
    return failure.exitCode;
  }
  return EXIT.OK;
}

/**
 * Prints an asynchronous check as it stands (with --json, exactly the API's record). A succeeded
 * check's evidence is saved; a failed one exits with its error's code; one still in progress exits 0.
 */
export async function finishWithRecord(
  out: Output,
  options: Options,
  record: CheckRecord,
  /** False: a read (`rtw poll` without --out) writes no file, it says how to get them. */
  saveEvidence = true,
): Promise<number> {
  if (out.json) out.jsonValue(record);
  else for (const text of renderRecord(record, out.out)) out.data(text);
  if (record.status === 'succeeded') {
    if (record.result === null) return EXIT.OK;
    if (!out.json) {
      out.data('');
      for (const text of renderResult(record.result, out.out)) out.data(text);
    }
    // A read (`rtw poll` without --out) writes no evidence file; --register is asked for explicitly.
    const saved = saveEvidence ? await saveEvidenceFor(out, options, record.result, record.id) : undefined;
    if (!saveEvidence && options.evidence !== false)
      out.notice('Photo and PDF not saved: a poll only reads. Add --out DIR to save them there.');
    const failure = saved ?? (await fileIfAsked(out, options, record.result, record.id));
    if (failure) {
      printFailure(out, failure, { body: false });
      return failure.exitCode;
    }
    return EXIT.OK;
  }
  if (record.status === 'failed') {
    const error = record.error ?? { code: 'INTERNAL', message: 'The check failed without an error.' };
    const failure = apiFailure(error);
    // The record is already on stdout with --json; the explanation goes to stderr.
    printFailure(out, failure, { body: false });
    return failure.exitCode;
  }
  if (!flagOption(options, 'wait')) {
    out.notice(`Still ${record.status}. Wait for the end with: rtw poll ${record.id} --wait`);
  }
  return EXIT.OK;
}
