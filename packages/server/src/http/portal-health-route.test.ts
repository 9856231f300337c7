import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { PageFingerprint, PortalHealthReport } from '../health/portal-health.js';
import { registerPortalHealthRoute } from './portal-health-route.js';

const TOKEN = 'op_0123456789abcdef0123456789abcdef';
const FINGERPRINT = {
  id: '0123456789abcdef',
  host: 'example.test',
  path: '/x',
} as unknown as PageFingerprint;

const idle = { checks: 0, upstreamUnexpected: 0, upstreamUnexpectedRate: null };

/** The cluster's report as the store gives it: one success, one unrecognised page after it elsewhere. */
const REPORT: PortalHealthReport = {
  right_to_work: {
    lastSuccessAt: null,
    lastUnrecognised: { at: '2026-11-23T10:05:00.000Z', fingerprint: FINGERPRINT },
    unrecognisedPages: [{ id: FINGERPRINT.id, count: 1, lastAt: '2026-11-23T10:05:00.000Z' }],
    lastHour: { checks: 1, upstreamUnexpected: 1, upstreamUnexpectedRate: 1 },
  },
  right_to_rent: { lastSuccessAt: null, lastUnrecognised: null, unrecognisedPages: [], lastHour: idle },
  immigration_status: {
    lastSuccessAt: '2026-11-23T10:00:00.000Z',
    lastUnrecognised: null,
    unrecognisedPages: [],
    lastHour: { checks: 1, upstreamUnexpected: 0, upstreamUnexpectedRate: 0 },
  },
};

function appWithHealth(portalDriver = true) {
  const app = Fastify();
  registerPortalHealthRoute(app, { portalHealth: async () => REPORT, portalDriver, operatorToken: TOKEN });
  return app;
}

describe('GET /healthz/portal', () => {
  it("says when this instance runs no portal driver, and still tells the cluster's health", async () => {
    const response = await appWithHealth(false).inject({ method: 'GET', url: '/healthz/portal' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', portal_driver: false });
    expect(response.json().kinds.right_to_work).toEqual({ healthy: false });
  });

  it('without the token tells per kind only whether the portal is healthy, never cached', async () => {
    const response = await appWithHealth().inject({ method: 'GET', url: '/healthz/portal' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      status: 'ok',
      portal_driver: true,
      kinds: {
        right_to_work: { healthy: false },
        right_to_rent: { healthy: true },
        immigration_status: { healthy: true },
      },
    });
    expect(response.body).not.toContain('0123456789abcdef');
  });

  it('with the operator token adds fingerprints and counts in snake_case', async () => {
    const response = await appWithHealth().inject({
      method: 'GET',
      url: '/healthz/portal',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    const kinds = response.json().kinds;
    expect(kinds.immigration_status).toEqual({
      healthy: true,
      last_success_at: '2026-11-23T10:00:00.000Z',
      last_unrecognised: null,
      unrecognised_pages: [],
      last_hour: { checks: 1, upstream_unexpected: 0, upstream_unexpected_rate: 0 },
    });
    expect(kinds.right_to_work.healthy).toBe(false);
    expect(kinds.right_to_work.unrecognised_pages).toEqual([
      { id: '0123456789abcdef', count: 1, last_at: '2026-11-23T10:05:00.000Z' },
    ]);
  });

  it.each([
    ['a wrong token', `Bearer ${TOKEN.slice(0, -1)}x`],
    ['a longer token', `Bearer ${TOKEN}0`],
    ['another scheme', `Basic ${TOKEN}`],
  ])('refuses %s with 401 and shows nothing', async (_name, authorization) => {
    const response = await appWithHealth().inject({
      method: 'GET',
      url: '/healthz/portal',
      headers: { authorization },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toContain('Bearer');
    expect(response.json().error.code).toBe('INVALID_KEY');
    expect(response.body).not.toContain('0123456789abcdef');
  });

  it('refuses every bearer when no operator token is configured', async () => {
    const app = Fastify();
    registerPortalHealthRoute(app, { portalHealth: async () => REPORT });
    const response = await app.inject({
      method: 'GET',
      url: '/healthz/portal',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(401);
  });
});
