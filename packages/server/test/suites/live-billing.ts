import { describe, expect, it } from 'vitest';
import { startServer } from '../../src/index.js';
import { call, errorOf, validBody } from '../support/api.js';
import type { SuiteContext } from '../support/context.js';
import { extraKey, newKey, UPGRADE_URL } from '../support/test-server.js';

const unix = (iso: string) => Date.parse(iso) / 1000;

export function liveBillingSuite(ctx: SuiteContext): void {
  const check = async (key: string, suffix = 'ACPT0001', path = '/api/check') => {
    ctx.server.clock.advance(1000);
    return call(ctx.server.url, 'POST', path, { key, json: validBody(path, suffix) });
  };
  const setUsed = async (accountId: string, period: string, used: number) => {
    await ctx.server.database.db.query(
      `INSERT INTO usage_counters (account_id, period, used, reserved) VALUES ($1, $2, $3, 0)
       ON CONFLICT (account_id, period) DO UPDATE SET used = $3`,
      [accountId, period, used],
    );
  };
  const ledger = async (accountId: string) =>
    (
      await ctx.server.database.db.query<{ period: string; overage: boolean; amount_pence: number }>(
        'SELECT period, overage, amount_pence FROM usage_ledger WHERE account_id = $1 ORDER BY created_at, check_id',
        [accountId],
      )
    ).rows;

  describe('live keys: quota, billing and limits', () => {
    it('free plan: 10 included checks with X-RateLimit headers, then 402 QUOTA_EXCEEDED with upgrade_url', async () => {
      ctx.server.clock.set('2026-04-20T08:00:00Z');
      const { key, accountId } = await newKey(ctx.server.admin, 'free', 'live');
      const calls = ctx.liveRunner.calls.length;
      for (let i = 1; i <= 10; i += 1) {
        const response = await check(key);
        expect(response.status).toBe(200);
        expect(response.headers.get('x-ratelimit-limit')).toBe('10');
        expect(response.headers.get('x-ratelimit-remaining')).toBe(String(10 - i));
        expect(response.headers.get('x-ratelimit-reset')).toBe(String(unix('2026-05-01T00:00:00Z')));
      }
      expect(ctx.liveRunner.calls.length - calls).toBe(10);
      const refused = await check(key);
      expect(refused.status).toBe(402);
      expect(errorOf(refused)).toMatchObject({ code: 'QUOTA_EXCEEDED', upgrade_url: UPGRADE_URL });
      expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(ctx.liveRunner.calls.length - calls).toBe(10);
      // Sandbox keys of the same account are never metered.
      const sandboxKey = await extraKey(ctx.server.admin, accountId, 'test');
      expect((await check(sandboxKey)).status).toBe(200);
      const rows = await ledger(accountId);
      expect(rows).toHaveLength(10);
      expect(rows.every((row) => !row.overage && row.amount_pence === 0)).toBe(true);
    });

    it('errors are never charged: only a 200 result uses the quota', async () => {
      const { key, accountId } = await newKey(ctx.server.admin, 'free', 'live');
      for (const [suffix, status] of [
        ['NFND0001', 404],
        ['FAIL0001', 500],
        ['UPEX0001', 502],
        ['BUSY0001', 503],
        ['TIME0001', 504],
      ] as const) {
        const response = await check(key, suffix);
        expect(response.status, suffix).toBe(status);
        expect(response.headers.get('x-ratelimit-remaining')).toBe('10');
      }
      const ok = await check(key);
      expect(ok.headers.get('x-ratelimit-remaining')).toBe('9');
      const usage = await ctx.server.admin.usage(accountId, '2026-04');
      expect(usage.ok && usage.value).toMatchObject({ used: 1, inProgress: 0 });
    });

    it('past_due and unpaid subscriptions get 402 PAYMENT_REQUIRED; sandbox keys keep working', async () => {
      const { key, accountId } = await newKey(ctx.server.admin, 'pro', 'live');
      const sandboxKey = await extraKey(ctx.server.admin, accountId, 'test');
      for (const status of ['past_due', 'unpaid'] as const) {
        expect((await ctx.server.admin.setSubscriptionStatus(accountId, status)).ok).toBe(true);
        const refused = await check(key);
        expect(refused.status).toBe(402);
        expect(errorOf(refused)).toMatchObject({ code: 'PAYMENT_REQUIRED', upgrade_url: UPGRADE_URL });
        expect(refused.headers.get('x-ratelimit-limit')).toBe('100');
        expect((await check(sandboxKey)).status).toBe(200);
      }
      expect((await ctx.server.admin.setSubscriptionStatus(accountId, 'active')).ok).toBe(true);
      expect((await check(key)).status).toBe(200);
      expect(await ledger(accountId)).toHaveLength(1);
    });

    it('a canceled subscription falls back to the free plan limits', async () => {
      const { key, accountId } = await newKey(ctx.server.admin, 'pro', 'live');
      await ctx.server.admin.setSubscriptionStatus(accountId, 'canceled');
      const response = await check(key);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).toBe('10');
      await setUsed(accountId, '2026-04', 10);
      const refused = await check(key);
      expect(errorOf(refused).code).toBe('QUOTA_EXCEEDED');
      expect(errorOf(refused).message).toContain('canceled');
    });

    it('pro: overage at 25 pence per check in the ledger, soft throttle (429) at 150', async () => {
      ctx.server.clock.set('2026-04-02T00:00:00Z');
      const { key, accountId } = await newKey(ctx.server.admin, 'pro', 'live');
      for (let i = 1; i <= 150; i += 1) {
        const response = await check(key);
        expect(response.status, `check ${i}`).toBe(200);
        expect(response.headers.get('x-ratelimit-remaining')).toBe(String(Math.max(0, 100 - i)));
      }
      const throttled = await check(key);
      expect(throttled.status).toBe(429);
      expect(errorOf(throttled).code).toBe('RATE_LIMITED');
      const retryAfter = Number(throttled.headers.get('retry-after'));
      expect(retryAfter).toBe(unix('2026-05-01T00:00:00Z') - Math.floor(ctx.server.clock().getTime() / 1000));
      const rows = await ledger(accountId);
      expect(rows.filter((row) => !row.overage)).toHaveLength(100);
      expect(rows.filter((row) => row.overage).map((row) => row.amount_pence)).toEqual(Array(50).fill(25));
      const usage = await ctx.server.admin.usage(accountId);
      expect(usage.ok && usage.value).toMatchObject({ used: 150, overageChecks: 50, overagePence: 1250 });
    });

    it('scale: 500 included, then 10 pence per check, throttled at 750', async () => {
      const { key, accountId } = await newKey(ctx.server.admin, 'scale', 'live');
      const period = '2026-04';
      await setUsed(accountId, period, 499);
      expect((await check(key)).headers.get('x-ratelimit-remaining')).toBe('0');
      expect((await check(key)).status).toBe(200);
      expect((await ledger(accountId)).map((row) => [row.overage, row.amount_pence])).toEqual([
        [false, 0],
        [true, 10],
      ]);
      await setUsed(accountId, period, 749);
      expect((await check(key)).status).toBe(200);
      const throttled = await check(key);
      expect(throttled.status).toBe(429);
      expect(errorOf(throttled).code).toBe('RATE_LIMITED');
    });

    it('per-key requests per second by plan (free 5), with Retry-After and rate-limit headers', async () => {
      for (const [plan, limit] of [
        ['free', 5],
        ['pro', 20],
        ['scale', 50],
      ] as const) {
        const { key } = await newKey(ctx.server.admin, plan, 'live');
        ctx.server.clock.advance(1000);
        const statuses: number[] = [];
        for (let i = 0; i <= limit; i += 1) {
          const response = await call(ctx.server.url, 'POST', '/api/check', {
            key,
            json: validBody('/api/check', 'NFND0001'),
          });
          statuses.push(response.status);
          if (response.status === 429) {
            expect(errorOf(response).code).toBe('RATE_LIMITED');
            expect(response.headers.get('retry-after')).toBe('1');
            expect(response.headers.get('x-ratelimit-limit')).not.toBeNull();
          }
        }
        expect(
          statuses.slice(0, limit).every((s) => s === 404),
          plan,
        ).toBe(true);
        expect(statuses[limit], plan).toBe(429);
      }
    });

    it('quota arithmetic across a month boundary (injected clock)', async () => {
      ctx.server.clock.set('2027-01-31T23:59:40Z');
      const { key, accountId } = await newKey(ctx.server.admin, 'free', 'live');
      for (let i = 0; i < 10; i += 1) expect((await check(key)).status).toBe(200);
      const refused = await check(key);
      expect(errorOf(refused).code).toBe('QUOTA_EXCEEDED');
      expect(refused.headers.get('x-ratelimit-reset')).toBe(String(unix('2027-02-01T00:00:00Z')));

      ctx.server.clock.set('2027-02-01T00:00:00Z');
      const fresh = await call(ctx.server.url, 'POST', '/api/check', { key, json: validBody('/api/check') });
      expect(fresh.status).toBe(200);
      expect(fresh.headers.get('x-ratelimit-remaining')).toBe('9');
      expect(fresh.headers.get('x-ratelimit-reset')).toBe(String(unix('2027-03-01T00:00:00Z')));

      // A check admitted on the last second of February is charged to February, even if it ends in March.
      await setUsed(accountId, '2027-02', 9);
      ctx.server.clock.set('2027-02-28T23:59:59Z');
      ctx.liveRunner.beforeAnswer = () => ctx.server.clock.set('2027-03-01T00:00:01Z');
      try {
        const straddling = await call(ctx.server.url, 'POST', '/api/check', {
          key,
          json: validBody('/api/check'),
        });
        expect(straddling.status).toBe(200);
        expect(straddling.headers.get('x-ratelimit-remaining')).toBe('10');
        expect(straddling.headers.get('x-ratelimit-reset')).toBe(String(unix('2027-04-01T00:00:00Z')));
      } finally {
        ctx.liveRunner.beforeAnswer = null;
      }
      const months = (await ledger(accountId)).map((row) => row.period);
      expect(months).toEqual([...Array(10).fill('2027-01'), '2027-02', '2027-02']);
      const february = await ctx.server.admin.usage(accountId, '2027-02');
      expect(february.ok && february.value.used).toBe(10);
      const march = await ctx.server.admin.usage(accountId, '2027-03');
      expect(march.ok && march.value.used).toBe(0);

      // December rolls over into January of the next year.
      ctx.server.clock.set('2027-12-31T12:00:00Z');
      const december = await call(ctx.server.url, 'POST', '/api/check', {
        key,
        json: validBody('/api/check'),
      });
      expect(december.headers.get('x-ratelimit-reset')).toBe(String(unix('2028-01-01T00:00:00Z')));
      expect(december.headers.get('x-ratelimit-remaining')).toBe('9');
    });

    it('two checks racing for the last free check: exactly one is admitted', async () => {
      ctx.server.clock.set('2026-06-10T10:00:00Z');
      const { key, accountId } = await newKey(ctx.server.admin, 'free', 'live');
      const keys = [
        key,
        ...(await Promise.all([1, 2, 3].map(() => extraKey(ctx.server.admin, accountId, 'live')))),
      ];
      await setUsed(accountId, '2026-06', 9);
      ctx.server.clock.advance(1000);
      const responses = await Promise.all(
        keys.flatMap((k) =>
          [1, 2].map(() =>
            call(ctx.server.url, 'POST', '/api/check', { key: k, json: validBody('/api/check') }),
          ),
        ),
      );
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 402, 402, 402, 402, 402, 402, 402]);
      const usage = await ctx.server.admin.usage(accountId, '2026-06');
      expect(usage.ok && usage.value).toMatchObject({ used: 10, inProgress: 0 });
    });

    it('without a portal driver a live key gets 503 BUSY with Retry-After saying so (never 500), and nothing is charged', async () => {
      const bare = await startServer({
        host: '127.0.0.1',
        port: 0,
        env: {},
        database: ctx.server.database,
        clock: ctx.server.clock,
        sweepIntervalMs: 0,
        logLevelOverride: 'silent',
      });
      try {
        const { key, accountId } = await newKey(ctx.server.admin, 'pro', 'live');
        ctx.server.clock.advance(1000);
        const response = await call(bare.url, 'POST', '/api/check', { key, json: validBody('/api/check') });
        expect(response.status).toBe(503);
        expect(errorOf(response).code).toBe('BUSY');
        expect(response.headers.get('retry-after')).toBe('30');
        expect(errorOf(response).message).toContain('no portal driver');
        // Every route of the sync family answers the same.
        for (const path of [
          '/api/check/right-to-work',
          '/api/check/right-to-rent',
          '/api/check/immigration-status',
        ]) {
          const other = await call(bare.url, 'POST', path, { key, json: validBody(path) });
          expect([other.status, errorOf(other).code, other.headers.get('retry-after')]).toEqual([
            503,
            'BUSY',
            '30',
          ]);
        }
        expect(await ledger(accountId)).toEqual([]);
        const usage = await ctx.server.admin.usage(accountId);
        expect(usage.ok && usage.value).toMatchObject({ used: 0, inProgress: 0 });
      } finally {
        await bare.close();
      }
    });
  });
}
