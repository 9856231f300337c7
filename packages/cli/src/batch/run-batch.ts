import type { CheckKind } from '@sharecode/core';
import type { CommandContext } from '../context.js';
import { stringOption } from '../options.js';
import type { Output } from '../output/output.js';
import { counted } from '../output/plural.js';
import { type Failure, stopWith } from '../render/failure.js';
import { openConnection } from '../runtime/connection.js';
import { planBatch } from './batch-plan.js';
import { summarise } from './batch-summary.js';
import { isFinal } from './results-file.js';
import { runRows } from './run-rows.js';

/**
 * `rtw check <kind> --batch FILE.csv`: every row, a few at a time (--concurrency), each finished row
 * appended to the results file as one JSON line. Running it again skips the rows already finished.
 */
export async function runBatch(ctx: CommandContext, out: Output, kind: CheckKind): Promise<number> {
  const { options } = ctx;
  const planned = await planBatch(options, stringOption(options, 'batch') ?? '');
  if (!planned.ok) return stopWith(out, planned.error);
  const batch = planned.value;
  for (const note of batch.notes) out.notice(note);
  const todo = batch.rows.filter((row) => {
    const line = batch.done.get(row.row);
    return line === undefined || !isFinal(line);
  });
  const skipped = batch.rows.length - todo.length;
  if (skipped > 0)
    out.notice(
      `Resuming: ${skipped} of ${counted(batch.rows.length, 'row')} ${skipped === 1 ? 'is' : 'are'} already in ${batch.resultsPath}.`,
    );

  let aborted: Failure | undefined;
  if (todo.length > 0) {
    const opened = await openConnection(ctx, out);
    if (!opened.ok) return stopWith(out, opened.error);
    aborted = await runRows(ctx, out, kind, batch, todo, opened.value);
  }
  return summarise(out, batch, todo.length, skipped, aborted);
}
