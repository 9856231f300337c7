import type { FastifyInstance } from 'fastify';
import type { KindHealth, PortalHealthReport } from '../portal/portal-health.js';

/**
 * `GET /healthz/portal`: the operator view of the live portal driver, outside the API contract
 * (openapi.json) and, like /healthz, without a key. It holds no personal data: fingerprints are
 * redacted page structures. Per kind: last successful live check, last unrecognised page with its
 * fingerprint, pages seen per fingerprint, and the last hour's UPSTREAM_UNEXPECTED rate.
 */
export function registerPortalHealthRoute(
  app: FastifyInstance,
  deps: { readonly portalHealth?: (() => PortalHealthReport) | undefined },
): void {
  app.get('/healthz/portal', async (_request, reply) => {
    const report = deps.portalHealth?.();
    const body = report
      ? {
          status: 'ok',
          portal_driver: true,
          kinds: Object.fromEntries(Object.entries(report).map(([kind, health]) => [kind, wire(health)])),
        }
      : { status: 'ok', portal_driver: false, kinds: null };
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-store').send(body);
  });
}

function wire(health: KindHealth) {
  return {
    last_success_at: health.lastSuccessAt,
    last_unrecognised: health.lastUnrecognised,
    unrecognised_pages: health.unrecognisedPages.map((p) => ({
      id: p.id,
      count: p.count,
      last_at: p.lastAt,
    })),
    last_hour: {
      checks: health.lastHour.checks,
      upstream_unexpected: health.lastHour.upstreamUnexpected,
      upstream_unexpected_rate: health.lastHour.upstreamUnexpectedRate,
    },
  };
}
