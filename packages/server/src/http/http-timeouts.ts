import type { ServerOptions } from 'node:http';

/**
 * How long a client may take to send a request: its headers, and the whole of it. Answering is not
 * limited (a live check may take a minute).
 */
export interface HttpTimeouts {
  readonly headersMs: number;
  readonly requestMs: number;
}

/** The documented 30 seconds for both. */
export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { headersMs: 30_000, requestMs: 30_000 };

// Node only looks at its clients' timers every `connectionsCheckingInterval` (30 s by default), so a
// 30-second limit held them 30 to 60 s. Looking every second (or more often for the short limits of
// tests) keeps the overshoot under a second.
const MAX_CHECK_INTERVAL_MS = 1_000;

/** Options for `http.createServer` enforcing `timeouts`. */
export function httpServerOptions(timeouts: HttpTimeouts): ServerOptions {
  const shortest = Math.min(timeouts.headersMs, timeouts.requestMs);
  return {
    headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
    requestTimeout: timeouts.requestMs,
    connectionsCheckingInterval: Math.max(10, Math.min(MAX_CHECK_INTERVAL_MS, Math.floor(shortest / 4))),
  };
}
