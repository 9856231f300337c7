import type { Outcome } from '@sharecode/core';
import type { WebhookRequest } from '@sharecode/sandbox';
import { EXIT } from '../exit-codes.js';
import { stringOption } from '../options.js';
import type { Output } from '../output/output.js';
import { cliFailure, type Failure } from '../render/failure.js';
import { attemptLine, type Forwarder, forwardWebhooks, type RetryPace } from '../webhook/forward-webhooks.js';

export interface ForwardOptions {
  url: string;
  pace: RetryPace;
}

/**
 * `--forward-to <url>` and `--retries fast|real` of `rtw sandbox serve`. Plain http and loopback are
 * fine here: this sandbox runs on the user's machine, for their own receiver (the service takes only
 * public https callback URLs).
 */
export function forwardOptions(
  options: Readonly<Record<string, unknown>>,
): Outcome<ForwardOptions | undefined, Failure> {
  const raw = stringOption(options, 'forwardTo')?.trim();
  const pace = stringOption(options, 'retries') ?? 'fast';
  if (pace !== 'fast' && pace !== 'real') {
    return usage(
      `--retries must be fast (the 8-attempt schedule 1000 times faster) or real; got ${JSON.stringify(pace)}.`,
    );
  }
  if (raw === undefined) {
    if (stringOption(options, 'retries') !== undefined) return usage('--retries works with --forward-to.');
    return { ok: true, value: undefined };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return usage(
      `--forward-to must be an absolute http(s) URL such as http://localhost:3000/hooks; got ${JSON.stringify(raw)}.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return usage(
      `--forward-to must be an http or https URL such as http://localhost:3000/hooks; got ${url.protocol}.`,
    );
  }
  // Credentials in the URL would be printed at start and with every attempt, and fetch refuses
  // them anyway (every delivery would fail): the receiver checks the signature instead.
  if (url.username !== '' || url.password !== '') {
    return usage(
      '--forward-to may not carry a user name or password (user:password@host): they would be printed with every attempt. Give the URL without them; your receiver authenticates the events by their signature (RTW_WEBHOOK_SECRET).',
    );
  }
  return { ok: true, value: { url: url.href, pace } };
}

function usage(message: string): Outcome<never, Failure> {
  return { ok: false, error: cliFailure(EXIT.INVALID_INPUT, 'USAGE', message) };
}

export interface Forwarding {
  handle(request: WebhookRequest): void;
  /** Prints where events go and the secret they are signed with. */
  announce(secret: string): void;
  close(): void;
}

/** Forwards every event of the sandbox's checks to the URL, printing each attempt on stdout. */
export function startForwarding(options: ForwardOptions, out: Output): Forwarding {
  const forwarder: Forwarder = forwardWebhooks(options.url, options.pace, (attempt) => {
    if (out.json) out.jsonValue(attempt);
    else out.data(attemptLine(attempt));
  });
  return {
    handle: (request) => forwarder.handle(request),
    announce(secret) {
      out.notice(
        `Forwarding the event of every check to ${options.url} (retries: ${options.pace}), signed with ${secret}`,
      );
      out.notice(`  Verify with it in your receiver: RTW_WEBHOOK_SECRET=${secret}`);
    },
    close: () => forwarder.close(),
  };
}
