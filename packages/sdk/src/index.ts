// Public entry: the client, its errors and guards, evidence helpers and the contract's types.
// Webhook verification lives in '@sharecode/sdk/webhooks', Node-only helpers in '@sharecode/sdk/node'.

export type { CreatedCheck } from './client.js';
export { ShareCodeClient } from './client.js';
export type {
  CreateCheckOptions,
  RequestOptions,
  ShareCodeClientOptions,
} from './client-options.js';
export {
  DEFAULT_BASE_URL,
  DEFAULT_DEADLINE_MS,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
} from './client-options.js';
export type { DecodedDataUrl } from './data-url.js';
export { decodeDataUrl } from './data-url.js';
export type { ApiErrorCode } from './error-codes.js';
export {
  isAuthError,
  isBusy,
  isCheckNotFound,
  isDobMismatch,
  isInvalidInput,
  isNotFound,
  isPaymentError,
  isRateLimited,
  isRetryable,
  isShareCodeApiError,
  isShareCodeConnectionError,
  isShareCodeError,
  isShareCodeEvidenceError,
  isShareCodeTimeoutError,
  isShareCodeWebhookError,
  isUpstreamTimeout,
} from './error-guards.js';
export type { ApiErrorInit, ShareCodeErrorKind, TimeoutPhase } from './errors.js';
export {
  ShareCodeApiError,
  ShareCodeConnectionError,
  ShareCodeError,
  ShareCodeResponseError,
  ShareCodeTimeoutError,
  ShareCodeUsageError,
} from './errors.js';
export type { EvidenceSource } from './evidence.js';
export { pdfBytes, photoBytes } from './evidence.js';
export type { EvidenceErrorReason } from './evidence-error.js';
export { ShareCodeEvidenceError } from './evidence-error.js';
export type { FetchLike } from './fetch-with-retries.js';
export type {
  CheckFailedEvent,
  CheckRecord,
  CheckResult,
  CheckStatus,
  CheckSucceededEvent,
  CheckTestEvent,
  ErrorBody,
  ErrorCode,
  ImmigrationStatusAsyncRequest,
  ImmigrationStatusRequest,
  ImmigrationStatusResult,
  RightToRentAsyncRequest,
  RightToRentRequest,
  RightToRentResult,
  RightToWorkAsyncRequest,
  RightToWorkRequest,
  RightToWorkResult,
  WebhookEvent,
} from './types.js';
export { SDK_VERSION } from './version.js';
export type { FinishedCheck, WaitForCheckOptions } from './wait-for-check.js';
export { DEFAULT_WAIT_TIMEOUT_MS } from './wait-for-check.js';
export type { WebhookErrorReason } from './webhook-error.js';
export { ShareCodeWebhookError } from './webhook-error.js';
export type { WebhookHeaders } from './webhook-headers.js';
