import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { WebhookRequest } from '@sharecode/sandbox';
import type { CommandContext } from '../context.js';
import { ensurePrivateFolder } from '../evidence/private-folder.js';
import { EXIT } from '../exit-codes.js';
import { finishWithRecord } from '../flow/finish.js';
import { waitForEnd } from '../flow/wait.js';
import { checkKindOf, isKindName } from '../kinds.js';
import { argumentsOf, flagOption, numberOption, stringOption } from '../options.js';
import { type Output, outputFor } from '../output/output.js';
import { failureFromError, stopWith, stopWithUsage } from '../render/failure.js';
import { ASYNC_REQUEST_FIELDS, REQUEST_FIELDS } from '../request/fields.js';
import { gatherRequest } from '../request/gather.js';
import { queueCheck } from '../request/send.js';
import { idempotencyKeyProblem } from '../request/validate.js';
import { openConnection } from '../runtime/connection.js';
import { headerLines } from '../webhook/headers-file.js';

/** `rtw async <kind>`: queue a check; print its id, or with --wait its answer. */
export async function asyncCommand(ctx: CommandContext): Promise<number> {
  const out = outputFor(ctx);
  const { options } = ctx;
  const name = argumentsOf(options)[0];
  if (!isKindName(name))
    return stopWithUsage(out, 'Name the kind: right-to-work, right-to-rent or immigration-status.');
  const wait = flagOption(options, 'wait');
  const webhookDir = stringOption(options, 'saveWebhook');
  if (webhookDir !== undefined && !(wait && flagOption(options, 'sandbox')))
    return stopWithUsage(
      out,
      '--save-webhook works with --sandbox --wait (the sandbox signs the webhook when the check ends).',
    );
  const key = idempotencyKeyProblem(stringOption(options, 'idempotencyKey'));
  const validated = await gatherRequest(
    out,
    options,
    checkKindOf(name),
    [...REQUEST_FIELDS, ...ASYNC_REQUEST_FIELDS],
    true,
    key.ok ? [] : [key.error],
  );
  if (!validated.ok) return stopWith(out, validated.error);
  // A refused key is one of gatherRequest's problems: here the key is valid (or absent).
  const idempotencyKey = key.ok ? key.value : undefined;
  const opened = await openConnection(ctx, out);
  if (!opened.ok) return stopWith(out, opened.error);
  const connection = opened.value;
  try {
    let created: Awaited<ReturnType<typeof queueCheck>>;
    try {
      created = await queueCheck(connection.client, validated.value, {
        maxRetries: connection.retries,
        idempotencyKey,
      });
    } catch (error) {
      const failure = failureFromError(error);
      return stopWith(out, failure);
    }
    const { check } = created;
    if (created.replayed) {
      out.notice(`This Idempotency-Key already queued ${check.id}: nothing new was queued or charged.`);
    }
    out.detail(`Idempotency-Key: ${created.idempotencyKey}`);
    if (!wait) {
      if (out.json) out.jsonValue(check);
      else out.data(check.id);
      out.notice(`Queued ${check.id} (${check.status}). Follow it with: rtw poll ${check.id} --wait`);
      if (connection.sandbox) {
        out.notice('The in-process sandbox stops with this command: use --wait to see the check end.');
      }
      return EXIT.OK;
    }
    out.notice(`Queued ${check.id}.`);
    const finished = await waitForEnd(out, connection, check.id, numberOption(options, 'timeout', 600));
    if (!finished.ok) return stopWith(out, finished.error);
    const code = await finishWithRecord(out, options, finished.value);
    if (connection.sandbox && finished.value.callback_url !== null) {
      const webhook = await connection.sandbox.webhookFor(check.id, 1_000);
      if (webhook) await reportWebhook(out, webhook, webhookDir);
    }
    return code;
  } finally {
    connection.close();
  }
}

/** The sandbox's signed webhook: described, and saved with --save-webhook (body and headers files). */
async function reportWebhook(out: Output, webhook: WebhookRequest, dir: string | undefined): Promise<void> {
  const id = webhook.headers['webhook-id'];
  if (dir === undefined) {
    out.notice(
      `The sandbox signed webhook ${id} for ${webhook.url} (not sent: --sandbox makes no network calls; keep it with --save-webhook DIR).`,
    );
    return;
  }
  try {
    const folder = resolve(dir);
    // The webhook carries the check's result (a name, a reference): owner-only, like the evidence.
    await ensurePrivateFolder(folder);
    const bodyPath = join(folder, `${id}.json`);
    const headersPath = join(folder, `${id}.headers`);
    await writeFile(bodyPath, webhook.body, { mode: 0o600 });
    await writeFile(headersPath, headerLines(webhook.headers), { mode: 0o600 });
    out.notice(`Webhook ${id} saved: ${bodyPath} and ${headersPath}`);
    out.notice(`Verify it with: rtw verify-webhook --sandbox --body ${bodyPath} --headers ${headersPath}`);
  } catch (error) {
    out.error(`The webhook was not saved: ${error instanceof Error ? error.message : String(error)}`);
  }
}
