import { nextAttemptDelayMs, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_SECONDS } from '@sharecode/core';
import type { WebhookRequest } from '@sharecode/sandbox';

// Spec 6.4: a receiver has 10 seconds to answer, and only a 2xx counts.
const DELIVERY_TIMEOUT_MS = 10_000;

export type RetryPace = 'fast' | 'real';

/** One attempt, as `rtw sandbox serve --forward-to` prints it. */
export interface ForwardedAttempt {
  event_id: string;
  type: string;
  check_id: string;
  attempt: number;
  /** The receiver's HTTP status, or null when none came (refused, timed out). */
  status: number | null;
  delivered: boolean;
  error: string | null;
  /** Milliseconds until the next attempt; null when delivered or given up. */
  next_attempt_in_ms: number | null;
}

export interface Forwarder {
  /** The sandbox's webhook handler: starts the event's deliveries and returns at once. */
  handle(request: WebhookRequest): void;
  /** Cancels the attempts still waiting. */
  close(): void;
}

/**
 * Delivers every event the sandbox signs to `url`, as the service would: the same bytes and
 * headers, a 10 s limit, no redirects, and spec 6.4's 8 attempts on its schedule, in real time or
 * 1000 times faster (`fast`: 30 s becomes 30 ms). `report` is told of every attempt.
 */
export function forwardWebhooks(
  url: string,
  pace: RetryPace,
  report: (attempt: ForwardedAttempt) => void,
): Forwarder {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const controllers = new Set<AbortController>();
  let closed = false;
  const schedule = pace === 'fast' ? WEBHOOK_RETRY_SECONDS.map((s) => s / 1000) : WEBHOOK_RETRY_SECONDS;

  async function attempt(request: WebhookRequest, n: number): Promise<void> {
    if (closed) return;
    const { status, error } = await post(url, request, controllers);
    const delivered = status !== null && status >= 200 && status < 300;
    const next = delivered ? null : nextAttemptDelayMs(n, schedule);
    report({ ...describe(request), attempt: n, status, delivered, error, next_attempt_in_ms: next });
    if (next === null || closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void attempt(request, n + 1);
    }, next);
    timers.add(timer);
  }

  return {
    handle(request) {
      void attempt(request, 1);
    },
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      for (const controller of controllers) controller.abort();
      timers.clear();
    },
  };
}

async function post(
  url: string,
  request: WebhookRequest,
  controllers: Set<AbortController>,
): Promise<{ status: number | null; error: string | null }> {
  const controller = new AbortController();
  controllers.add(controller);
  const timer = setTimeout(() => controller.abort(), DELIVERY_TIMEOUT_MS);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { ...request.headers },
      body: request.body,
      redirect: 'manual',
      signal: controller.signal,
    });
    await response.arrayBuffer().catch(() => undefined);
    const ok = response.status >= 200 && response.status < 300;
    return { status: response.status, error: ok ? null : 'only a 2xx counts as delivered' };
  } catch (error) {
    const cause = (error as { cause?: { code?: unknown } }).cause?.code;
    const why = controller.signal.aborted
      ? 'no answer within 10 s'
      : typeof cause === 'string'
        ? cause
        : error instanceof Error
          ? error.message
          : String(error);
    return { status: null, error: why };
  } finally {
    clearTimeout(timer);
    controllers.delete(controller);
  }
}

function describe(request: WebhookRequest): Pick<ForwardedAttempt, 'event_id' | 'type' | 'check_id'> {
  let type = 'unknown';
  let checkId = 'unknown';
  try {
    const event = JSON.parse(request.body) as { type?: unknown; data?: { id?: unknown } };
    if (typeof event.type === 'string') type = event.type;
    if (typeof event.data?.id === 'string') checkId = event.data.id;
  } catch {
    // The sandbox signs JSON; a body that is not stays 'unknown' in the report.
  }
  return { event_id: request.headers['webhook-id'], type, check_id: checkId };
}

/** One line per attempt: `check.succeeded chk_… evt_… attempt 1/8: 200 delivered`. */
export function attemptLine(a: ForwardedAttempt): string {
  const answer = a.status === null ? `no answer (${a.error})` : String(a.status);
  const outcome = a.delivered
    ? 'delivered'
    : a.next_attempt_in_ms === null
      ? `given up after ${a.attempt} attempts`
      : `retrying in ${formatDelay(a.next_attempt_in_ms)}`;
  return `${a.type} ${a.check_id} ${a.event_id} attempt ${a.attempt}/${WEBHOOK_MAX_ATTEMPTS}: ${answer} ${outcome}`;
}

function formatDelay(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}
