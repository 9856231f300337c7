import { readFile } from 'node:fs/promises';
import { isShareCodeWebhookError } from '@sharecode/sdk';
import { verifyWebhookSignature } from '@sharecode/sdk/webhooks';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { readBytes } from '../io/read-input.js';
import { numberOption, stringOption } from '../options.js';
import { type Output, outputFor } from '../output/output.js';
import { renderEventData } from '../render/event-summary.js';
import { failureFromError, stopWith, stopWithUsage, usageFailure, withMessage } from '../render/failure.js';
import { londonTime } from '../render/london-time.js';
import { type HeaderMap, parseHeaders } from '../webhook/headers-file.js';
import { NO_SECRET_MESSAGE, webhookSecretFor } from './webhook-secret.js';

async function readHeaders(
  ctx: CommandContext,
): Promise<{ ok: true; value: HeaderMap } | { ok: false; error: string }> {
  const file = stringOption(ctx.options, 'headers');
  let headers: HeaderMap = {};
  if (file !== undefined) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      return { ok: false, error: `Cannot read the headers from ${file}: check the path given to --headers.` };
    }
    const parsed = parseHeaders(text);
    if (!parsed.ok) {
      return {
        ok: false,
        error: `The headers file ${file} cannot be read: ${parsed.error}. Give a JSON object or "Name: value" lines.`,
      };
    }
    headers = parsed.value;
  }
  const flags: Array<[string, string]> = [
    ['id', 'webhook-id'],
    ['timestamp', 'webhook-timestamp'],
    ['signature', 'webhook-signature'],
  ];
  for (const [option, header] of flags) {
    const value = stringOption(ctx.options, option);
    if (value !== undefined) headers[header] = value;
  }
  return { ok: true, value: headers };
}

type Fields = Record<string, unknown>;

/** The signed body as JSON when it is JSON; a valid signature is reported either way. */
function parsePayload(payload: string): unknown {
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return undefined;
  }
}

function describeEvent(out: Output, payload: unknown, id: string, timestamp: string): void {
  const age = Math.round(Date.now() / 1000 - Number(timestamp));
  const event: Fields = typeof payload === 'object' && payload !== null ? (payload as Fields) : {};
  const type = typeof event.type === 'string' ? event.type : 'event';
  out.data(`${out.out.green(out.out.bold('Valid'))} webhook ${id}: ${out.out.bold(type)}, sent ${age} s ago`);
  if (payload === undefined) {
    out.data(out.out.dim('The body is not JSON: nothing more to show.'));
    return;
  }
  if (typeof event.created_at === 'string') out.data(`Event created:    ${londonTime(event.created_at)}`);
  for (const text of renderEventData(event.data, out.out)) out.data(text);
}

/** `rtw verify-webhook`: checks a received webhook's signature and timestamp, then prints the event. */
export async function verifyWebhookCommand(ctx: CommandContext): Promise<number> {
  const out = outputFor(ctx);
  const body = await readBytes(
    stringOption(ctx.options, 'body'),
    ctx.io.stdin,
    'the raw webhook body',
    '--body',
  );
  if (!body.ok) return stopWithUsage(out, body.error);
  const headers = await readHeaders(ctx);
  if (!headers.ok) return stopWithUsage(out, headers.error);
  const secret = await webhookSecretFor(ctx, out);
  if (secret === undefined) return stopWithUsage(out, NO_SECRET_MESSAGE);
  try {
    // The signature and timestamp decide; the event's shape does not: a signed event this CLI cannot
    // fully read is still genuine, so it exits 0 and shows what is there.
    const verified = verifyWebhookSignature(body.value, headers.value, secret, {
      toleranceSeconds: numberOption(ctx.options, 'tolerance', 300),
    });
    const payload = parsePayload(verified.payload);
    if (out.json) out.jsonValue(payload === undefined ? { body: verified.payload } : payload);
    else
      describeEvent(
        out,
        payload,
        headers.value['webhook-id'] ?? '',
        headers.value['webhook-timestamp'] ?? '',
      );
    return EXIT.OK;
  } catch (error) {
    let failure = failureFromError(error);
    if (isShareCodeWebhookError(error, 'bad_secret')) {
      // The secret itself is malformed: a configuration mistake, not a refused webhook.
      const from = stringOption(ctx.options, 'secret') !== undefined ? '--secret' : 'RTW_WEBHOOK_SECRET';
      failure = usageFailure(`${error.message} (from ${from})`);
    } else if (isShareCodeWebhookError(error)) {
      failure = withMessage(failure, `Refused (${error.reason}): ${failure.message}`);
    }
    return stopWith(out, failure);
  }
}
