import { type CheckKind, kindInfo } from '@sharecode/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdmitRequest } from '../accounts/admit-request.js';
import type { AuthenticatedKey } from '../accounts/ports.js';
import type { SyncCheckInput, SyncCheckOutput } from '../checks/sync-check.js';
import { sendError, setUsageHeaders } from './send-error.js';

export interface CheckRoutesDeps {
  readonly admitRequest: AdmitRequest;
  readonly syncCheck: (input: SyncCheckInput) => Promise<SyncCheckOutput>;
}

/** The synchronous endpoints; `/api/check/right-to-work` is the contract's alias of `/api/check`. */
export const SYNC_CHECK_ROUTES: ReadonlyArray<{ readonly path: string; readonly kind: CheckKind }> = [
  { path: kindInfo('right_to_work').syncPath, kind: 'right_to_work' },
  { path: '/api/check/right-to-work', kind: 'right_to_work' },
  { path: kindInfo('right_to_rent').syncPath, kind: 'right_to_rent' },
  { path: kindInfo('immigration_status').syncPath, kind: 'immigration_status' },
];

export function registerCheckRoutes(app: FastifyInstance, deps: CheckRoutesDeps): void {
  const admitted = new WeakMap<FastifyRequest, AuthenticatedKey>();
  for (const route of SYNC_CHECK_ROUTES) {
    app.post(route.path, {
      // The key and its rate limit are checked before the body is read: strangers cost no parsing.
      onRequest: async (request, reply) => {
        const admission = await deps.admitRequest(request.headers.authorization);
        if (!admission.outcome.ok) {
          setUsageHeaders(reply, admission.usage);
          return sendError(reply, admission.outcome.error);
        }
        admitted.set(request, admission.outcome.value);
        return undefined;
      },
      handler: async (request, reply) => {
        const key = admitted.get(request);
        if (!key) throw new Error('check route reached without an admitted key');
        const { outcome, usage } = await deps.syncCheck({
          key,
          kind: route.kind,
          body: request.body,
          requestId: request.id,
        });
        setUsageHeaders(reply, usage);
        if (!outcome.ok) return sendError(reply, outcome.error);
        return reply.code(200).type('application/json; charset=utf-8').send(outcome.value);
      },
    });
  }
}
