import { SANDBOX_RETRY_SCHEDULE } from '@sharecode/core';
import { validateCallbackUrl } from '@sharecode/core/validation';
import { normaliseBaseUrl, SANDBOX_BASE_URL } from './base-url.js';
import type { WebhookHandler } from './webhook-types.js';

/**
 * The sandbox's fixed, published webhook signing secret (32 bytes). Sandbox events are signed with it
 * unless `webhookSecret` is given; read it as `sandbox.webhookSecret`.
 */
export const SANDBOX_WEBHOOK_SECRET = 'whsec_c2hhcmVjb2RlLXNhbmRib3gtd2ViaG9vay1zZWNyZXQ=';

/** How long an asynchronous check takes in the sandbox: every delay in milliseconds. */
export interface SandboxDelays {
  /** Milliseconds from the POST until the first run starts (`queued` to `running`). Default 50. */
  startMs?: number | undefined;
  /** Milliseconds one run takes (then the check ends, or waits for a retry). Default 50. */
  runMs?: number | undefined;
  /**
   * Milliseconds to wait before the 2nd and the 3rd attempt. Default 1000 then 2000 (the live
   * service waits ~30 s, ~2 min). At most 300 000 each.
   */
  retryScheduleMs?: readonly number[] | undefined;
  /**
   * @deprecated Seconds (the one delay not in milliseconds): use `retryScheduleMs`. Still read, but
   * a value over 300 (5 minutes, more than the live service ever waits) is refused as a unit mistake.
   */
  retrySchedule?: readonly number[] | undefined;
}

// The longest retry wait accepted: the live service's longest is ~2 minutes.
const MAX_RETRY_WAIT_MS = 300_000;

export interface SandboxOptions {
  /** Where the sandbox answers. Default SANDBOX_BASE_URL (http://127.0.0.1:8080), the SDK's default. */
  baseUrl?: string | undefined;
  delays?: SandboxDelays | undefined;
  /** The clock. Default `() => new Date()`, which vitest/jest fake timers also control. */
  now?: (() => Date) | undefined;
  /** `whsec_` and base64 of 24 to 64 bytes. Default SANDBOX_WEBHOOK_SECRET. */
  webhookSecret?: string | undefined;
  /**
   * The account's default callback URL for test mode: used when a check is queued without
   * `callback_url`. Default none (such checks are poll-only). Must pass the service's callback rules.
   */
  defaultCallbackUrl?: string | undefined;
  /** Receives every webhook instead of an HTTP POST (also settable later with `onWebhook`). */
  webhookHandler?: WebhookHandler | undefined;
  /**
   * Also sign the events of checks queued without any callback URL and hand them to the webhook
   * handlers (their request's `url` is then `''`), so a handler sees every check's event: what
   * `rtw sandbox serve --forward-to` uses. Default false: such checks are poll-only, as on the service.
   */
  eventsWithoutCallbackUrl?: boolean | undefined;
  /** The fetch that posts webhooks. Default: `globalThis.fetch`, looked up at each send (so MSW sees it). */
  fetch?: typeof fetch | undefined;
}

export interface ResolvedDelays {
  startMs: number;
  runMs: number;
  /** The retry waits in milliseconds. */
  retryScheduleMs: readonly number[];
  /** The same waits in seconds (as core's schedules are written). */
  retrySchedule: readonly number[];
}

export interface ResolvedSandboxOptions {
  baseUrl: string;
  delays: ResolvedDelays;
  now: () => Date;
  webhookSecret: string;
  defaultCallbackUrl: string | null;
  webhookHandler: WebhookHandler | undefined;
  eventsWithoutCallbackUrl: boolean;
  fetch: () => typeof fetch;
}

export const DEFAULT_SANDBOX_DELAYS: Readonly<ResolvedDelays> = {
  startMs: 50,
  runMs: 50,
  retryScheduleMs: SANDBOX_RETRY_SCHEDULE.map((seconds) => seconds * 1000),
  retrySchedule: SANDBOX_RETRY_SCHEDULE,
};

function usage(message: string): TypeError {
  return new TypeError(`createSandbox: ${message}`);
}

