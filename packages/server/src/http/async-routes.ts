import type { Outcome } from '@sharecode/core';
import {
  CHECK_ENDPOINTS,
  CHECK_ID_PARAM,
  type CheckError,
  type CheckKind,
  type CheckRecord,
  methodNotAllowed,
} from '@sharecode/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AdmitRequest } from '../accounts/admit-request.js';
import type { AsyncCreateInput, AsyncCreateOutput } from '../checks/async-create.js';
import type { AsyncReadInput } from '../checks/async-read.js';
import { createAdmittedKeys } from './admitted-keys.js';
import { sendError, setUsageHeaders } from './send-error.js';

export interface AsyncRoutesDeps {
  readonly admitRequest: AdmitRequest;
  readonly createAsyncCheck: (input: AsyncCreateInput) => Promise<AsyncCreateOutput>;
  readonly readAsyncCheck: (input: AsyncReadInput) => Promise<Outcome<CheckRecord, CheckError>>;
}

/** The asynchronous POSTs of the contract (core's list, the right-to-work alias included). */
export const ASYNC_CREATE_ROUTES = CHECK_ENDPOINTS.flatMap((endpoint) =>
  endpoint.operation === 'create-check' ? [{ path: endpoint.template, kind: endpoint.kind }] : [],
);

/** The GETs, with fastify's `:check_id` parameter; `kind` null reads a check of any kind. */
export const ASYNC_GET_ROUTES = CHECK_ENDPOINTS.flatMap((endpoint) =>
  endpoint.operation === 'get-check'
    ? [{ path: endpoint.template.replace(`{${CHECK_ID_PARAM}}`, `:${CHECK_ID_PARAM}`), kind: endpoint.kind }]
    : [],
);

const GET_METHODS = ['GET', 'HEAD'];
const OTHER_METHODS = ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

const json = (reply: FastifyReply, status: number, body: unknown) =>
  reply.code(status).type('application/json; charset=utf-8').send(body);

export function registerAsyncRoutes(app: FastifyInstance, deps: AsyncRoutesDeps): void {
  // The key and its per-second limit, before the body is read (as on the synchronous endpoints).
  const { admit, keyOf } = createAdmittedKeys(deps.admitRequest, 'async');

  for (const route of ASYNC_CREATE_ROUTES) {
    app.post(route.path, {
      onRequest: admit,
      handler: async (request, reply) => {
        const header = request.headers['idempotency-key'];
        const { outcome, usage } = await deps.createAsyncCheck({
          key: keyOf(request),
          kind: route.kind satisfies CheckKind,
          body: request.body,
          // A repeated header arrives as a list; an invalid key either way.
          idempotencyKey: Array.isArray(header) ? header.join(', ') : header,
          requestId: request.id,
        });
        setUsageHeaders(reply, usage);
        if (!outcome.ok) return sendError(reply, outcome.error);
        if (outcome.value.replayed) return json(reply, 200, outcome.value.record);
        reply.header('location', outcome.value.location);
        return json(reply, 202, outcome.value.record);
      },
    });
  }

  for (const route of ASYNC_GET_ROUTES) {
    app.get<{ Params: Record<string, string> }>(route.path, {
      onRequest: admit,
      handler: async (request, reply) => {
        const found = await deps.readAsyncCheck({
          key: keyOf(request),
          kind: route.kind,
          checkId: request.params[CHECK_ID_PARAM] ?? '',
        });
        if (!found.ok) return sendError(reply, found.error);
        return json(reply, 200, found.value);
      },
    });
    // Another method on a check's URL: the route errors every unknown method gets, with Allow.
    app.route({
      method: [...OTHER_METHODS],
      url: route.path,
      handler: async (request, reply) => {
        reply.header('allow', GET_METHODS.join(', '));
        return sendError(reply, methodNotAllowed(request.method, GET_METHODS));
      },
    });
  }
}
