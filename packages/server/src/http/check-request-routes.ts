import { type CheckError, methodNotAllowed, type Outcome } from '@sharecode/core';
import type { CheckRequest, CheckRequestList } from '@sharecode/core/check-requests';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AdmitRequest } from '../accounts/admit-request.js';
import type { AuthenticatedKey } from '../accounts/ports.js';
import type { UsageSnapshot } from '../accounts/quota.js';
import type { CreatedRequest } from '../requests/manage-requests.js';
import { createAdmittedKeys } from './admitted-keys.js';
import { sendError, setUsageHeaders } from './send-error.js';

/** The API's operations on check requests, as the domain offers them (requests/manage-requests.ts). */
export interface CheckRequestApi {
  create(key: AuthenticatedKey, body: unknown, origin: string): Promise<Outcome<CreatedRequest, CheckError>>;
  get(key: AuthenticatedKey, id: string): Promise<Outcome<CheckRequest, CheckError>>;
  list(
    key: AuthenticatedKey,
    query: Readonly<Record<string, unknown>>,
  ): Promise<Outcome<CheckRequestList, CheckError>>;
  cancel(key: AuthenticatedKey, id: string): Promise<Outcome<CheckRequest, CheckError>>;
}

export interface CheckRequestRoutesDeps {
  readonly admitRequest: AdmitRequest;
  readonly checkRequests: CheckRequestApi;
  /** RTW_PUBLIC_URL (an origin) when set: the applicant's links point there rather than at the request's origin. */
  readonly publicUrl: string | null;
  /** The quota headers of a live key's POST, as the check POSTs send them; null for sandbox keys. */
  readonly usageOf: (key: AuthenticatedKey) => Promise<UsageSnapshot | null>;
}

export const CHECK_REQUESTS_PATH = '/api/check-requests';
const ONE_PATH = `${CHECK_REQUESTS_PATH}/:request_id`;
const LIST_METHODS = ['GET', 'HEAD', 'POST'];
const ONE_METHODS = ['GET', 'HEAD', 'DELETE'];

const json = (reply: FastifyReply, status: number, body: unknown) =>
  reply.code(status).type('application/json; charset=utf-8').send(body);

/** The origin as Fastify sees it (its proxy-trust settings decide whether X-Forwarded-* count). */
const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export function registerCheckRequestRoutes(app: FastifyInstance, deps: CheckRequestRoutesDeps): void {
  const { admit, keyOf } = createAdmittedKeys(deps.admitRequest, 'check request');
  const api = deps.checkRequests;
  const answer = async <T>(reply: FastifyReply, outcome: Outcome<T, CheckError>, status = 200) =>
    outcome.ok ? json(reply, status, outcome.value) : sendError(reply, outcome.error);

  app.post(CHECK_REQUESTS_PATH, {
    onRequest: admit,
    handler: async (request, reply) => {
      const key = keyOf(request);
      const created = await api.create(key, request.body, deps.publicUrl ?? requestOrigin(request));
      setUsageHeaders(reply, await deps.usageOf(key));
      if (!created.ok) return sendError(reply, created.error);
      reply.header('location', created.value.location);
      return json(reply, 201, created.value.record);
    },
  });
  app.get<{ Querystring: Record<string, unknown> }>(CHECK_REQUESTS_PATH, {
    onRequest: admit,
    handler: async (request, reply) => answer(reply, await api.list(keyOf(request), request.query ?? {})),
  });
  app.get<{ Params: { request_id: string } }>(ONE_PATH, {
    onRequest: admit,
    handler: async (request, reply) =>
      answer(reply, await api.get(keyOf(request), request.params.request_id)),
  });
  app.delete<{ Params: { request_id: string } }>(ONE_PATH, {
    onRequest: admit,
    handler: async (request, reply) =>
      answer(reply, await api.cancel(keyOf(request), request.params.request_id)),
  });
  // Another method: the route errors every unknown method gets, with Allow.
  for (const [url, methods] of [
    [CHECK_REQUESTS_PATH, LIST_METHODS],
    [ONE_PATH, ONE_METHODS],
  ] as const) {
    app.route({
      method: ['PUT', 'PATCH', 'OPTIONS', ...(url === ONE_PATH ? ['POST'] : ['DELETE'])],
      url,
      handler: async (request, reply) => {
        reply.header('allow', methods.join(', '));
        return sendError(reply, methodNotAllowed(request.method, methods));
      },
    });
  }
}
