import type { CommandContext } from '../context.js';
import { finishWithRecord } from '../flow/finish.js';
import { waitForEnd } from '../flow/wait.js';
import { argumentsOf, flagOption, numberOption } from '../options.js';
import { outputFor } from '../output/output.js';
import { failureFromError, printFailure, stopWith, stopWithUsage } from '../render/failure.js';
import { openConnection } from '../runtime/connection.js';

/** `rtw poll <check-id>`: the check as it stands, or with --wait once it has ended. */
export async function pollCommand(ctx: CommandContext): Promise<number> {
  const out = outputFor(ctx);
  const raw = argumentsOf(ctx.options)[0];
  const id = typeof raw === 'string' ? raw.trim() : '';
  if (id === '') return stopWithUsage(out, 'Give the check id (chk_...) that `rtw async` printed.');
  const opened = await openConnection(ctx, out);
  if (!opened.ok) return stopWith(out, opened.error);
  const connection = opened.value;
  // A read writes files only when told where (--out given, not its default).
  const outSource = ctx.sourceOf('out');
  const saveEvidence = outSource !== undefined && outSource !== 'default';
  try {
    if (flagOption(ctx.options, 'wait')) {
      const finished = await waitForEnd(out, connection, id, numberOption(ctx.options, 'timeout', 600));
      if (!finished.ok) {
        printFailure(out, withNotFoundHint(finished.error, connection.sandbox !== undefined));
        return finished.error.exitCode;
      }
      return await finishWithRecord(out, ctx.options, finished.value, saveEvidence);
    }
    try {
      const record = await connection.client.getCheck(id, { maxRetries: connection.retries });
      return await finishWithRecord(out, ctx.options, record, saveEvidence);
    } catch (error) {
      const failure = withNotFoundHint(failureFromError(error), connection.sandbox !== undefined);
      return stopWith(out, failure);
    }
  } finally {
    connection.close();
  }
}

// The in-process sandbox lives as long as one command: a check queued by an earlier command is gone.
// On a service, the dashboard also lists synchronous checks (`rtw check`), whose ids no GET answers.
function withNotFoundHint<F extends { code: string; details: string[] }>(failure: F, sandbox: boolean): F {
  if (failure.code !== 'CHECK_NOT_FOUND') return failure;
  failure.details.unshift(
    sandbox
      ? 'The --sandbox forgets its checks when a command ends: use `rtw async --sandbox --wait`, or run `rtw sandbox serve` and poll it with --base-url.'
      : 'If the dashboard lists this id as Synchronous (an `rtw check`), its answer went back once, with its request, and no command can fetch it again: only checks made with `rtw async` (or a batch) can be polled.',
  );
  return failure;
}
