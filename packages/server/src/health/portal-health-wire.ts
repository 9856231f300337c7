import type { KindHealth, PortalHealthReport } from './portal-health.js';

/** Healthy unless the last thing the portal did was show a page the driver does not recognise. */
export function isHealthy(health: KindHealth): boolean {
  const last = health.lastUnrecognised;
  return last === null || (health.lastSuccessAt !== null && health.lastSuccessAt > last.at);
}

/** One kind's health as JSON says it (GET /healthz/portal with the operator token, `rtw-server status --json`). */
export function kindHealthWire(health: KindHealth) {
  return {
    healthy: isHealthy(health),
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

/** Every kind's health, as JSON says it. */
export function portalHealthWire(report: PortalHealthReport) {
  return Object.fromEntries(Object.entries(report).map(([kind, health]) => [kind, kindHealthWire(health)]));
}
