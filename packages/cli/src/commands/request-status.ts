import { finishWithRequest } from '../check-request/finish.js';
import { resumeCommand } from '../check-request/resume-command.js';
import { waitForRequest } from '../check-request/wait.js';
import type { CommandContext } from '../context.js';
import { argumentsOf, flagOption, numberOption } from '../options.js';
import { outputFor } from '../output/output.js';
import { registerUsable } from '../register/file-result.js';
import { failureFromError, stopWith, stopWithUsage } from '../render/failure.js';
import { openConnection } from '../runtime/connection.js';
import { withRequestNotFoundHint } from './request-hints.js';

/**
 * `rtw request status <id>`: the request as it stands, or with --wait once it has ended. With
 * --register, a submitted request's result is filed as `rtw check --register` files a check.
 */
export async function requestStatusCommand(ctx: CommandContext): Promise<number> {
  const out = outputFor(ctx);
  const raw = argumentsOf(ctx.options)[0];
  const id = typeof raw === 'string' ? raw.trim() : '';
  if (id === '')
    return stopWithUsage(out, 'Give the check request id (creq_...) that `rtw request` printed.');
  const noRegister = await registerUsable(ctx.options, ctx.io);
  if (noRegister) return stopWith(out, noRegister);
  const opened = await openConnection(ctx, out);
  if (!opened.ok) return stopWith(out, opened.error);
  const connection = opened.value;
  // A read writes evidence files only when told where (--out given), as `rtw poll` does.
  const outSource = ctx.sourceOf('out');
  const saveEvidence = outSource !== undefined && outSource !== 'default';
  const sandbox = connection.sandbox !== undefined;
  const resume = resumeCommand(id, ctx.options, ctx.io.env);
  try {
    if (flagOption(ctx.options, 'wait')) {
      const ended = await waitForRequest(
        out,
        connection,
        id,
        numberOption(ctx.options, 'timeout', 3600),
        resume,
      );
      if (!ended.ok) return stopWith(out, withRequestNotFoundHint(ended.error, sandbox));
      return await finishWithRequest(out, ctx.options, ended.value, saveEvidence, { resume });
    }
    try {
      const request = await connection.client.getCheckRequest(id, { maxRetries: connection.retries });
      return await finishWithRequest(out, ctx.options, request, saveEvidence, { resume });
    } catch (error) {
      return stopWith(out, withRequestNotFoundHint(failureFromError(error), sandbox));
    }
  } finally {
    connection.close();
  }
}
