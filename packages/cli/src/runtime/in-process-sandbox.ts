import { type ApplicantOutcome, createSandbox, type WebhookRequest } from '@sharecode/sandbox';
import { getResponse } from 'msw';
import { sandboxTiming } from './sandbox-delays.js';

/**
 * A fixed, well-formed sandbox key: the sandbox accepts any `rtw_test_` key, and this one is
 * published, so printing it would leak nothing.
 */
export const SANDBOX_CLI_KEY = 'rtw_test_rtwcli0sandbox00000000000000000000000000';

export interface InProcessSandbox {
  baseUrl: string;
  /** The client's fetch: answers from the sandbox's handlers, and refuses any other address. */
  fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>;
  webhookSecret: string;
  pollIntervalMs: number;
  pollMaxIntervalMs: number;
  /** Webhooks the sandbox signed, in order: captured here, never posted (the sandbox makes no network calls). */
  webhooks: readonly WebhookRequest[];
  /**
   * Plays the applicant of a request made in this command (the sandbox's helper): sends the page's form
   * and resolves with what the page answered, in words (never the check's result).
   */
  submitAsApplicant(url: string, details: { shareCode: string; dateOfBirth: string }): Promise<string>;
  /** Resolves once a webhook for `checkId` has been captured, or after `timeoutMs`. */
  webhookFor(checkId: string, timeoutMs: number): Promise<WebhookRequest | undefined>;
  close(): void;
}

/** What the applicant's page answered, as the person playing the applicant reads it. */
function pageWords(answer: ApplicantOutcome): string {
  switch (answer.outcome) {
    case 'sent':
      return `sent to ${answer.asker}; the link is used.`;
    case 'error':
      return `${answer.errors.map((error) => error.message).join('; ')} (${answer.attemptsLeft} ${answer.attemptsLeft === 1 ? 'try' : 'tries'} left).`;
    case 'try_later':
      return 'try again later (no attempt spent).';
    case 'locked':
      return 'too many failed attempts: the link is locked.';
    case 'closed':
      return `the link is closed (${answer.reason}).`;
    case 'not_found':
      return 'no such link.';
  }
}

function checkIdOf(webhook: WebhookRequest): string | undefined {
  try {
    const event = JSON.parse(webhook.body) as { data?: { id?: unknown } };
    return typeof event.data?.id === 'string' ? event.data.id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts the sandbox inside this process. Its handlers answer the client's own fetch directly: the
 * process's global fetch is left alone (MSW's interception would patch it for every caller, and a
 * host running `main()` in-process, as the tests do, would find its other requests refused).
 */
export function startInProcessSandbox(env: Readonly<Record<string, string | undefined>>): InProcessSandbox {
  const timing = sandboxTiming(env);
  const sandbox = createSandbox(timing.delays === undefined ? {} : { delays: timing.delays });
  const webhooks: WebhookRequest[] = [];
  const waiters: Array<() => void> = [];
  sandbox.onWebhook((request) => {
    webhooks.push(request);
    for (const wake of waiters.splice(0)) wake();
  });
  const origin = new URL(sandbox.baseUrl).origin;
  return {
    baseUrl: sandbox.baseUrl,
    async fetch(input, init) {
      const request = new Request(input, init);
      // --sandbox promises no network: an address that is not the sandbox's is refused, never sent.
      if (new URL(request.url).origin !== origin) {
        throw new TypeError(`--sandbox sends nothing over the network; ${request.url} is not the sandbox.`);
      }
      return (
        (await getResponse(sandbox.handlers, request)) ??
        Response.json(
          { error: { code: 'NOT_FOUND', message: 'No such endpoint in the sandbox.' } },
          { status: 404 },
        )
      );
    },
    webhookSecret: sandbox.webhookSecret,
    async submitAsApplicant(url, details) {
      return pageWords(await sandbox.submitAsApplicant(url, details));
    },
    pollIntervalMs: timing.pollIntervalMs,
    pollMaxIntervalMs: timing.pollMaxIntervalMs,
    webhooks,
    async webhookFor(checkId, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = webhooks.find((webhook) => checkIdOf(webhook) === checkId);
        if (found || Date.now() >= deadline) return found;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close() {
      // reset() cancels the sandbox's timers, so nothing keeps the process alive.
      sandbox.reset();
    },
  };
}
