import { readFile } from 'node:fs/promises';
import { readReceipts } from '@sharecode/register';
import type { CheckResult } from '@sharecode/sdk';
import type { Plan } from '../batch/batch-plan.js';
import type { ResultLine } from '../batch/results-file.js';
import type { CliIo } from '../context.js';
import { fileResult } from './file-result.js';
import { registerFor } from './open-register.js';

/** Rows done by an earlier run, filed now into the register this run names. */
export interface Backfill {
  /** Filed into this register by this run. */
  filed: number;
  /** Already in this register (filed by an earlier run into the same register). */
  already: number;
  /** Rows that cannot be filed, and why (one sentence each, naming the row). */
  cannot: string[];
}

async function dataUrl(path: string | undefined, mime: string): Promise<string | undefined> {
  if (path === undefined) return undefined;
  return `data:${mime};base64,${(await readFile(path)).toString('base64')}`;
}

/**
 * The result of a row an earlier run finished, with its photo and PDF read back from the files that
 * run saved. Undefined with a reason when they were not kept (`--no-evidence`, or kept only in the
 * register that run filed them in) or are gone.
 */
async function resultOf(line: ResultLine): Promise<{ result: CheckResult } | { why: string }> {
  const saved = line.evidence;
  if (line.result === undefined) return { why: 'its result is not in the results file' };
  // A result kept whole (its evidence could not be saved) still has its data URLs.
  if (typeof line.result.photo_data_url === 'string' || typeof line.result.pdf_data_url === 'string')
    return { result: line.result as unknown as CheckResult };
  if (saved === null || saved === undefined || (saved.photo === null && saved.pdf === null)) {
    return {
      why:
        line.register === undefined
          ? 'its photo and PDF were not kept (the run that checked it had --no-evidence)'
          : 'its photo and PDF were kept only in the register that run filed it in',
    };
  }
  try {
    const photo = await dataUrl(saved.photo?.path, 'image/jpeg');
    const pdf = await dataUrl(saved.pdf?.path, 'application/pdf');
    return {
      result: {
        ...line.result,
        ...(photo === undefined ? {} : { photo_data_url: photo }),
        ...(pdf === undefined ? {} : { pdf_data_url: pdf }),
      } as unknown as CheckResult,
    };
  } catch {
    const paths = [saved.photo?.path, saved.pdf?.path].filter((path) => path !== undefined);
    return { why: `its saved evidence is gone (${paths.join(', ')})` };
  }
}

/**
 * With --register on a rerun: the rows an earlier run finished with a result (and does not run
 * again) are filed into the register named now if they are not in it yet. A row already there is
 * found by its receipt (same kind, reference and time) and not filed twice.
 */
export async function fileDoneRows(
  options: Readonly<Record<string, unknown>>,
  io: CliIo,
  batch: Plan,
  rows: readonly number[],
): Promise<Backfill> {
  const backfill: Backfill = { filed: 0, already: 0, cannot: [] };
  const done = rows
    .map((row) => [row, batch.done.get(row)] as const)
    .filter((entry): entry is readonly [number, ResultLine] => entry[1]?.ok === true);
  if (done.length === 0) return backfill;
  const register = await registerFor(options, io, 'file');
  if (!register.ok) {
    for (const [row, line] of done)
      backfill.cannot.push(`row ${row} (line ${line.line}): ${register.error.message}`);
    return backfill;
  }
  // A check is in the register when a receipt has its reference and time (as fileCheck finds it).
  const inRegister = new Set(
    (await readReceipts(register.value))
      .map((stored) => stored.receipt)
      .filter((receipt) => receipt.type === 'check')
      .map((receipt) => `${receipt.reference}\u0000${receipt.checked_at}`),
  );
  for (const [row, line] of done) {
    const reference = (line.result?.reference as string | null | undefined) || `row-${row}`;
    if (inRegister.has(`${reference}\u0000${String(line.result?.checked_at)}`)) {
      backfill.already++;
      continue;
    }
    const read = await resultOf(line);
    if ('why' in read) {
      backfill.cannot.push(`row ${row} (line ${line.line}): ${read.why}`);
      continue;
    }
    const filed = await fileResult(options, io, read.result, {
      person: line.label ?? '',
      fallbackReference: `row-${row}`,
    });
    if (!filed.ok) backfill.cannot.push(`row ${row} (line ${line.line}): ${filed.error.message}`);
    else if (filed.value.alreadyFiled) backfill.already++;
    else backfill.filed++;
  }
  return backfill;
}
