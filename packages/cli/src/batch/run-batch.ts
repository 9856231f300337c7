import { basename } from 'node:path';
import type { CheckKind } from '@sharecode/core';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { flagOption, stringOption } from '../options.js';
import type { Output } from '../output/output.js';
import { counted } from '../output/plural.js';
import { type Backfill, fileDoneRows } from '../register/batch-backfill.js';
import { wantsRegister } from '../register/open-register.js';
import { cliFailure, stopWith } from '../render/failure.js';
import { openConnection } from '../runtime/connection.js';
import { planBatch } from './batch-plan.js';
import { summarise } from './batch-summary.js';
import { batchTargetOf } from './batch-target.js';
import { ResultsWriter } from './results-file.js';
import { resumeCommand } from './resume-command.js';
import { newBatchId } from './row-key.js';
import { rowList } from './row-list.js';
import { selectRows } from './row-selection.js';
import { type RowsOutcome, runRows } from './run-rows.js';

/**
 * `rtw check <kind> --batch FILE.csv`: every row, a few at a time (--concurrency), each through the
 * asynchronous endpoints with an Idempotency-Key of the batch, its check id then its end appended to
 * the results file. Running it again skips the finished rows and collects the checks already sent.
 */
export async function runBatch(ctx: CommandContext, out: Output, kind: CheckKind): Promise<number> {
  const { options } = ctx;
  const target = batchTargetOf(kind, options, ctx.io);
  const planned = await planBatch(options, stringOption(options, 'batch') ?? '', target);
  if (!planned.ok) return stopWith(out, planned.error);
  const batch = planned.value;
  if (batch.movedAside !== undefined)
    out.notice(`--restart: the earlier results are kept in ${batch.movedAside}; every row runs again.`);
  for (const note of batch.notes) out.notice(note);
  const retryFailed = flagOption(options, 'retryFailed');
  const { todo, skipped, changed } = selectRows(batch, batch.header?.batch, retryFailed);
  const resume = resumeCommand(ctx);
  if (skipped > 0 || batch.sent.size > 0) {
    const sent =
      batch.sent.size === 0
        ? ''
        : target.mode === 'sandbox'
          ? `; ${batch.sent.size} sent earlier will be sent again (the built-in sandbox forgot them)`
          : `; ${batch.sent.size} sent earlier will be collected, not run again`;
    out.notice(
      `Resuming: ${skipped} of ${counted(batch.rows.length, 'row')} ${skipped === 1 ? 'is' : 'are'} already in ${batch.resultsPath}${sent}.`,
    );
  }
  if (changed.length > 0)
    out.notice(
      `${counted(changed.length, 'row')} changed since ${changed.length === 1 ? 'its' : 'their'} last run, so ${changed.length === 1 ? 'it runs' : 'they run'} again (the earlier ${changed.length === 1 ? 'answer stays' : 'answers stay'} in ${batch.resultsPath}): ${rowList(changed.map((row) => row.row))}.`,
    );

  const since = new Date().toISOString();
  let outcome: RowsOutcome | undefined;
  if (todo.length > 0) {
    const opened = await openConnection(ctx, out);
    if (!opened.ok) return stopWith(out, opened.error);
    const connection = opened.value;
    const mode = target.mode ?? (connection.live ? 'live' : 'test');
    const writer = new ResultsWriter(batch.resultsPath, batch.endsCleanly);
    let batchId = batch.header?.batch;
    if (batchId === undefined) {
      // Written before any check is sent: every row's Idempotency-Key derives from this id.
      batchId = newBatchId();
      try {
        await writer.append({
          batch: batchId,
          kind,
          mode,
          server: target.server,
          csv: basename(batch.csvPath),
          started_at: new Date().toISOString(),
        });
      } catch (error) {
        connection.close();
        const message = error instanceof Error ? error.message : String(error);
        return stopWith(
          out,
          cliFailure(
            EXIT.UNEXPECTED,
            'CLI_ERROR',
            `The results file ${batch.resultsPath} cannot be written (${message}): pass another --results file.`,
          ),
        );
      }
    }
    outcome = await runRows({
      ctx,
      out,
      kind,
      batch,
      todo,
      connection,
      writer,
      batchId,
      mode,
      server: target.server,
      resume,
    });
  }
  let filing: { since: string; backfill: Backfill } | undefined;
  if (wantsRegister(options) && outcome?.aborted === undefined && outcome?.interrupted !== true) {
    // Rows an earlier run finished are filed in the register named now when they are not in it yet.
    const running = new Set(todo.map((row) => row.row));
    const done = batch.rows.map((row) => row.row).filter((row) => !running.has(row));
    filing = { since, backfill: await fileDoneRows(options, ctx.io, batch, done) };
  } else if (wantsRegister(options)) {
    filing = { since, backfill: { filed: 0, already: 0, cannot: [] } };
  }
  return summarise(out, batch, {
    filing,
    ran: outcome?.finished ?? 0,
    skipped,
    pending: outcome?.pending.size ?? batch.sent.size,
    collected: outcome?.collected ?? 0,
    aborted: outcome?.aborted,
    interrupted: outcome?.interrupted ?? false,
    resume,
    changed: changed.length,
  });
}
