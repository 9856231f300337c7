// Public entry: the client, its errors and guards, evidence helpers and the contract's types.
// Webhook verification lives in '@sharecode/sdk/webhooks', Node-only helpers in '@sharecode/sdk/node'.

export { type CreatedCheck, type ListCheckRequestsQuery, ShareCodeClient } from './client.js';
export {
  type CreateCheckOptions,
  DEFAULT_BASE_URL,
  DEFAULT_DEADLINE_MS,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  type RequestOptions,
  type ShareCodeClientOptions,
} from './client-options.js';
export { type DecodedDataUrl, decodeDataUrl } from './data-url.js';
export type { ApiErrorCode } from './error-codes.js';
export {
  isAuthError,
  isBusy,
  isCheckNotFound,
  isCheckRequestChecking,
  isCheckRequestClosed,
  isCheckRequestNotFound,
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
  mayHaveRun,
} from './error-guards.js';
export {
  type ApiErrorInit,
  ShareCodeApiError,
  ShareCodeConnectionError,
  ShareCodeError,
  type ShareCodeErrorKind,
  ShareCodeResponseError,
  ShareCodeTimeoutError,
  ShareCodeUsageError,
  type TimeoutPhase,
} from './errors.js';
export { type EvidenceSource, pdfBytes, photoBytes } from './evidence.js';
export { type EvidenceErrorReason, ShareCodeEvidenceError } from './evidence-error.js';
export type { FetchLike } from './fetch-with-retries.js';
export type { ResponseMeta, WithRequestId } from './request-id.js';
export type {
  ApplicantEmailStatus,
  CancelledCheckRequest,
  CheckError,
  CheckFailedEvent,
  CheckRecord,
  CheckRequest,
  CheckRequestCreate,
  CheckRequestExpiredEvent,
  CheckRequestKind,
  CheckRequestLockedEvent,
  CheckRequestOf,
  CheckRequestPage,
  CheckRequestResultOf,
  CheckRequestStatus,
  CheckResult,
  CheckStatus,
  CheckSucceededEvent,
  CheckTestEvent,
  CreatedCheckRequest,
  EndedCheckRequest,
  ErrorBody,
  ErrorCode,
  ExpiredCheck,
  ExpiredCheckRequest,
  FailedCheck,
  ImmigrationStatusAsyncRequest,
  ImmigrationStatusCheckRequestCreate,
  ImmigrationStatusRequest,
  ImmigrationStatusResult,
  LockedCheckRequest,
  PendingCheck,
  RightToRentAsyncRequest,
  RightToRentCheckRequestCreate,
  RightToRentRequest,
  RightToRentResult,
  RightToWorkAsyncRequest,
  RightToWorkCheckRequestCreate,
  RightToWorkRequest,
  RightToWorkResult,
  SubmittedCheckRequest,
  SucceededCheck,
  WaitingCheckRequest,
  WebhookEvent,
} from './types.js';
export { SDK_VERSION } from './version.js';
export { DEFAULT_WAIT_TIMEOUT_MS, type FinishedCheck, type WaitForCheckOptions } from './wait-for-check.js';
export {
  DEFAULT_REQUEST_WAIT_TIMEOUT_MS,
  type WaitForCheckRequestOptions,
} from './wait-for-check-request.js';
export { ShareCodeWebhookError, type WebhookErrorReason } from './webhook-error.js';
export type { WebhookHeaders } from './webhook-headers.js';
