import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReadinessReport } from '../health/readiness.js';

/** Answered during shutdown too (build-app.ts lets them past the 503 BUSY hook): orchestrators ask them then. */
export const HEALTH_PATHS = ['/livez', '/readyz'] as const;

/**
 * `GET /livez`: the process answers (restart it if not); depends on nothing else. `GET /readyz`: send
 * it traffic (200) or not (503, with the reasons). Outside the API contract, like `/healthz/portal`.
 * The reasons in full (the database's error) go only to a bearer of the operator token
 * (RTW_OPERATOR_TOKEN); anyone else learns that the database does not answer, never its host or user.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: {
    readonly readiness: () => Promise<ReadinessReport>;
    readonly operatorToken?: string | null | undefined;
  },
): void {
  const expected = deps.operatorToken ? digest(deps.operatorToken) : null;
  const isOperator = (request: FastifyRequest): boolean => {
    const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    return expected !== null && given !== undefined && timingSafeEqual(digest(given), expected);
  };
  app.get('/livez', async (_request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send({ status: 'alive' }),
  );
  app.get('/readyz', async (request, reply) => {
    const report = await deps.readiness();
    const reasons = isOperator(request) ? report.reasons : report.publicReasons;
    return reply
      .code(report.ready ? 200 : 503)
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(report.ready ? { status: 'ready' } : { status: 'not_ready', reasons });
  });
}

/** Hashed first, so the comparison takes the same time whatever the lengths. */
const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();
