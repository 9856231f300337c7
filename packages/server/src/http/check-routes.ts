import { type CheckKind, kindInfo, type Outcome } from '@sharecode/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdmitRequest } from '../accounts/admit-request.js';
import { apiKeyMode } from '../accounts/api-key.js';
import { readBearerToken } from '../accounts/authenticate.js';
import type { CapacityHold } from '../checks/live-check-runner.js';
import type { SyncCheckInput, SyncCheckOutput } from '../checks/sync-check.js';
import { createAdmittedKeys } from './admitted-keys.js';
import { sendError, setUsageHeaders } from './send-error.js';

export interface CheckRoutesDeps {
  readonly admitRequest: AdmitRequest;
  readonly syncCheck: (input: SyncCheckInput) => Promise<SyncCheckOutput>;
  /** Takes a live check slot or answers BUSY (LiveCheckRunner.hold); absent when live checks have no slots. */
  readonly holdLiveSlot?: () => Outcome<CapacityHold>;
}

/** True when the header carries a well-formed live key: only those can need a slot. */
function looksLive(authorization: string | undefined): boolean {
  const bearer = readBearerToken(authorization);
  return 'token' in bearer && apiKeyMode(bearer.token) === 'live';
}

/** The synchronous endpoints; `/api/check/right-to-work` is the contract's alias of `/api/check`. */
export const SYNC_CHECK_ROUTES: ReadonlyArray<{ readonly path: string; readonly kind: CheckKind }> = [
  { path: kindInfo('right_to_work').syncPath, kind: 'right_to_work' },
  { path: '/api/check/right-to-work', kind: 'right_to_work' },
  { path: kindInfo('right_to_rent').syncPath, kind: 'right_to_rent' },
  { path: kindInfo('immigration_status').syncPath, kind: 'immigration_status' },
];

export function registerCheckRoutes(app: FastifyInstance, deps: CheckRoutesDeps): void {
  const keys = createAdmittedKeys(deps.admitRequest, 'check');
  const held = new WeakMap<FastifyRequest, CapacityHold>();
  const releaseHeld = async (request: FastifyRequest) => {
    held.get(request)?.release();
  };
  for (const route of SYNC_CHECK_ROUTES) {
    app.post(route.path, {
      // A full service refuses first, before the key's account, rate window or quota is touched (a
      // burst of refusals then costs microseconds each). Then the key and its rate limit, before the
      // body is read: strangers cost no parsing.
      onRequest: async (request, reply) => {
        if (deps.holdLiveSlot && looksLive(request.headers.authorization)) {
          const slot = deps.holdLiveSlot();
          if (!slot.ok) return sendError(reply, slot.error);
          held.set(request, slot.value);
        }
        return keys.admit(request, reply);
      },
      // Whatever happened (refused key, bad body, client gone), a slot not used by a run is given back.
      onResponse: releaseHeld,
      onRequestAbort: releaseHeld,
      handler: async (request, reply) => {
        const key = keys.keyOf(request);
        const hold = key.mode === 'live' ? held.get(request) : undefined;
        const { outcome, usage } = await deps.syncCheck({
          key,
          kind: route.kind,
          body: request.body,
          requestId: request.id,
          ...(hold ? { hold } : {}),
        });
        setUsageHeaders(reply, usage);
        if (!outcome.ok) return sendError(reply, outcome.error);
        return reply.code(200).type('application/json; charset=utf-8').send(outcome.value);
      },
    });
  }
}
