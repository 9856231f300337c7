import { isRetryableCode } from './error-codes.js';
import { apiErrorFromResponse } from './error-from-response.js';
import { ShareCodeConnectionError, ShareCodeTimeoutError } from './errors.js';
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
}

export interface SendDeps {
  /** Looked up on every call, so a fetch patched later (MSW, test spies) is still the one used. */
  fetch: () => FetchLike;
  random: () => number;
  now: () => number;
}

const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 8_000;

// Connection errors that prove the request never left: retrying them cannot run a check twice.
const NOT_SENT_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

// A connection closed under us this soon after sending is the stale keep-alive race (the server
// closed an idle socket as we reused it). A live check takes 15 to 40 s and is only charged when it
// has a result, so even a synchronous check cannot have been charged yet: retry it, once.
const EARLY_CLOSE_MS = 1_000;
const CLOSED_CODES: ReadonlySet<string> = new Set([
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

const TIMED_OUT: unique symbol = Symbol('attempt timed out');

type AttemptOutcome =
  | { kind: 'response'; response: Response; text: string }
  | { kind: 'timeout' }
  | { kind: 'network'; error: unknown; elapsedMs: number };

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

  let earlyCloseRetried = false;
  for (let attempts = 1; ; attempts++) {
    const remaining = deadlineAt - deps.now();
    if (remaining <= 0) throw deadlineError(policy, attempts - 1);
    const limit = Math.min(policy.timeout, remaining);
    const outcome = await attempt(deps.fetch(), request.url, init, limit, signal, deps.now);
    // The one stale keep-alive resend is the transport's, not a retry the caller budgeted for: it
    // does not use up maxRetries (a stale socket would otherwise cost a retry against BUSY later).
    const retriesUsed = attempts - 1 - (earlyCloseRetried ? 1 : 0);
    const canRetry = retriesUsed < policy.maxRetries;

    let failure: Error;
    let waitMs: number;
    if (outcome.kind === 'response') {
      const { response, text } = outcome;
      if (response.ok) return { response, text };
      const error = apiErrorFromResponse(response, text, {
        idempotencyKey: policy.idempotencyKey,
        attempts,
        nowMs: deps.now(),
      });
      if (!canRetry || !isRetryableCode(error.code)) throw error;
      failure = error;
      waitMs =
        error.retryAfter === undefined ? backoffDelay(attempts - 1, deps.random) : error.retryAfter * 1000;
    } else if (outcome.kind === 'timeout') {
      if (limit < policy.timeout) throw deadlineError(policy, attempts);
      const error = attemptTimeoutError(policy, attempts, canRetry);
      if (!canRetry || !policy.idempotent) throw error;
      failure = error;
      waitMs = backoffDelay(attempts - 1, deps.random);
    } else {
      const earlyClose =
        !earlyCloseRetried && outcome.elapsedMs < EARLY_CLOSE_MS && hasCode(outcome.error, CLOSED_CODES);
      const retrying =
        canRetry && (policy.idempotent || hasCode(outcome.error, NOT_SENT_CODES) || earlyClose);
      if (earlyClose) earlyCloseRetried = true;
      const error = connectionError(request.url, outcome.error, policy, attempts, canRetry && !retrying);
      if (!retrying) throw error;
      failure = error;
      waitMs = backoffDelay(attempts - 1, deps.random);
    }
    // A wait that would end past the deadline is pointless: report the failure now.
    if (deps.now() + waitMs >= deadlineAt) throw failure;
    await sleep(waitMs, signal);
  }
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
  now: () => number,
): Promise<AttemptOutcome> {
  const started = now();
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
    return { kind: 'network', error, elapsedMs: now() - started };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

// Statuses that must not carry a body in the Response constructor.
const NULL_BODY_STATUS: ReadonlySet<number> = new Set([101, 204, 205, 304]);

function hasCode(error: unknown, codes: ReadonlySet<string>): boolean {
  // undici wraps the socket error: TypeError('fetch failed', { cause: Error { code } }).
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && codes.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function describeCause(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    parts.push(typeof code === 'string' ? `${current.message} (${code})` : current.message);
    current = current.cause;
  }
  return parts.join(': ') || String(error);
}

function connectionError(
  url: string,
  cause: unknown,
  policy: SendPolicy,
  attempts: number,
  heldBack: boolean,
): ShareCodeConnectionError {
  const origin = safeOrigin(url);
  const advice = heldBack
    ? ' Not retried: the connection broke after the check may have reached the server, and a second synchronous check could be charged again. Use the asynchronous endpoints (they carry an Idempotency-Key) to retry safely.'
    : ' Check baseUrl and the network.';
  return new ShareCodeConnectionError(
    `Could not get an answer from ${origin} after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${describeCause(cause)}.${advice}`,
    { cause, attempts, idempotencyKey: policy.idempotencyKey },
  );
}

function attemptTimeoutError(policy: SendPolicy, attempts: number, canRetry: boolean): ShareCodeTimeoutError {
  const advice =
    canRetry && !policy.idempotent
      ? ' Not retried: the check may still be running upstream and a second synchronous check could be charged again. Raise `timeout` (live checks take 15 to 40 seconds; use at least 60000 ms) or use the asynchronous endpoints.'
      : '';
  return new ShareCodeTimeoutError(
    `No complete answer within ${policy.timeout} ms (the per-attempt timeout), after ${attempts} attempt${attempts === 1 ? '' : 's'}.${advice}`,
    { phase: 'attempt', timeoutMs: policy.timeout, attempts, idempotencyKey: policy.idempotencyKey },
  );
}

function deadlineError(policy: SendPolicy, attempts: number): ShareCodeTimeoutError {
  return new ShareCodeTimeoutError(
    `Gave up after ${attempts} attempt${attempts === 1 ? '' : 's'}: the total deadline of ${policy.deadline} ms ran out. Raise \`deadline\` or try again later.`,
    { phase: 'deadline', timeoutMs: policy.deadline, attempts, idempotencyKey: policy.idempotencyKey },
  );
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'the API';
  }
}
