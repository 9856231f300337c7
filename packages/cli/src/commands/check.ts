import type { CommandContext } from '../context.js';
import { finishWithResult } from '../flow/finish.js';
import { checkKindOf, isKindName } from '../kinds.js';
import { argumentsOf, stringOption } from '../options.js';
import { type Output, outputFor } from '../output/output.js';
import { startSpinner } from '../output/spinner.js';
import { registerUsable } from '../register/file-result.js';
import { wantsRegister } from '../register/open-register.js';
import { failureFromError, stopWith, stopWithUsage } from '../render/failure.js';
import { londonTime } from '../render/london-time.js';
import { REQUEST_FIELDS } from '../request/fields.js';
import { gatherRequest } from '../request/gather.js';
import { sendCheck } from '../request/send.js';
import { openConnection } from '../runtime/connection.js';

const TITLES = {
  right_to_work: 'right to work',
  right_to_rent: 'right to rent',
  immigration_status: 'immigration status',
} as const;

/**
 * What a second Ctrl-C during a live check leaves behind: the service finishes it, and charges it if
 * the portal answered, but a synchronous check has no id, so its answer cannot be fetched afterwards.
 * The service's request id travels with its answer, so it is quoted only when one came back (an
 * earlier attempt, say); otherwise the time the check was sent identifies it.
 */
export function interruptedLiveCheck(sentAt: Date, requestId: string | undefined): string {
  const id =
    requestId === undefined
      ? `Its request id comes with the answer, so none was received; quote the time it was sent, ${londonTime(sentAt)}, to support.`
      : `Quote request id ${requestId} (sent ${londonTime(sentAt)}) to support.`;
  return `The live check was already sent: the service finishes it and it may have been charged, but its answer (the photo and PDF) cannot be fetched afterwards. See it among the dashboard's recent checks before running it again. ${id}`;
}

/** Said at the first Ctrl-C during a live check: rtw waits for the answer it is paying for. */
export function waitingForLiveCheck(filing: boolean): string {
  return `\nCtrl-C: the live check is already with the service, which finishes it and charges it if the portal answers. rtw is waiting for its answer to save the photo and PDF${filing ? ' and file it in the register' : ''}. Press Ctrl-C again to stop waiting: the answer cannot be fetched afterwards.`;
}

/** `rtw check <kind>`: one check from the flags, or every row of --batch. */
export async function checkCommand(ctx: CommandContext): Promise<number> {
  const out = outputFor(ctx);
  const name = argumentsOf(ctx.options)[0];
  if (!isKindName(name))
    return stopWithUsage(out, 'Name the kind: right-to-work, right-to-rent or immigration-status.');
  const noRegister = await registerUsable(ctx.options, ctx.io);
  if (noRegister) return stopWith(out, noRegister);
  if (stringOption(ctx.options, 'batch') !== undefined) {
    const { runBatch } = await import('../batch/run-batch.js');
    return runBatch(ctx, out, checkKindOf(name));
  }
  if (stringOption(ctx.options, 'results') !== undefined)
    return stopWithUsage(out, '--results goes with --batch: add --batch FILE.csv, or leave --results out.');
  if (ctx.options.restart === true)
    return stopWithUsage(out, '--restart goes with --batch: add --batch FILE.csv, or leave --restart out.');
  return singleCheck(ctx, out, checkKindOf(name));
}

async function singleCheck(
  ctx: CommandContext,
  out: Output,
  kind: ReturnType<typeof checkKindOf>,
): Promise<number> {
  const validated = await gatherRequest(out, ctx.options, kind, REQUEST_FIELDS, false);
  if (!validated.ok) return stopWith(out, validated.error);
  const connection = await openConnection(ctx, out);
  if (!connection.ok) return stopWith(out, connection.error);
  const { client, retries } = connection.value;
  const spinner = startSpinner(out.io.stderr, `Checking ${TITLES[kind]} (a live check takes 15 to 40 s)`, {
    enabled: out.animate,
  });
  const sentAt = new Date();
  const live = connection.value.live;
  // A live check is paid for once sent: the first Ctrl-C waits for its answer (to keep its evidence);
  // the second stops waiting, saying what that leaves behind.
  const releaseFirst = live
    ? out.io.deferInterrupt?.(() => {
        spinner.stop();
        out.error(waitingForLiveCheck(wantsRegister(ctx.options)));
      })
    : undefined;
  const releaseLast = out.io.onInterrupt(() => {
    spinner.stop();
    return live ? interruptedLiveCheck(sentAt, connection.value.lastRequestId()) : undefined;
  });
  const answered = (): void => {
    spinner.stop();
    releaseFirst?.();
    releaseLast();
  };
  try {
    const result = await sendCheck(client, validated.value, { maxRetries: retries });
    // The answer is in: Ctrl-C from here on stops saving or filing, never a check in flight.
    answered();
    return await finishWithResult(out, ctx.options, result, `check-${result.checked_at}`);
  } catch (error) {
    const failure = failureFromError(error);
    return stopWith(out, failure);
  } finally {
    answered();
    connection.value.close();
  }
}
