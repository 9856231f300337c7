import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createPortalHealth } from '../portal/portal-health.js';
import { silentPortalLog } from '../portal/portal-log.js';
import { registerPortalHealthRoute } from './portal-health-route.js';

describe('GET /healthz/portal', () => {
  it('says when this process runs no portal driver', async () => {
    const app = Fastify();
    registerPortalHealthRoute(app, {});
    const response = await app.inject({ method: 'GET', url: '/healthz/portal' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', portal_driver: false, kinds: null });
  });

  it('answers each kind in snake_case, never cached', async () => {
    const health = createPortalHealth(silentPortalLog, () => new Date('2026-11-23T10:00:00Z'));
    health.record('immigration_status', { code: null });
    const app = Fastify();
    registerPortalHealthRoute(app, { portalHealth: () => health.report() });
    const response = await app.inject({ method: 'GET', url: '/healthz/portal' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json().kinds.immigration_status).toEqual({
      last_success_at: '2026-11-23T10:00:00.000Z',
      last_unrecognised: null,
      unrecognised_pages: [],
      last_hour: { checks: 1, upstream_unexpected: 0, upstream_unexpected_rate: 0 },
    });
  });
});
