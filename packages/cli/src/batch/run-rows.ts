import type { CheckKind } from '@sharecode/core';
import type { CommandContext } from '../context.js';
import type { Output } from '../output/output.js';
import { startProgressBar } from '../output/progress-bar.js';
import { type Failure, failureFromError, withMessage } from '../render/failure.js';
import { bodyFromOptions, REQUEST_FIELDS } from '../request/fields.js';
import type { Connection } from '../runtime/connection.js';
import type { Plan, Row } from './batch-plan.js';
import { appendResult } from './results-file.js';
import { runRow } from './run-row.js';

/**
 * Runs the rows still to do, `--concurrency` at a time, appending each finished row to the results
 * file; answers the failure that stopped the batch, if one did.
 */
export async function runRows(
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
