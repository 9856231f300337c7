import type { CheckKind } from '@sharecode/core';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import type { Output } from '../output/output.js';
import { type ProgressBar, startProgressBar } from '../output/progress-bar.js';
import { cliFailure, type Failure, failureFromError, withMessage } from '../render/failure.js';
import { bodyFromOptions, REQUEST_FIELDS } from '../request/fields.js';
import type { Connection } from '../runtime/connection.js';
import type { Plan, Row } from './batch-plan.js';
import type { BatchMode } from './batch-target.js';
import type { ResultsWriter } from './results-file.js';
import { runRow } from './run-row.js';

/** Requests in a row that could not reach the service before the batch stops (SDK retries included). */
export const NETWORK_FAILURES_TO_STOP = 5;

export interface RowsRun {
  ctx: CommandContext;
  out: Output;
  kind: CheckKind;
  batch: Plan;
  todo: Row[];
  connection: Connection;
  writer: ResultsWriter;
  batchId: string;
  mode: BatchMode;
  server: string;
  /** The command that goes on with the batch, for the messages. */
  resume: string;
}

export interface RowsOutcome {
  /** What stopped the batch before its end (a key problem, the service unreachable), if anything. */
  aborted: Failure | undefined;
  /** Ctrl-C: no row was started after it. */
  interrupted: boolean;
  /** Rows whose check was queued (and recorded) but not collected. */
  pending: Set<number>;
  /** Rows whose check an earlier run had queued: collected, not run again. */
  collected: number;
  /** Rows that ended in this run (a result or an error), their lines written. */
  finished: number;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/**
 * Runs the rows still to do, `--concurrency` at a time; each row's check id, then its end, are
 * appended to the results file. Ctrl-C stops starting rows and waits for those in flight (a second
 * one exits, their ids kept); a run of requests that cannot reach the service stops the batch.
 */
export async function runRows(run: RowsRun): Promise<RowsOutcome> {
  const { ctx, out, batch, todo, connection } = run;
  const counts = { done: 0, total: todo.length, ok: 0, failed: 0 };
  const state: RunState = { stopStarting: false, interrupted: false, aborted: undefined };
  const pending = new Set(todo.filter((row) => batch.sent.has(row.row)).map((row) => row.row));
  const inFlight = new Set<number>();
  let collected = 0;
  const stopper = new AbortController();
  const bar = startProgressBar(out.io.stderr, counts, { enabled: out.animate });
  const releaseInterrupts = handleInterrupts(run, { inFlight, counts, state, bar });

  const releaseWatch = stopOnOutage(run, state, stopper);

  const defaults = bodyFromOptions(ctx.options, REQUEST_FIELDS);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (!state.stopStarting && next < todo.length) {
      const row = todo[next++];
      if (row === undefined) break;
      inFlight.add(row.row);
      const outcome = await runRow(run.kind, row, {
        ...run,
        plan: batch,
        defaults,
        options: ctx.options,
        io: ctx.io,
        signal: stopper.signal,
        onEdited: (rowNumber, checkId) =>
          out.notice(
            `Row ${rowNumber} changed since its check ${checkId} was sent: that check still ran (see it with rtw poll ${checkId}); the row runs again as it is now.`,
          ),
      }).finally(() => inFlight.delete(row.row));
      if (outcome.type === 'pending') {
        pending.add(row.row);
        continue;
      }
      if (outcome.type === 'stop') {
        // A row the network kept from being sent is simply not run; the watch above stops the batch.
        if (!outcome.network) {
          state.aborted ??= outcome.failure;
          state.stopStarting = true;
        }
        continue;
      }
      await run.writer.append(outcome.line);
      pending.delete(row.row);
      batch.sent.delete(row.row);
      batch.done.set(row.row, outcome.line);
      if (outcome.collected) collected++;
      counts.done++;
      if (outcome.line.ok) counts.ok++;
      else counts.failed++;
      if (!state.interrupted) bar.update({ ...counts });
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrencyOf(ctx), todo.length) }, worker));
  } catch (error) {
    const failure = failureFromError(error);
    state.aborted = withMessage(
      failure,
      `The results file cannot be written (${failure.message}); rows finished so far are kept.`,
    );
  } finally {
    bar.stop();
    releaseInterrupts();
    releaseWatch();
    connection.close();
  }
  return {
    aborted: state.aborted,
    interrupted: state.interrupted,
    pending,
    collected,
    finished: counts.done,
  };
}

