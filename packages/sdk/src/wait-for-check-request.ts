import type { RequestOptions } from './client-options.js';
import { ShareCodeApiError, ShareCodeTimeoutError, ShareCodeUsageError } from './errors.js';
import { sleep } from './sleep.js';
import type { CheckRequest, CheckRequestKind, CheckRequestOf, EndedCheckRequest } from './types.js';
import { isTransient } from './wait-for-check.js';

export interface WaitForCheckRequestOptions {
  /**
   * Give up (ShareCodeTimeoutError, phase `wait`, the last request in `checkRequest`) after this
   * many ms. Default 600 000 (10 minutes); an applicant may take days, so pass what you can wait.
   */
  timeoutMs?: number | undefined;
  /** Pause between polls in ms (with jitter: between half and all of it). Default 5 000. */
  intervalMs?: number | undefined;
  signal?: AbortSignal | undefined;
  /** Called with the request after every successful poll. */
  onProgress?: ((request: CheckRequest) => void) | undefined;
}

export const DEFAULT_REQUEST_WAIT_TIMEOUT_MS = 600_000;
const DEFAULT_REQUEST_INTERVAL_MS = 5_000;

/**
 * Polls a check request until it is no longer `waiting` and resolves with it. Transient failures
 * (BUSY, rate limits, the network) are ridden out until `timeoutMs`; anything else (a bad key,
 * CHECK_REQUEST_NOT_FOUND) is thrown at once.
 */
export async function waitForCheckRequest<K extends CheckRequestKind>(
  getRequest: (options: RequestOptions) => Promise<CheckRequestOf<K>>,
  options: WaitForCheckRequestOptions = {},
): Promise<EndedCheckRequest<K>> {
  const timeout = positive('timeoutMs', options.timeoutMs ?? DEFAULT_REQUEST_WAIT_TIMEOUT_MS);
  const interval = positive('intervalMs', options.intervalMs ?? DEFAULT_REQUEST_INTERVAL_MS);
  const { signal } = options;
  const deadlineAt = Date.now() + timeout;
  let last: CheckRequest | undefined;
  let polls = 0;
  for (;;) {
    const remaining = deadlineAt - Date.now();
    if (remaining <= 0) throw waitTimeout(timeout, polls, last);
    let hintMs: number | undefined;
    polls++;
    try {
      // Retries happen here, in the poll loop, so one slow spell does not end the whole wait.
      const request = await getRequest({ signal, maxRetries: 0, deadline: remaining });
      last = request;
      options.onProgress?.(request);
      if (request.status !== 'waiting') return request as EndedCheckRequest<K>;
    } catch (error) {
      if (error instanceof ShareCodeTimeoutError && error.phase === 'deadline')
        throw waitTimeout(timeout, polls, last);
      if (!isTransient(error)) throw error;
      if (error instanceof ShareCodeApiError && error.retryAfter !== undefined)
        hintMs = error.retryAfter * 1000;
    }
    const waitMs = hintMs ?? interval * (0.5 + Math.random() / 2);
    if (Date.now() + waitMs >= deadlineAt) throw waitTimeout(timeout, polls, last);
    await sleep(waitMs, signal);
  }
}

function waitTimeout(timeout: number, polls: number, last: CheckRequest | undefined): ShareCodeTimeoutError {
  const state = last === undefined ? 'not read yet' : `still ${last.status}`;
  return new ShareCodeTimeoutError(
    `Stopped waiting after ${timeout} ms (${polls} poll${polls === 1 ? '' : 's'}); the check request was ${state}. The link stays open until it is used or expires: call waitForCheckRequest or getCheckRequest again later, or pass a callback_url to be told when its check ends.`,
    { phase: 'wait', timeoutMs: timeout, attempts: polls, checkRequest: last },
  );
}

function positive(name: string, value: number): number {
  if (typeof value !== 'number' || Number.isNaN(value) || value <= 0) {
    throw new ShareCodeUsageError(
      `waitForCheckRequest: ${name} must be a positive number of milliseconds; got ${String(value)}.`,
    );
  }
  return value;
}
