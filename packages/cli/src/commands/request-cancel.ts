import { renderRequest } from '../check-request/render.js';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { argumentsOf } from '../options.js';
import { outputFor } from '../output/output.js';
import { failureFromError, stopWith, stopWithUsage } from '../render/failure.js';
import { openConnection } from '../runtime/connection.js';
import { withRequestNotFoundHint } from './request-hints.js';

/** `rtw request cancel <id>`: close a waiting request's link (its page answers 410 from now on). */
export async function requestCancelCommand(ctx: CommandContext): Promise<number> {
  const out = outputFor(ctx);
  const raw = argumentsOf(ctx.options)[0];
  const id = typeof raw === 'string' ? raw.trim() : '';
  if (id === '') return stopWithUsage(out, 'Give the check request id (creq_...) to cancel.');
  const opened = await openConnection(ctx, out);
  if (!opened.ok) return stopWith(out, opened.error);
  const connection = opened.value;
  try {
    const request = await connection.client.cancelCheckRequest(id, { maxRetries: connection.retries });
    if (out.json) out.jsonValue(request);
    else for (const text of renderRequest(request, out.out)) out.data(text);
    out.notice(`Cancelled: the link of ${request.id} no longer works. Nothing is charged for it.`);
    return EXIT.OK;
  } catch (error) {
    return stopWith(
      out,
      withRequestNotFoundHint(failureFromError(error), connection.sandbox !== undefined, id),
    );
  } finally {
    connection.close();
  }
}
