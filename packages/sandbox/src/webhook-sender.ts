import type { CheckRecord } from '@sharecode/core';
import { newEventId } from '@sharecode/core';
import type { CheckRequest } from '@sharecode/core/check-requests';
import type { Scheduler } from './scheduler.js';
import { signEvent, webhookEvent } from './webhook-event.js';
import type { WebhookDelivery, WebhookEventType, WebhookHandler, WebhookRequest } from './webhook-types.js';

// Spec 6.4: a receiver has 10 seconds to answer.
const DELIVERY_TIMEOUT_MS = 10_000;

export interface SenderDeps {
  scheduler: Scheduler;
  secret: string;
  now: () => Date;
  fetch: () => typeof fetch;
  /** The handler given as an option; it survives `reset()`. */
  handler: WebhookHandler | undefined;
  /** Hand the handlers the events of checks without a callback URL too (url ''). */
  eventsWithoutCallbackUrl?: boolean;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Signs events and makes one delivery attempt each (the live service retries on its schedule, the
 * sandbox does not): to the registered handlers when there are any, else an HTTP POST to the URL.
 */
export class WebhookSender {
  readonly #deps: SenderDeps;
  readonly #handlers = new Set<WebhookHandler>();
  #deliveries: WebhookDelivery[] = [];

  constructor(deps: SenderDeps) {
    this.#deps = deps;
  }

  get deliveries(): readonly WebhookDelivery[] {
    return [...this.#deliveries];
  }

  onWebhook(handler: WebhookHandler): () => void {
    this.#handlers.add(handler);
    return () => {
      this.#handlers.delete(handler);
    };
  }

  /** Forgets the delivery log and the handlers added with `onWebhook`. */
  reset(): void {
    this.#handlers.clear();
    this.#deliveries = [];
  }

  /** Signs the event and makes its one delivery attempt; a null URL is logged as not delivered. */
  async send(
    type: WebhookEventType,
    record: CheckRecord | CheckRequest,
    url: string | null,
  ): Promise<WebhookDelivery> {
    const handlers = [...(this.#deps.handler ? [this.#deps.handler] : []), ...this.#handlers];
    if (url === null && !(this.#deps.eventsWithoutCallbackUrl === true && handlers.length > 0)) {
      return this.refused(
        type,
        record,
        null,
        'No callback URL applies: pass a URL, or set the sandbox option defaultCallbackUrl.',
      );
    }
    const { scheduler, now, secret } = this.#deps;
    const epoch = scheduler.epoch;
    const eventId = newEventId();
    const sentAt = now();
    const signed = signEvent(webhookEvent(type, record, sentAt), eventId, secret, sentAt);
    const request: WebhookRequest = { url: url ?? '', body: signed.body, headers: signed.headers };
    const outcome = handlers.length > 0 ? await toHandlers(handlers, request) : await this.#post(request);
    const delivery = {
      eventId,
      type,
      checkId: record.id,
      url,
      attemptedAt: sentAt.toISOString(),
      ...outcome,
    };
    if (scheduler.epoch === epoch) this.#deliveries.push(delivery);
    return delivery;
  }

  /** Logs an event that was not sent, with why. */
  refused(
    type: WebhookEventType,
    record: CheckRecord | CheckRequest,
    url: string | null,
    reason: string,
  ): WebhookDelivery {
    const delivery: WebhookDelivery = {
      eventId: newEventId(),
      type,
      checkId: record.id,
      url,
      attemptedAt: this.#deps.now().toISOString(),
      transport: 'none',
      delivered: false,
      status: null,
      error: reason,
    };
    this.#deliveries.push(delivery);
    return delivery;
  }

  async #post(request: WebhookRequest): Promise<DeliveryOutcome> {
    const controller = new AbortController();
    const timer = globalThis.setTimeout(() => controller.abort(), DELIVERY_TIMEOUT_MS);
    try {
      const response = await this.#deps.fetch()(request.url, {
        method: 'POST',
        headers: { ...request.headers },
        body: request.body,
        redirect: 'manual',
        signal: controller.signal,
      });
      await response.arrayBuffer().catch(() => undefined);
      const delivered = response.status >= 200 && response.status < 300;
      return {
        transport: 'fetch',
        delivered,
        status: response.status,
        error: delivered
          ? null
          : `The receiver answered HTTP ${response.status}; only a 2xx counts as delivered.`,
      };
    } catch (error) {
      return notDelivered('fetch', `The POST failed: ${describe(error)}`);
    } finally {
      globalThis.clearTimeout(timer);
    }
  }
}

type DeliveryOutcome = Pick<WebhookDelivery, 'transport' | 'delivered' | 'status' | 'error'>;

/** A delivery that never got an HTTP status (the POST failed, or a handler threw). */
function notDelivered(transport: WebhookDelivery['transport'], error: string): DeliveryOutcome {
  return { transport, delivered: false, status: null, error };
}

async function toHandlers(
  handlers: readonly WebhookHandler[],
  request: WebhookRequest,
): Promise<DeliveryOutcome> {
  for (const handler of handlers) {
    try {
      // Each handler gets its own copy, so one cannot change what the next sees.
      await handler({ url: request.url, body: request.body, headers: { ...request.headers } });
    } catch (error) {
      return notDelivered('handler', `The handler threw: ${describe(error)}`);
    }
  }
  return { transport: 'handler', delivered: true, status: null, error: null };
}
