import { runSandboxCheck } from '@sharecode/core/sandbox';
import { validateCheckRequest } from '@sharecode/core/validation';
import { describe, expect, it } from 'vitest';
import { CHECK_PATHS, call, errorOf, validBody } from '../support/api.js';
import type { SuiteContext } from '../support/context.js';
import { newKey } from '../support/test-server.js';

const KIND_OF = {
  '/api/check': 'right_to_work',
  '/api/check/right-to-work': 'right_to_work',
  '/api/check/right-to-rent': 'right_to_rent',
  '/api/check/immigration-status': 'immigration_status',
} as const;

/** Sandbox share codes (core's scenarios) and what a synchronous check answers. */
const ERROR_SCENARIOS = [
  { suffix: 'NFND0001', status: 404, code: 'NOT_FOUND' },
  { suffix: 'ZZZZ9999', status: 404, code: 'NOT_FOUND' },
  { suffix: 'FAIL0001', status: 500, code: 'INTERNAL' },
  { suffix: 'UPEX0001', status: 502, code: 'UPSTREAM_UNEXPECTED' },
  { suffix: 'BUSY0001', status: 503, code: 'BUSY' },
  { suffix: 'TIME0001', status: 504, code: 'TIMEOUT' },
] as const;

export function sandboxScenariosSuite(ctx: SuiteContext): void {
  describe('sandbox keys answer with core scenarios', () => {
    for (const path of CHECK_PATHS) {
      it(`${path}: the result equals core's sandbox answer, without rate-limit headers`, async () => {
        const { key } = await newKey(ctx.server.admin, 'free', 'test');
        ctx.server.clock.advance(1000);
        const body = {
          ...validBody(path),
          share_code: `${String(validBody(path).share_code).slice(0, 1)} acpt 0001`,
        };
        const response = await call(ctx.server.url, 'POST', path, { key, json: body });
        expect(response.status).toBe(200);
        const validated = validateCheckRequest(KIND_OF[path], body, {
          async: false,
          now: ctx.server.clock(),
        });
        if (!validated.ok) throw new Error(validated.error.message);
        const expected = await runSandboxCheck(validated.value, { attempt: 1, now: ctx.server.clock() });
        expect(expected.ok && response.body).toEqual(expected.ok && expected.value);
        expect(response.headers.get('x-ratelimit-limit')).toBeNull();
        expect(response.headers.get('x-ratelimit-remaining')).toBeNull();
      });

      it(`${path}: test codes give NOT_FOUND, DOB_MISMATCH, INTERNAL, UPSTREAM_UNEXPECTED, BUSY and TIMEOUT`, async () => {
        const { key } = await newKey(ctx.server.admin, 'free', 'test');
        for (const scenario of ERROR_SCENARIOS) {
          ctx.server.clock.advance(1000);
          const response = await call(ctx.server.url, 'POST', path, {
            key,
            json: validBody(path, scenario.suffix),
          });
          expect(response.status, scenario.suffix).toBe(scenario.status);
          expect(errorOf(response).code).toBe(scenario.code);
          if (scenario.code === 'BUSY')
            expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        }
        ctx.server.clock.advance(1000);
        const mismatch = await call(ctx.server.url, 'POST', path, {
          key,
          json: validBody(path, 'ACPT0001', '1985-05-05'),
        });
        expect(mismatch.status).toBe(404);
        expect(errorOf(mismatch).code).toBe('DOB_MISMATCH');
      });
    }

    it('a REJECTED outcome is still a 200 result', async () => {
      const { key } = await newKey(ctx.server.admin, 'free', 'test');
      ctx.server.clock.advance(1000);
      const response = await call(ctx.server.url, 'POST', '/api/check', {
        key,
        json: validBody('/api/check', 'REJT0001'),
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ outcome: 'REJECTED', title: 'Right to work' });
    });

    it('sandbox keys are limited to 25 requests a second per key, with Retry-After', async () => {
      const { key } = await newKey(ctx.server.admin, 'free', 'test');
      const { key: other } = await newKey(ctx.server.admin, 'free', 'test');
      ctx.server.clock.advance(1000);
      const statuses: number[] = [];
      for (let i = 0; i < 27; i += 1) {
        const response = await call(ctx.server.url, 'POST', '/api/check', {
          key,
          json: validBody('/api/check', 'NFND0001'),
        });
        statuses.push(response.status);
        if (response.status === 429) {
          expect(errorOf(response).code).toBe('RATE_LIMITED');
          expect(response.headers.get('retry-after')).toBe('1');
        }
      }
      expect(statuses.filter((s) => s === 404)).toHaveLength(25);
      expect(statuses.slice(25)).toEqual([429, 429]);
      // Another key is not affected, and the next second starts afresh.
      const otherKey = await call(ctx.server.url, 'POST', '/api/check', {
        key: other,
        json: validBody('/api/check'),
      });
      expect(otherKey.status).toBe(200);
      ctx.server.clock.advance(1000);
      const nextSecond = await call(ctx.server.url, 'POST', '/api/check', {
        key,
        json: validBody('/api/check'),
      });
      expect(nextSecond.status).toBe(200);
    });
  });
}
