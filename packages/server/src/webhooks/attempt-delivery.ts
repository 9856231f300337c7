import type { SecureContext } from 'node:tls';
import type { CallbackUrlPolicy } from '../checks/callback-url-policy.js';
import type { AttemptOutcome } from './delivery-outcome.js';
import type { PinnedAgents } from './pinned-agents.js';
import { postWebhook } from './post-webhook.js';
import { type LookupAll, resolveTarget } from './resolve-target.js';
import { webhookHeaders } from './sign-event.js';

/** How attempts reach the network: the URL rules, the resolver, the time limit and the trusted CAs. */
export interface Transport {
  readonly policy: CallbackUrlPolicy;
  readonly lookup: LookupAll;
  readonly timeoutMs: number;
  /** Trusted CAs when not Node's roots (post-webhook.ts trustedCas). */
  readonly secureContext: SecureContext | undefined;
  /** Keep-alive connections per pinned target (pinned-agents.ts); absent: one connection per attempt. */
  readonly agents?: PinnedAgents;
}

export interface AttemptInput {
  readonly url: string;
  readonly eventId: string;
  /** The serialised event: exactly these bytes are signed and sent. */
  readonly body: string;
  /** The HMAC key of the mode's secret as it is now: a rotation applies to the very next attempt. */
  readonly secretKey: Buffer;
  readonly sentAt: Date;
}

/**
 * One attempt: the URL checked and resolved and every answer vetted (spec 6.3, before every attempt),
 * signed at send time, POSTed to the vetted address. Resolution counts against the time limit.
 */
export async function attemptDelivery(transport: Transport, input: AttemptInput): Promise<AttemptOutcome> {
  const startedAt = Date.now();
  const deadline = new Promise<'timeout'>((resolve) => {
    setTimeout(() => resolve('timeout'), transport.timeoutMs).unref();
  });
  const resolved = await Promise.race([resolveTarget(input.url, transport), deadline]);
  if (resolved === 'timeout') {
    return { delivered: false, statusCode: null, errorClass: 'timeout', durationMs: Date.now() - startedAt };
  }
  if (!resolved.ok) {
    return {
      delivered: false,
      statusCode: null,
      errorClass: resolved.error.errorClass,
      durationMs: Date.now() - startedAt,
    };
  }
  const headers = webhookHeaders(input.secretKey, input.eventId, input.sentAt, input.body);
  return postWebhook(resolved.value, input.body, headers, {
    timeoutMs: transport.timeoutMs,
    secureContext: transport.secureContext,
    startedAt,
    agents: transport.agents,
  });
}