function duration(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw usage(`${name} must be a number of 0 or more; got ${String(value)}.`);
  }
  return value;
}

function base64Length(text: string): number | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 !== 0) return undefined;
  try {
    return atob(text).length;
  } catch {
    return undefined;
  }
}

function resolveSecret(secret: string | undefined): string {
  if (secret === undefined) return SANDBOX_WEBHOOK_SECRET;
  const bytes =
    typeof secret === 'string' && secret.startsWith('whsec_') ? base64Length(secret.slice(6)) : undefined;
  if (bytes === undefined || bytes < 24 || bytes > 64) {
    throw usage('webhookSecret must be "whsec_" followed by the base64 of 24 to 64 random bytes.');
  }
  return secret;
}

/** The retry waits, in seconds as core's schedules are written, from either option. */
function resolveRetrySchedule(delays: SandboxDelays): readonly number[] {
  const { retryScheduleMs, retrySchedule } = delays;
  if (retryScheduleMs !== undefined && retrySchedule !== undefined) {
    throw usage(
      'give delays.retryScheduleMs (milliseconds) or the older delays.retrySchedule (seconds), not both.',
    );
  }
  const [name, list, unitMs] =
    retryScheduleMs !== undefined
      ? (['delays.retryScheduleMs', retryScheduleMs, 1] as const)
      : retrySchedule !== undefined
        ? (['delays.retrySchedule', retrySchedule, 1000] as const)
        : (['', undefined, 1] as const);
  if (list === undefined) return DEFAULT_SANDBOX_DELAYS.retrySchedule;
  if (!Array.isArray(list))
    throw usage(`${name} must be an array of ${unitMs === 1 ? 'milliseconds' : 'seconds'}.`);
  return list.map((value: number, i: number) => {
    const ms = duration(`${name}[${i}]`, value, 0) * unitMs;
    if (ms > MAX_RETRY_WAIT_MS) {
      throw usage(
        unitMs === 1000
          ? `${name}[${i}] is ${value} seconds (${name} is in seconds, not milliseconds): more than 5 minutes is refused. Use delays.retryScheduleMs, in milliseconds like startMs and runMs.`
          : `${name}[${i}] is ${value} ms: more than 300000 (5 minutes) is refused.`,
      );
    }
    return ms / 1000;
  });
}

// Options are set by the integrator's test code: a mistake there throws at once with what to fix.
export function resolveSandboxOptions(options: SandboxOptions = {}): ResolvedSandboxOptions {
  const baseUrl = normaliseBaseUrl(options.baseUrl ?? SANDBOX_BASE_URL);
  if (baseUrl === undefined) {
    throw usage(
      `baseUrl must be an absolute http(s) URL without query or credentials, such as ${SANDBOX_BASE_URL}.`,
    );
  }
  const delays = options.delays ?? {};
  const retrySchedule = resolveRetrySchedule(delays);
  let defaultCallbackUrl: string | null = null;
  if (options.defaultCallbackUrl !== undefined) {
    const checked = validateCallbackUrl(options.defaultCallbackUrl);
    if (!checked.ok) throw usage(`defaultCallbackUrl is refused: ${checked.error.message}`);
    defaultCallbackUrl = checked.value;
  }
  if (options.now !== undefined && typeof options.now !== 'function')
    throw usage('now must be a function returning a Date.');
  const fetchOption = options.fetch;
  return {
    baseUrl,
    delays: {
      startMs: duration('delays.startMs', delays.startMs, DEFAULT_SANDBOX_DELAYS.startMs),
      runMs: duration('delays.runMs', delays.runMs, DEFAULT_SANDBOX_DELAYS.runMs),
      retryScheduleMs: retrySchedule.map((seconds) => seconds * 1000),
      retrySchedule: [...retrySchedule],
    },
    now: options.now ?? (() => new Date()),
    webhookSecret: resolveSecret(options.webhookSecret),
    defaultCallbackUrl,
    webhookHandler: options.webhookHandler,
    eventsWithoutCallbackUrl: options.eventsWithoutCallbackUrl === true,
    fetch: () => fetchOption ?? globalThis.fetch,
  };
}
