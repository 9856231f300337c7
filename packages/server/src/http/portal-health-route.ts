import { createHash, timingSafeEqual } from 'node:crypto';
import { checkError, errorBody } from '@sharecode/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PortalHealthReport } from '../health/portal-health.js';
import { isHealthy, kindHealthWire } from '../health/portal-health-wire.js';

export interface PortalHealthRouteDeps {
  /** The cluster's portal health (every instance on the database); absent: none is kept. */
  readonly portalHealth?: (() => Promise<PortalHealthReport>) | undefined;
  /** Whether this instance runs live checks itself. */
  readonly portalDriver?: boolean | undefined;
  /** RTW_OPERATOR_TOKEN: a bearer of it sees fingerprints and counts; null: nobody does here. */
  readonly operatorToken?: string | null | undefined;
}

/**
 * `GET /healthz/portal`: the live portal driver's health, outside the API contract (openapi.json),
 * as every instance on the database recorded it (so each answers alike), with `portal_driver` saying
 * whether this instance runs live checks. Without a key it says per kind only whether the portal is healthy; the operator's bearer token
 * (RTW_OPERATOR_TOKEN) adds the details: last success, last unrecognised page with its fingerprint,
 * pages seen per fingerprint, and the last hour's UPSTREAM_UNEXPECTED rate. (Account owners see them
 * in words on the dashboard.)
 */
export function registerPortalHealthRoute(app: FastifyInstance, deps: PortalHealthRouteDeps): void {
  const expected = deps.operatorToken ? digest(deps.operatorToken) : null;
  app.get('/healthz/portal', async (request, reply) => {
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-store');
    const given = bearerOf(request);
    if (given !== null && !(expected !== null && timingSafeEqual(digest(given), expected))) {
      reply.header('www-authenticate', 'Bearer realm="rtw-server operators"');
      const message =
        'This is not the operator token (RTW_OPERATOR_TOKEN): send it as "Authorization: Bearer <token>", or leave the header out for the public summary.';
      return reply.code(401).send(errorBody(checkError('INVALID_KEY', message)));
    }
    const portalDriver = deps.portalDriver === true;
    const report = await deps.portalHealth?.();
    if (!report) return reply.send({ status: 'ok', portal_driver: portalDriver, kinds: null });
    const detailed = given !== null;
    const kinds = Object.fromEntries(
      Object.entries(report).map(([kind, health]) => [
        kind,
        detailed ? kindHealthWire(health) : { healthy: isHealthy(health) },
      ]),
    );
    return reply.send({ status: 'ok', portal_driver: portalDriver, kinds });
  });
}

/** Hashed first, so the comparison takes the same time whatever the lengths. */
const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header === undefined) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? '';
}
