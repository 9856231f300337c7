import type { LookupAddress, LookupOptions } from 'node:dns';
import { request } from 'node:https';
import { createSecureContext, type SecureContext } from 'node:tls';
import type { AttemptOutcome, DeliveryErrorClass } from './delivery-outcome.js';
import type { PinnedAgents } from './pinned-agents.js';
import type { DeliveryTarget } from './resolve-target.js';
import type { WebhookHeaders } from './sign-event.js';

/** Spec 6.4 and 8.7: a receiver has 10 seconds to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What is read of an answer before the connection is closed; the body is discarded anyway. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

export interface PostOptions {
  /** The whole attempt, from the start of `startedAt` (name resolution included). */
  readonly timeoutMs: number;
  /** Trusted CAs (see trustedCas); undefined: Node's bundled roots. */
  readonly secureContext: SecureContext | undefined;
  /** When the attempt began (before resolving), so the time limit and duration cover it all. */
  readonly startedAt: number;
  /** Keep-alive connections per pinned target; absent: a new connection for this attempt alone. */
  readonly agents?: PinnedAgents | undefined;
}

/**
 * The TLS context of a custom CA list, built once: passing `ca` to every request would parse every
 * certificate again each time (most of an attempt's CPU with Node's 140-odd roots included).
 */
export function trustedCas(ca: readonly string[] | undefined): SecureContext | undefined {
  return ca ? createSecureContext({ ca: [...ca] }) : undefined;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * POSTs the signed body once to the vetted address. No redirects are followed (a 3xx is a failure),
 * no proxy is used (node:https never reads HTTP(S)_PROXY), a connection is reused only from the pool
 * of this very address (pinned-agents.ts), and the name the URL gives is kept for SNI, the certificate
 * check and Host. Resolves, never rejects.
 */
export function postWebhook(
  target: DeliveryTarget,
  body: string,
  headers: WebhookHeaders,
  options: PostOptions,
): Promise<AttemptOutcome> {
  const elapsed = () => Date.now() - options.startedAt;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: Omit<AttemptOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...outcome, durationMs: elapsed() });
    };
    // The address was vetted: the socket connects to it and to nothing else, whatever DNS says now.
    const pinned = (_hostname: string, lookupOptions: LookupOptions, callback: LookupCallback) => {
      if (lookupOptions.all) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    };
    const req = request({
      host: target.hostname,
      port: target.port,
      path: target.path,
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: pinned,
      ...(target.servername === null ? {} : { servername: target.servername }),
      agent: options.agents ? options.agents.agentFor(target) : false,
      ...(options.secureContext ? { secureContext: options.secureContext } : {}),
    });
    const timer = setTimeout(
      () => {
        settle({ delivered: false, statusCode: null, errorClass: 'timeout' });
        req.destroy();
      },
      Math.max(1, options.timeoutMs - elapsed()),
    );
    timer.unref();
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const delivered = status >= 200 && status < 300;
      const errorClass: DeliveryErrorClass | null = delivered
        ? null
        : status >= 300 && status < 400
          ? 'redirect'
          : 'http_status';
      settle({ delivered, statusCode: status, errorClass });
      // The answer is read (up to a cap) and thrown away: read to its end, the connection goes back to
      // the target's pool; past the cap it is closed.
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_RESPONSE_BYTES) req.destroy();
      });
      res.on('end', () => clearTimeout(timer));
      res.on('error', () => clearTimeout(timer));
      res.on('close', () => clearTimeout(timer));
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      settle({ delivered: false, statusCode: null, errorClass: classify(error) });
    });
    req.end(body);
  });
}

function classify(error: NodeJS.ErrnoException): DeliveryErrorClass {
  const code = typeof error.code === 'string' ? error.code : '';
  if (/CERT|SSL|TLS|EPROTO|SIGNATURE|ISSUER|ALTNAME/.test(code)) return 'tls';
  return 'connection';
}
