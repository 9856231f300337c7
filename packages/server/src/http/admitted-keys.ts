import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdmitRequest } from '../accounts/admit-request.js';
import type { AuthenticatedKey } from '../accounts/ports.js';
import { sendError, setUsageHeaders } from './send-error.js';

/** The keys admitted in an `onRequest` hook, kept per request for the route's handler. */
export interface AdmittedKeys {
  /** The key and its per-second limit, before the body is read: the refusal sent, or undefined. */
  admit(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
  /** The key `admit` let in; throws if the hook did not run (a wiring mistake, not a client's). */
  keyOf(request: FastifyRequest): AuthenticatedKey;
}

export function createAdmittedKeys(admitRequest: AdmitRequest, routes: string): AdmittedKeys {
  const admitted = new WeakMap<FastifyRequest, AuthenticatedKey>();
  return {
    async admit(request, reply) {
      const admission = await admitRequest(request.headers.authorization);
      if (!admission.outcome.ok) {
        setUsageHeaders(reply, admission.usage);
        return sendError(reply, admission.outcome.error);
      }
      admitted.set(request, admission.outcome.value);
      return undefined;
    },
    keyOf(request) {
      const key = admitted.get(request);
      if (!key) throw new Error(`${routes} route reached without an admitted key`);
      return key;
    },
  };
}
