import { isRetryableCode } from './error-codes.js';
import { apiErrorFromResponse } from './error-from-response.js';
import type { ShareCodeApiError } from './errors.js';
import {
  attemptTimeoutError,
  classifyConnectionFailure,
  connectionError,
  deadlineError,
  type SendFacts,
} from './send-errors.js';
import { sleep } from './sleep.js';

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface SendPolicy {
  /** Per-attempt limit in ms, from sending until the whole body has arrived. */
  timeout: number;
  /** Total limit in ms across every attempt and every wait between them. */
  deadline: number;
  maxRetries: number;
  signal?: AbortSignal | undefined;
  /**
   * True when sending the request twice cannot run or charge a second check (a GET, or a POST
   * carrying an Idempotency-Key). Only such requests are retried after a timeout or a connection
   * that broke after the request may have reached the server.
   */
  idempotent: boolean;
  idempotencyKey?: string | undefined;
  /** Not idempotent, but charges nothing: what to do when it may have run (see SendFacts). */
  resendAdvice?: string | undefined;
}

export interface SendDeps {
  /** Looked up on every call, so a fetch patched later (MSW, test spies) is still the one used. */
  fetch: () => FetchLike;
  random: () => number;
  now: () => number;
}

const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 8_000;

const TIMED_OUT: unique symbol = Symbol('attempt timed out');

type AttemptOutcome =
  | { kind: 'response'; response: Response; text: string }
  | { kind: 'timeout' }
  | { kind: 'network'; error: unknown };

/** Full-jitter exponential backoff: uniform in [0, min(cap, base * 2^retry)]. */
export function backoffDelay(retry: number, random: () => number): number {
  return random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retry);
}

/** A request ready to send; the body is a string so every attempt re-sends exactly the same bytes. */
export interface PreparedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
}

/** A 2xx answer, its body already read as text (so no timer outlives the call). */
export interface Answer {
  response: Response;
  text: string;
}

/**
 * Sends a request with retries, per-attempt timeouts and a total deadline. Resolves with a 2xx
 * answer; rejects with a typed error, or with the caller's abort reason.
 */
export async function sendWithRetries(
  request: PreparedRequest,
  policy: SendPolicy,
  deps: SendDeps,
): Promise<Answer> {
  const { signal } = policy;
  if (signal?.aborted) throw signal.reason;
  const deadlineAt = deps.now() + policy.deadline;
  const init: RequestInit = { method: request.method, headers: request.headers, body: request.body };

  const facts = (attempts: number): SendFacts => ({
    url: request.url,
    attempts,
    idempotencyKey: policy.idempotencyKey,
    idempotent: policy.idempotent,
    resendAdvice: policy.resendAdvice,
  });
  for (let attempts = 1; ; attempts++) {
    const remaining = deadlineAt - deps.now();
    if (remaining <= 0) throw deadlineError(policy.deadline, facts(attempts - 1), false);
    const limit = Math.min(policy.timeout, remaining);
    const outcome = await attempt(deps.fetch(), request.url, init, limit, signal);
    const canRetry = attempts - 1 < policy.maxRetries;

    let failure: Error;
    let waitMs: number;
    if (outcome.kind === 'response') {
      const { response, text } = outcome;
      if (response.ok) return { response, text };
      const error = apiErrorFromResponse(response, text, {
        idempotencyKey: policy.idempotencyKey,
        attempts,
        nowMs: deps.now(),
        mayHaveRun: !policy.idempotent,
        resendAdvice: policy.resendAdvice,
      });
      const retryable = isRetryableCode(error.code) && (policy.idempotent || nothingRan(error));
      if (!canRetry || !retryable) throw error;
      failure = error;
      waitMs =
        error.retryAfter === undefined ? backoffDelay(attempts - 1, deps.random) : error.retryAfter * 1000;
    } else if (outcome.kind === 'timeout') {
      if (limit < policy.timeout) throw deadlineError(policy.deadline, facts(attempts), true);
      const error = attemptTimeoutError(policy.timeout, facts(attempts));
      if (!canRetry || !policy.idempotent) throw error;
      failure = error;
      waitMs = backoffDelay(attempts - 1, deps.random);
    } else {
      const kind = classifyConnectionFailure(outcome.error);
      // A TLS handshake that failed never sent anything, but sending again cannot make it succeed.
      // A synchronous check is resent only when the connection was never made: a connection closed
      // or reset, however soon, may have carried the request to a proxy that forwarded it.
      const retrying = canRetry && kind !== 'tls' && (policy.idempotent || kind === 'not-sent');
      failure = connectionError(outcome.error, facts(attempts));
      if (!retrying) throw failure;
      waitMs = backoffDelay(attempts - 1, deps.random);
    }
    // A wait that would end past the deadline is pointless: report the failure now.
    if (deps.now() + waitMs >= deadlineAt) throw failure;
    await sleep(waitMs, signal);
  }
}

/**
 * Answers in which the service says the request did not run: a 429 (from the service or anything in
 * front of it), and the service's own BUSY. Only these are retried for a synchronous check: a bare
 * 502/503/504 from a proxy may come after the check reached the service, where it keeps running and
 * is charged.
 */
function nothingRan(error: ShareCodeApiError): boolean {
  return error.status === 429 || error.rawCode === 'BUSY';
}

/**
 * The same, as a fetch for openapi-fetch (`client.raw`): the Request's body is read once, and the
 * 2xx answer comes back as a fresh Response over the already-read body.
 */
export async function fetchWithRetries(
  request: Request,
  policy: SendPolicy,
  deps: SendDeps,
): Promise<Response> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = request.body === null ? null : await request.text();
  const { response, text } = await sendWithRetries(
    { url: request.url, method: request.method, headers, body },
    { ...policy, signal: policy.signal ?? request.signal },
    deps,
  );
  return new Response(NULL_BODY_STATUS.has(response.status) ? null : text, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

async function attempt(
  fetchImpl: FetchLike,
  url: string,
  init: RequestInit,
  limitMs: number,
  signal: AbortSignal | undefined,
): Promise<AttemptOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(TIMED_OUT), limitMs);
  const onAbort = (): void => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  // Racing against the signal too protects us from a custom fetch that ignores it.
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  aborted.catch(() => undefined);
  try {
    const response = await Promise.race([fetchImpl(url, { ...init, signal: controller.signal }), aborted]);
    // The body is read inside the attempt so that a response that stalls mid-body also times out.
    const text = await Promise.race([response.text(), aborted]);
    return { kind: 'response', response, text };
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (controller.signal.reason === TIMED_OUT) return { kind: 'timeout' };
    return { kind: 'network', error };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

// Statuses that must not carry a body in the Response constructor.
const NULL_BODY_STATUS: ReadonlySet<number> = new Set([101, 204, 205, 304]);
