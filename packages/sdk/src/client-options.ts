import { apiKeyShapeProblem } from '@sharecode/core/validation';
import { readEnv } from './env.js';
import { ShareCodeUsageError } from './errors.js';
import type { FetchLike } from './fetch-with-retries.js';
import { SDK_VERSION } from './version.js';

/** The reference server's default address; point `baseUrl` (or RTW_BASE_URL) elsewhere in production. */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';
/** Per attempt. The spec asks for at least 60 s on synchronous checks (live checks take 15 to 40 s). */
export const DEFAULT_TIMEOUT_MS = 90_000;
/** Across all attempts and the waits between them. */
export const DEFAULT_DEADLINE_MS = 300_000;
export const DEFAULT_MAX_RETRIES = 2;

// setTimeout fires at once for delays above 2^31 - 1 ms, so longer limits are clamped to it.
const MAX_TIMER_MS = 2_147_483_647;

export interface ShareCodeClientOptions {
  /** `rtw_live_...` or `rtw_test_...`. Default: the RTW_API_KEY environment variable. */
  apiKey?: string | undefined;
  /** Default: RTW_BASE_URL, else http://127.0.0.1:8080. */
  baseUrl?: string | undefined;
  /** Per-attempt limit in ms (sending until the whole answer has arrived). Default 90 000. */
  timeout?: number | undefined;
  /** Total limit in ms across retries. Default 300 000. */
  deadline?: number | undefined;
  /** Retries after the first attempt. Default 2. */
  maxRetries?: number | undefined;
  /** A fetch to use instead of `globalThis.fetch` (looked up on every request when not given). */
  fetch?: FetchLike | undefined;
  /** Appended to the User-Agent, e.g. `my-hr-app/2.1`. */
  userAgent?: string | undefined;
  /** Extra headers on every request. */
  headers?: Record<string, string> | undefined;
}

/** Options every call accepts; each overrides the client's setting for that call only. */
export interface RequestOptions {
  signal?: AbortSignal | undefined;
  timeout?: number | undefined;
  deadline?: number | undefined;
  maxRetries?: number | undefined;
  headers?: Record<string, string> | undefined;
}

/** Options of the asynchronous creates. */
export interface CreateCheckOptions extends RequestOptions {
  /**
   * Sent as `Idempotency-Key` (1 to 255 visible ASCII characters). Default: a random UUID. The same
   * key is sent on every retry, so a retried create never queues or charges a second check.
   */
  idempotencyKey?: string | undefined;
}

export interface ResolvedClientOptions {
  apiKey: string;
  baseUrl: string;
  timeout: number;
  deadline: number;
  maxRetries: number;
  fetch: FetchLike | undefined;
  userAgent: string;
  headers: Record<string, string>;
}

export function resolveClientOptions(options: ShareCodeClientOptions = {}): ResolvedClientOptions {
  const baseUrl = (options.baseUrl ?? readEnv('RTW_BASE_URL') ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  if (!/^https?:$/.test(parseUrl(baseUrl)?.protocol ?? '')) {
    throw new ShareCodeUsageError(
      `baseUrl must be an absolute http(s) URL such as https://api.example.com; got ${JSON.stringify(baseUrl)}.`,
    );
  }
  const suffix = options.userAgent?.trim();
  return {
    apiKey: resolveApiKey(options.apiKey),
    baseUrl,
    timeout: checkDuration('timeout', options.timeout ?? DEFAULT_TIMEOUT_MS),
    deadline: checkDuration('deadline', options.deadline ?? DEFAULT_DEADLINE_MS),
    maxRetries: checkRetries(options.maxRetries ?? DEFAULT_MAX_RETRIES),
    fetch: options.fetch,
    userAgent: `sharecode-sdk-js/${SDK_VERSION}${suffix ? ` ${suffix}` : ''}`,
    headers: { ...options.headers },
  };
}

/**
 * The key, checked before any request with core's key rule (the one the service and the sandbox
 * apply): none at all, or one that cannot be a key (a truncated paste, quotes, a dashboard secret),
 * fails here, naming where it came from and never echoing it.
 */
function resolveApiKey(option: string | undefined): string {
  const fromOption = typeof option === 'string' ? option.trim() : undefined;
  const key = fromOption || readEnv('RTW_API_KEY');
  const source = fromOption ? 'The apiKey option' : 'RTW_API_KEY';
  if (key === undefined) {
    throw new ShareCodeUsageError(
      'No API key: set the RTW_API_KEY environment variable, or pass { apiKey } to new ShareCodeClient(). Keys are rtw_live_... (live checks) or rtw_test_... (the sandbox: free, no portal).',
    );
  }
  const problem = apiKeyShapeProblem(key);
  if (problem !== undefined) {
    throw new ShareCodeUsageError(
      `${source} does not hold an API key: ${problem}. Copy the whole key from the dashboard, without quotes or spaces.`,
    );
  }
  return key;
}

export interface CallLimits {
  timeout: number;
  deadline: number;
  maxRetries: number;
}

export function resolveCallLimits(
  client: ResolvedClientOptions,
  options: RequestOptions | undefined,
): CallLimits {
  return {
    timeout: options?.timeout === undefined ? client.timeout : checkDuration('timeout', options.timeout),
    deadline: options?.deadline === undefined ? client.deadline : checkDuration('deadline', options.deadline),
    maxRetries: options?.maxRetries === undefined ? client.maxRetries : checkRetries(options.maxRetries),
  };
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/;

export function checkIdempotencyKey(key: string): string {
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
    throw new ShareCodeUsageError(
      'idempotencyKey must be 1 to 255 visible ASCII characters (a UUID is ideal); leave it out to get a random one.',
    );
  }
  return key;
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// Latin-1 without control characters: what fetch accepts; anything else would fail as a TypeError
// that looks like a network error.
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** Checks header names and values up front; the message names the header, never its value. */
export function checkHeaders(headers: Record<string, string>): Record<string, string> {
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name) || typeof value !== 'string' || !HEADER_VALUE.test(value)) {
      throw new ShareCodeUsageError(
        `The ${JSON.stringify(name)} header cannot be sent: header values must be plain ASCII text on one line (check apiKey, userAgent and headers).`,
      );
    }
  }
  return headers;
}

function checkDuration(name: string, value: number): number {
  if (typeof value !== 'number' || Number.isNaN(value) || value <= 0) {
    throw new ShareCodeUsageError(`${name} must be a positive number of milliseconds; got ${String(value)}.`);
  }
  return Math.min(value, MAX_TIMER_MS);
}

function checkRetries(value: number): number {
  if (!Number.isInteger(value) || value < 0) {
    throw new ShareCodeUsageError(`maxRetries must be a whole number of 0 or more; got ${String(value)}.`);
  }
  return value;
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}
