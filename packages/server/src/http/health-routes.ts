import type { FastifyInstance } from 'fastify';
import type { ReadinessReport } from '../health/readiness.js';

/** Answered during shutdown too (build-app.ts lets them past the 503 BUSY hook): orchestrators ask them then. */
export const HEALTH_PATHS = ['/livez', '/readyz'] as const;

/**
 * `GET /livez`: the process answers (restart it if not); depends on nothing else. `GET /readyz`: send
 * it traffic (200) or not (503, with the reasons). Outside the API contract, like `/healthz/portal`.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { readonly readiness: () => Promise<ReadinessReport> },
): void {
  app.get('/livez', async (_request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send({ status: 'alive' }),
  );
  app.get('/readyz', async (_request, reply) => {
    const report = await deps.readiness();
    return reply
      .code(report.ready ? 200 : 503)
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(report.ready ? { status: 'ready' } : { status: 'not_ready', reasons: report.reasons });
  });
}
