import type { CheckRecord } from '@sharecode/core';
import type { CheckRequest } from '@sharecode/core/check-requests';
import { Webhook } from 'standardwebhooks';
import type {
  CheckEventType,
  CheckRequestEventType,
  WebhookEvent,
  WebhookEventType,
  WebhookRequestHeaders,
} from './webhook-types.js';

/** Spec 6.2: the sender identifier ends in `-Webhooks/1`; the contract fixes the whole value. */
export const WEBHOOK_USER_AGENT = 'ShareCode-Webhooks/1';

export interface SignedEvent {
  body: string;
  headers: WebhookRequestHeaders;
}

/** The event body of spec 6.1: `data` is the record (a check's, or a check request's) as it is at that moment. */
export function webhookEvent(type: CheckEventType, data: CheckRecord, createdAt: Date): WebhookEvent;
export function webhookEvent(type: CheckRequestEventType, data: CheckRequest, createdAt: Date): WebhookEvent;
export function webhookEvent(
  type: WebhookEventType,
  data: CheckRecord | CheckRequest,
  createdAt: Date,
): WebhookEvent;
export function webhookEvent(
  type: WebhookEventType,
  data: CheckRecord | CheckRequest,
  createdAt: Date,
): WebhookEvent {
  return { type, created_at: createdAt.toISOString(), data } as WebhookEvent;
}

/** Serialises and signs (Standard Webhooks v1); `eventId` stays the same for every attempt of the event. */
export function signEvent(event: WebhookEvent, eventId: string, secret: string, sentAt: Date): SignedEvent {
  const body = JSON.stringify(event);
  const seconds = Math.floor(sentAt.getTime() / 1000);
  const signature = new Webhook(secret).sign(eventId, new Date(seconds * 1000), body);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': WEBHOOK_USER_AGENT,
      'webhook-id': eventId,
      'webhook-timestamp': String(seconds),
      'webhook-signature': signature,
    },
  };
}
