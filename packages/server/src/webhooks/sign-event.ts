import { createHmac } from 'node:crypto';
import type { CheckRecord } from '@sharecode/core';
import type { CheckRequest } from '@sharecode/core/check-requests';

/** Spec 6.2 and 9.3: the contract fixes the sender identifier. */
export const WEBHOOK_USER_AGENT = 'ShareCode-Webhooks/1';

export type WebhookEventType =
  | 'check.succeeded'
  | 'check.failed'
  | 'check.test'
  | 'check_request.expired'
  | 'check_request.locked';

/** The headers of one attempt, lower-case as the MSW sandbox sends them. */
export interface WebhookHeaders {
  readonly 'content-type': 'application/json';
  readonly 'user-agent': string;
  readonly 'webhook-id': string;
  readonly 'webhook-timestamp': string;
  readonly 'webhook-signature': string;
}

/**
 * The body of spec 6.1, serialised once: these exact bytes are signed and sent. Built from the stored
 * record on every attempt (bodies are never stored), so the same event gives the same bytes.
 */
export function eventBody(
  type: WebhookEventType,
  createdAt: Date,
  record: CheckRecord | CheckRequest,
): string {
  return JSON.stringify({ type, created_at: createdAt.toISOString(), data: record });
}

/**
 * Standard Webhooks v1: base64 HMAC-SHA256 of `id.timestamp.body` keyed with the decoded secret.
 * node:crypto, not the reference library: about five times faster (research: perf-reliability 4).
 */
export function signatureOf(key: Buffer, eventId: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', key).update(`${eventId}.${timestamp}.`).update(body).digest('base64');
  return `v1,${mac}`;
}

/** The headers of an attempt made at `sentAt` (Unix seconds), signed with the secret current then. */
export function webhookHeaders(key: Buffer, eventId: string, sentAt: Date, body: string): WebhookHeaders {
  const timestamp = Math.floor(sentAt.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'webhook-id': eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureOf(key, eventId, timestamp, body),
  };
}
