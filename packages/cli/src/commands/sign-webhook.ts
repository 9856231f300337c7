import { signWebhook } from '@sharecode/sdk/webhooks';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { readBytes } from '../io/read-input.js';
import { stringOption } from '../options.js';
import { outputFor } from '../output/output.js';
import { failureFromError, stopWith, stopWithUsage } from '../render/failure.js';
import { headerLines } from '../webhook/headers-file.js';
import { NO_SECRET_MESSAGE, webhookSecretFor } from './webhook-secret.js';

function parseTimestamp(raw: string | undefined): number | undefined | null {
  if (raw === undefined) return undefined;
  return /^[1-9]\d{0,11}$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

/**
 * `rtw sign-webhook`: signs a body as the service does (Standard Webhooks v1) and prints the headers
 * as `Name: value` lines (with --json, an object), ready for `curl -H @file` or `verify-webhook --headers`.
 */
export async function signWebhookCommand(ctx: CommandContext): Promise<number> {
  const out = outputFor(ctx);
  const body = await readBytes(stringOption(ctx.options, 'body'), ctx.io.stdin, 'the body to sign', '--body');
  if (!body.ok) return stopWithUsage(out, body.error);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body.value);
  } catch {
    return stopWithUsage(out, 'The body is not UTF-8 text; webhook bodies are JSON.');
  }
  const timestamp = parseTimestamp(stringOption(ctx.options, 'timestamp'));
  if (timestamp === null)
    return stopWithUsage(out, '--timestamp is Unix time in seconds (digits only), e.g. 1767225600.');
  const secret = await webhookSecretFor(ctx, out);
  if (secret === undefined) return stopWithUsage(out, NO_SECRET_MESSAGE);
  try {
    const signed = signWebhook(text, secret, { id: stringOption(ctx.options, 'id'), timestamp });
    if (out.json) out.jsonValue(signed.headers);
    else out.data(headerLines(signed.headers).trimEnd());
    out.notice('Send the body byte for byte with these headers; the signature covers the exact bytes.');
    return EXIT.OK;
  } catch (error) {
    const failure = failureFromError(error);
    // A malformed secret or id is the caller's input.
    if (failure.exitCode === EXIT.WEBHOOK_REFUSED) failure.exitCode = EXIT.INVALID_INPUT;
    return stopWith(out, failure);
  }
}
