/**
 * `@sharecode/sdk/webhooks`: verifying (and, for tests, signing) the service's webhooks. Kept out of
 * the main entry so an integrator that only calls the API does not bundle the signature code.
 *
 * @module webhooks
 */

export type { WebhookEvent } from './types.js';
export type { WebhookErrorReason } from './webhook-error.js';
export { ShareCodeWebhookError } from './webhook-error.js';
export type { WebhookHeaders } from './webhook-headers.js';
export type { SignedWebhook, SignWebhookOptions } from './webhook-sign.js';
export { signWebhook } from './webhook-sign.js';
export type { RawBody, VerifiedWebhook, VerifyWebhookOptions } from './webhooks.js';
export { verifyWebhook, verifyWebhookSignature } from './webhooks.js';
