import type { ApiErrorCode } from './error-codes.js';
import type { CheckRecord, CheckRequest } from './types.js';

// A brand instead of `instanceof` in the guards: an app that ends up with both the ESM and the CJS
// copy of the SDK (the dual-package hazard) still recognises errors thrown by the other copy.
export const ERROR_BRAND: unique symbol = Symbol.for('@sharecode/sdk.error');

export type ShareCodeErrorKind =
  | 'api'
  | 'connection'
  | 'timeout'
  | 'response'
  | 'usage'
  | 'webhook'
  | 'evidence';

/** Base class of every error the SDK throws. */
export class ShareCodeError extends Error {
  constructor(kind: ShareCodeErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ShareCodeError';
    Object.defineProperty(this, ERROR_BRAND, { value: kind, enumerable: false });
  }
}

export interface ApiErrorInit {
  code: ApiErrorCode;
  message: string;
  /** HTTP status; for a failed asynchronous check, the status the synchronous call would have had. */
  status: number;
  /** The code exactly as the server sent it, when it sent one (differs from `code` only for codes this SDK does not know). */
  rawCode?: string | undefined;
  requestId?: string | undefined;
  retryAfter?: number | undefined;
  upgradeUrl?: string | undefined;
  idempotencyKey?: string | undefined;
  headers?: Headers | undefined;
  attempts?: number | undefined;
  check?: CheckRecord | undefined;
  mayHaveBeenCharged?: boolean | undefined;
  mayHaveRun?: boolean | undefined;
}

/** The API answered with an error (spec section 7), or an asynchronous check ended `failed`. */
export class ShareCodeApiError extends ShareCodeError {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly rawCode: string | undefined;
  /** `X-Request-Id` of the answer: quote it in support requests. */
  readonly requestId: string | undefined;
  /** Seconds the server asked us to wait (`Retry-After`), when it said. */
  readonly retryAfter: number | undefined;
  /** Where to upgrade, on QUOTA_EXCEEDED and PAYMENT_REQUIRED. */
  readonly upgradeUrl: string | undefined;
  /** The Idempotency-Key sent with the request (asynchronous creates). */
  readonly idempotencyKey: string | undefined;
  readonly headers: Headers;
  /** How many requests were made before giving up (1 when not retried). */
  readonly attempts: number;
  /** Set when the error comes from a `failed` asynchronous check (`waitForCheck` with `throwOnFailure`). */
  readonly check: CheckRecord | undefined;
  /**
   * True when the request was not idempotent (a synchronous check, or `createCheckRequest`) and may
   * have reached the service and run there although its answer was lost (a proxy's bare 5xx, a
   * connection closed after sending, a client timeout): sending it again could run it twice (a
   * second check, a second open link), so `isRetryable` says false. The message says how to recover.
   */
  readonly mayHaveRun: boolean;
  /**
   * True when this was a synchronous check that may have run, and been charged, although its answer
   * was lost (a proxy's bare 5xx, a connection closed after sending, a client timeout): sending it
   * again could charge twice, so `isRetryable` says false.
   */
  readonly mayHaveBeenCharged: boolean;

  constructor(init: ApiErrorInit) {
    super('api', init.message);
    this.name = 'ShareCodeApiError';
    this.code = init.code;
    this.status = init.status;
    this.rawCode = init.rawCode;
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
    this.upgradeUrl = init.upgradeUrl;
    this.idempotencyKey = init.idempotencyKey;
    this.headers = init.headers ?? new Headers();
    this.attempts = init.attempts ?? 1;
    this.check = init.check;
    this.mayHaveBeenCharged = init.mayHaveBeenCharged === true;
    this.mayHaveRun = this.mayHaveBeenCharged || init.mayHaveRun === true;
  }
}

/** The request never got an answer: DNS failure, refused or reset connection, TLS error. */
export class ShareCodeConnectionError extends ShareCodeError {
  readonly attempts: number;
  readonly idempotencyKey: string | undefined;
  /**
   * True when the request was not idempotent (a synchronous check, or `createCheckRequest`) and may
   * have reached the service and run there although its answer was lost (a proxy's bare 5xx, a
   * connection closed after sending, a client timeout): sending it again could run it twice (a
   * second check, a second open link), so `isRetryable` says false. The message says how to recover.
   */
  readonly mayHaveRun: boolean;
  /**
   * True when this was a synchronous check that may have run, and been charged, although its answer
   * was lost (a proxy's bare 5xx, a connection closed after sending, a client timeout): sending it
   * again could charge twice, so `isRetryable` says false.
   */
  readonly mayHaveBeenCharged: boolean;

