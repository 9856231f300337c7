import type { components } from '@sharecode/contract';

export type WebhookEvent = components['schemas']['WebhookEvent'];
export type WebhookEventType = WebhookEvent['type'];
/** The events about one check (the others are about a check request). */
export type CheckEventType = Extract<WebhookEventType, `check.${string}`>;
export type CheckRequestEventType = Extract<WebhookEventType, `check_request.${string}`>;

/**
 * The headers of a webhook POST (spec 6.2), lower-cased as Node and most frameworks present them. A
 * type rather than an interface, so it passes where a `Record<string, string>` is expected.
 */
export type WebhookRequestHeaders = {
  'content-type': 'application/json';
  'user-agent': string;
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/** What a webhook handler receives: exactly what an HTTP receiver would. */
export interface WebhookRequest {
  /** The callback URL the event is for (`''` for a check without one, with `eventsWithoutCallbackUrl`). */
  url: string;
  /** The exact bytes that were signed: verify the signature over this string, then parse it. */
  body: string;
  headers: WebhookRequestHeaders;
}

/** Receives sandbox webhooks in place of an HTTP POST; a throw or rejection counts as a failed delivery. */
export type WebhookHandler = (request: WebhookRequest) => void | Promise<void>;

/** One delivery attempt, as the dashboard's delivery log would show it. */
export interface WebhookDelivery {
  eventId: string;
  type: WebhookEventType;
  /** The check's id (`chk_...`); for a `check_request.*` event, the check request's (`creq_...`). */
  checkId: string;
  /** Null when no URL applied (a test event sent with no URL and no default). */
  url: string | null;
  /** `handler` when a registered handler received it, `fetch` when it was posted over HTTP. */
  transport: 'handler' | 'fetch' | 'none';
  /** True on a 2xx answer (fetch) or a handler that returned without throwing. */
  delivered: boolean;
  /** The receiver's HTTP status (fetch only). */
  status: number | null;
  /** Why it was not delivered. */
  error: string | null;
  attemptedAt: string;
}
