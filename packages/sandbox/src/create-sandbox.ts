import { sandboxTestEventRecord } from '@sharecode/core/sandbox';
import { validateCallbackUrl } from '@sharecode/core/validation';
import type { HttpHandler } from 'msw';
import { CheckRunner } from './check-runner.js';
import { CheckStore } from './check-store.js';
import { dispatch } from './dispatch.js';
import { mswHandlers } from './msw-handlers.js';
import type { SandboxContext } from './sandbox-context.js';
import type { ResolvedDelays, SandboxOptions } from './sandbox-options.js';
import { resolveSandboxOptions } from './sandbox-options.js';
import { Scheduler } from './scheduler.js';
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
  /** Forgets every check, Idempotency-Key, delivery and `onWebhook` handler, and cancels pending timers. */
  reset(): void;
}

/** An in-memory sandbox that answers every endpoint of the contract as a test key does. */
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
  const runner = new CheckRunner({
    scheduler,
    delays: resolved.delays,
    now: resolved.now,
    onFinished: (check) => {
      const url = check.record.callback_url;
      // Poll-only checks send no event, unless the handlers take every check's (--forward-to).
      if (url === null && !resolved.eventsWithoutCallbackUrl) return;
      void sender.send(
        check.record.status === 'succeeded' ? 'check.succeeded' : 'check.failed',
        check.record,
        url,
      );
    },
  });
  const context: SandboxContext = { options: resolved, store, runner };
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
    reset() {
      scheduler.reset();
      store.clear();
      sender.reset();
    },
  };
}