  constructor(
    message: string,
    init: {
      cause: unknown;
      attempts: number;
      idempotencyKey?: string | undefined;
      mayHaveBeenCharged?: boolean | undefined;
      mayHaveRun?: boolean | undefined;
    },
  ) {
    super('connection', message, { cause: init.cause });
    this.name = 'ShareCodeConnectionError';
    this.attempts = init.attempts;
    this.idempotencyKey = init.idempotencyKey;
    this.mayHaveBeenCharged = init.mayHaveBeenCharged === true;
    this.mayHaveRun = this.mayHaveBeenCharged || init.mayHaveRun === true;
  }
}

/**
 * Which limit ran out: `attempt` (the per-attempt `timeout`), `deadline` (the total `deadline`
 * across retries) or `wait` (the `timeout` of `waitForCheck`, the `timeoutMs` of `waitForCheckRequest`).
 */
export type TimeoutPhase = 'attempt' | 'deadline' | 'wait';

/** A client-side time limit ran out (not the API's own TIMEOUT code, which is a ShareCodeApiError). */
export class ShareCodeTimeoutError extends ShareCodeError {
  readonly phase: TimeoutPhase;
  readonly timeoutMs: number;
  readonly attempts: number;
  readonly idempotencyKey: string | undefined;
  /** For `wait` (waitForCheck): the check as last seen. */
  readonly check: CheckRecord | undefined;
  /** For `wait` (waitForCheckRequest): the check request as last seen. */
  readonly checkRequest: CheckRequest | undefined;
  /**
   * True when the request was not idempotent (a synchronous check, or `createCheckRequest`) and may
   * have reached the service and run there although its answer was lost (a proxy's bare 5xx, a
   * connection closed after sending, a client timeout): sending it again could run it twice (a
   * second check, a second open link), so `isRetryable` says false. The message says how to recover.
   */
  readonly mayHaveRun: boolean;
  /**
   * True when this was a synchronous check that may have run, and been charged, although its answer
   * was lost (a proxy's bare 5xx, a connection closed after sending, a client timeout): sending it
   * again could charge twice, so `isRetryable` says false.
   */
  readonly mayHaveBeenCharged: boolean;

  constructor(
    message: string,
    init: {
      phase: TimeoutPhase;
      timeoutMs: number;
      attempts: number;
      idempotencyKey?: string | undefined;
      check?: CheckRecord | undefined;
      checkRequest?: CheckRequest | undefined;
      mayHaveBeenCharged?: boolean | undefined;
      mayHaveRun?: boolean | undefined;
    },
  ) {
    super('timeout', message);
    this.name = 'ShareCodeTimeoutError';
    this.phase = init.phase;
    this.timeoutMs = init.timeoutMs;
    this.attempts = init.attempts;
    this.idempotencyKey = init.idempotencyKey;
    this.check = init.check;
    this.checkRequest = init.checkRequest;
    this.mayHaveBeenCharged = init.mayHaveBeenCharged === true;
    this.mayHaveRun = this.mayHaveBeenCharged || init.mayHaveRun === true;
  }
}

/** A success status whose body is not what the contract promises (not JSON, or the wrong shape). */
export class ShareCodeResponseError extends ShareCodeError {
  readonly status: number;
  readonly requestId: string | undefined;

  constructor(message: string, init: { status: number; requestId: string | undefined; cause?: unknown }) {
    super('response', message, { cause: init.cause });
    this.name = 'ShareCodeResponseError';
    this.status = init.status;
    this.requestId = init.requestId;
  }
}

/** The SDK was called with an option it cannot use; the message says which and what to pass. */
export class ShareCodeUsageError extends ShareCodeError {
  constructor(message: string) {
    super('usage', message);
    this.name = 'ShareCodeUsageError';
  }
}