interface RunState {
  stopStarting: boolean;
  interrupted: boolean;
  aborted: Failure | undefined;
}

/**
 * Ctrl-C: the first stops starting rows and says what is in flight (the batch then waits for it);
 * the second ends the process with a note of the checks still in flight. Answers the release.
 */
function handleInterrupts(
  run: RowsRun,
  live: { inFlight: Set<number>; counts: { done: number }; state: RunState; bar: ProgressBar },
): () => void {
  const { out, batch } = run;
  const { inFlight, counts, state, bar } = live;
  const charged = run.mode === 'live' ? ' and be charged' : '';

  const releaseFirst = out.io.deferInterrupt?.(() => {
    state.stopStarting = true;
    state.interrupted = true;
    bar.stop();
    const n = inFlight.size;
    const flying =
      n === 1
        ? `1 check is in flight: it will finish on the service${charged}, and rtw waits for it to save its result. Press Ctrl-C again to stop waiting: its check id is kept`
        : `${n} checks are in flight: they will finish on the service${charged}, and rtw waits for them to save their results. Press Ctrl-C again to stop waiting: their check ids are kept`;
    out.error(
      `\nCtrl-C: no new rows will start. ${flying} in ${batch.resultsPath}, and ${nextRun(run.mode, n === 1 ? 'it' : 'them')}.`,
    );
  });
  const releaseLast = out.io.onInterrupt(() => {
    bar.stop();
    const waiting = inFlight.size;
    if (waiting === 0)
      return `${plural(counts.done, 'row was', 'rows were')} finished and saved in ${batch.resultsPath}; to go on, run: ${run.resume}`;
    return `${plural(waiting, 'check', 'checks')} still in flight will finish${charged}; their ids are kept in ${batch.resultsPath}, and ${nextRun(run.mode, 'them')}. To go on, run: ${run.resume}`;
  });
  return () => {
    releaseFirst?.();
    releaseLast();
  };
}

/** What the next run does with the checks in flight: collects them, or (the built-in sandbox) sends them again. */
export function nextRun(mode: BatchMode, them: string): string {
  return mode === 'sandbox'
    ? `the next run sends ${them} again (the built-in sandbox forgets its checks when rtw exits; they cost nothing)`
    : `running the same command again collects ${them} without running ${them} again`;
}

function concurrencyOf(ctx: CommandContext): number {
  const value = ctx.options.concurrency;
  return typeof value === 'number' ? value : 4;
}

/** Stops the batch (no row starts, the waits end, their ids kept) after a run of requests that failed to connect. */
function stopOnOutage(run: RowsRun, state: RunState, stopper: AbortController): () => void {
  let failuresInARow = 0;
  return run.connection.watchNetwork((reached) => {
    failuresInARow = reached ? 0 : failuresInARow + 1;
    if (failuresInARow >= NETWORK_FAILURES_TO_STOP && !stopper.signal.aborted) {
      state.stopStarting = true;
      state.aborted ??= unreachable(run, failuresInARow);
      stopper.abort();
    }
  });
}

function unreachable(run: RowsRun, failures: number): Failure {
  return cliFailure(
    EXIT.RETRYABLE,
    'CONNECTION_FAILED',
    `Cannot reach ${run.server}: ${failures} requests in a row failed, so the batch stopped rather than try every row. Check --base-url (or RTW_BASE_URL) and your network; once the service answers again, go on with: ${run.resume}`,
  );
}
