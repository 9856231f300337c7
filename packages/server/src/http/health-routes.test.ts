import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createReadiness } from '../health/readiness.js';
import { registerHealthRoutes } from './health-routes.js';

const TOKEN = 'operator-token-of-at-least-32-characters';

describe('GET /readyz when the database does not answer', () => {
  const app = Fastify();
  registerHealthRoutes(app, {
    operatorToken: TOKEN,
    readiness: createReadiness({
      database: async () => {
        throw new Error('connect ECONNREFUSED db.internal.example:6543 (user "rtw_admin")\nat stack');
      },
      draining: () => false,
    }),
  });
  afterAll(() => app.close());

  it('says only that it does not answer to anyone without the operator token', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-the-token' }]) {
      const reply = await app.inject({ method: 'GET', url: '/readyz', headers });
      expect(reply.statusCode).toBe(503);
      expect(reply.json()).toEqual({ status: 'not_ready', reasons: ['the database does not answer'] });
      expect(reply.body).not.toMatch(/db\.internal|6543|rtw_admin|ECONNREFUSED/);
    }
  });

  it('gives the operator the error’s first line', async () => {
    const reply = await app.inject({
      method: 'GET',
      url: '/readyz',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toEqual({
      status: 'not_ready',
      reasons: [
        'the database does not answer: connect ECONNREFUSED db.internal.example:6543 (user "rtw_admin")',
      ],
    });
  });
});
