// Public entry (browser-safe): the sandbox factory, its options and webhook types.
// Node's setupServer helper lives in '@sharecode/sandbox/node'.

export { SANDBOX_BASE_URL } from './base-url.js';
export { createSandbox, type Sandbox } from './create-sandbox.js';
export { OPENAPI_DOCUMENT } from './openapi-document.js';
export {
  DEFAULT_SANDBOX_DELAYS,
  type ResolvedDelays,
  SANDBOX_WEBHOOK_SECRET,
  type SandboxDelays,
  type SandboxOptions,
} from './sandbox-options.js';
export type { ApplicantDetailsInput, ApplicantOutcome } from './submit-as-applicant.js';
export { WEBHOOK_USER_AGENT } from './webhook-event.js';
export type {
  WebhookDelivery,
  WebhookEvent,
  WebhookEventType,
  WebhookHandler,
  WebhookRequest,
  WebhookRequestHeaders,
} from './webhook-types.js';
