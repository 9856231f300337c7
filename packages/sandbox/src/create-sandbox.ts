import { sandboxTestEventRecord } from '@sharecode/core/sandbox';
import { validateCallbackUrl } from '@sharecode/core/validation';
import type { HttpHandler } from 'msw';
import { CheckRunner } from './check-runner.js';
import { CheckStore } from './check-store.js';
import { dispatch } from './dispatch.js';
import { mswHandlers } from './msw-handlers.js';
import { RequestEndings } from './request-endings.js';
import { RequestStore } from './request-store.js';
import type { SandboxContext } from './sandbox-context.js';
import type { ResolvedDelays, SandboxOptions } from './sandbox-options.js';
import { resolveSandboxOptions } from './sandbox-options.js';
import { Scheduler } from './scheduler.js';
import {
  type ApplicantDetailsInput,
  type ApplicantOutcome,
  submitAsApplicant,
} from './submit-as-applicant.js';
import { newHmacKey } from './web-crypto.js';
import { WebhookSender } from './webhook-sender.js';
import type { WebhookDelivery, WebhookHandler } from './webhook-types.js';

export interface Sandbox {
  /** The MSW handlers: pass them to `setupServer(...)` (Node) or `setupWorker(...)` (browser). */
  readonly handlers: HttpHandler[];
  /** Where the sandbox answers, without a trailing slash. */
  readonly baseUrl: string;
  /** The `whsec_` secret sandbox webhooks are signed with: give it to your webhook verifier. */
  readonly webhookSecret: string;
  /** The account default callback URL for test mode, or null. */
  readonly defaultCallbackUrl: string | null;
  readonly delays: Readonly<ResolvedDelays>;
  /** Every webhook delivery attempt since creation or the last `reset()`, oldest first. */
  readonly deliveries: readonly WebhookDelivery[];
  /** Timers still waiting (checks in progress); 0 when the sandbox is idle. */
  readonly pendingTimers: number;
  /**
   * Routes webhooks to `handler` instead of posting them over HTTP (for checks with a callback URL,
   * and test events). Returns a function that removes it; `reset()` removes it too.
   */
  onWebhook(handler: WebhookHandler): () => void;
  /**
   * Sends a signed `check.test` event with core's fixed record to `url`, else the default callback
   * URL (or to the registered handlers), once, as the dashboard's "send test event" does.
   */
  sendTestEvent(url?: string): Promise<WebhookDelivery>;
  /**
   * Plays the applicant of a check request in your tests: sends its page's form with `shareCode` and
   * `dateOfBirth` (`YYYY-MM-DD`, or `{ day, month, year }` as typed), through the page's own rules,
   * waits for the sandbox check it makes, and resolves with what the page would have shown (never
   * the result: read that with `getCheckRequest`). Pass the `url` from the create's answer, or that
   * answer itself. The test share codes decide, as for any sandbox check.
   */
  submitAsApplicant(
    urlOrRequest: string | { url: string | null },
    details: ApplicantDetailsInput,
  ): Promise<ApplicantOutcome>;
  /**
   * Forgets every check, check request, Idempotency-Key, delivery and `onWebhook` handler, and
   * cancels pending timers.
   */
  reset(): void;
}

/**
 * An in-memory sandbox that answers every endpoint of the contract as a test key does, and the
 * applicant's page of its check requests (`<baseUrl>/r/<token>`).
 */
export function createSandbox(options?: SandboxOptions): Sandbox {
  const resolved = resolveSandboxOptions(options);
  const scheduler = new Scheduler();
  const store = new CheckStore();
  const sender = new WebhookSender({
    scheduler,
    secret: resolved.webhookSecret,
    now: resolved.now,
    fetch: resolved.fetch,
    handler: resolved.webhookHandler,
    eventsWithoutCallbackUrl: resolved.eventsWithoutCallbackUrl,
  });
  const requests = new RequestStore();
  // While a check's end is being handled, the request events it causes wait for the check's own
  // event: the service sends check.failed before the check_request.locked of that attempt.
  let held: (() => Promise<unknown>)[] | null = null;
  const endings = new RequestEndings((type, record, url) => {
    // Requests without any event URL send none, unless the handlers take every event (--forward-to).
    if (url === null && !resolved.eventsWithoutCallbackUrl) return;
    const send = () => sender.send(type, record, url);
    if (held) held.push(send);
    else void send();
  });
  const runner = new CheckRunner({
    scheduler,
    delays: resolved.delays,
    now: resolved.now,
    onFinished: (check) => {
      // A check made from a check request decides it first, as the service's check-ended hook does.
      const requestId = check.record.check_request_id;
      const request = requestId === undefined ? undefined : requests.find(requestId, check.owner);
      held = [];
      try {
        if (request) endings.checkEnded(request, check, resolved.now());
      } finally {
        const after = held;
        held = null;
        const url = check.record.callback_url;
        // Poll-only checks send no event, unless the handlers take every check's (--forward-to).
        const checkEvent =
          url === null && !resolved.eventsWithoutCallbackUrl
            ? Promise.resolve()
            : sender.send(
                check.record.status === 'succeeded' ? 'check.succeeded' : 'check.failed',
                check.record,
                url,
              );
        void checkEvent
          .catch(() => undefined)
          .then(async () => {
            for (const send of after) await send();
          })
          .catch(() => undefined);
      }
    },
  });
  const context: SandboxContext = {
    options: resolved,
    store,
    runner,
    scheduler,
    requests,
    endings,
    csrfKey: newHmacKey(),
  };
  const handlers = mswHandlers(resolved.baseUrl, (request) => dispatch(context, request));

  return {
    get handlers() {
      return [...handlers];
    },
    baseUrl: resolved.baseUrl,
    webhookSecret: resolved.webhookSecret,
    defaultCallbackUrl: resolved.defaultCallbackUrl,
    delays: resolved.delays,
    get deliveries() {
      return sender.deliveries;
    },
    get pendingTimers() {
      return scheduler.pending;
    },
    onWebhook: (handler) => sender.onWebhook(handler),
    async sendTestEvent(url) {
      const now = resolved.now();
      const record = await sandboxTestEventRecord(now);
      if (url === undefined) return sender.send('check.test', record, resolved.defaultCallbackUrl);
      const checked = validateCallbackUrl(url);
      if (checked.ok) return sender.send('check.test', record, checked.value);
      return sender.refused('check.test', record, url, checked.error.message);
    },
    submitAsApplicant: (urlOrRequest, details) => submitAsApplicant(context, urlOrRequest, details),
    reset() {
      scheduler.reset();
      store.clear();
      requests.clear();
      sender.reset();
    },
  };
}
