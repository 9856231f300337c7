import { type CheckRecord, checkError } from '@sharecode/core';
import { describe, expect, it } from 'vitest';
import { call, errorOf, validBody } from '../support/api.js';
import { type AsyncSuiteContext, untilIdle, waitForStatus } from '../support/async-server.js';
import { extraKey, newKey, UPGRADE_URL } from '../support/test-server.js';

export function asyncLiveSuite(ctx: AsyncSuiteContext): void {
  const counts = async (accountId: string) => {
    const usage = await ctx.server.admin.usage(accountId);
    if (!usage.ok) throw new Error(usage.error);
    return { used: usage.value.used, inProgress: usage.value.inProgress };
  };
  const ledger = async (accountId: string) =>
    (
      await ctx.server.database.db.query<{ check_id: string }>(
        'SELECT check_id FROM usage_ledger WHERE account_id = $1 ORDER BY check_id',
        [accountId],
      )
    ).rows.map((row) => row.check_id);
  const hold = () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    ctx.server.liveRunner.beforeAnswer = () => held;
    return () => {
      release();
      ctx.server.liveRunner.beforeAnswer = null;
    };
  };

  describe('asynchronous live checks: quota reservation, retries and charging', () => {
    it('queued and running live checks count against the month: a free account cannot queue more than it has left', async () => {
      const { server } = ctx;
      server.clock.advance(60_000);
      const { key, accountId } = await newKey(server.admin, 'free', 'live');
      await server.database.db.query(
        `INSERT INTO usage_counters (account_id, period, used, reserved) VALUES ($1, $2, 8, 0)`,
        [accountId, server.clock().toISOString().slice(0, 7)],
      );
      const release = hold();
      const ids: string[] = [];
      try {
        for (const remaining of ['1', '0']) {
          const queued = await call(server.url, 'POST', '/api/check/right-to-rent/async', {
            key,
            json: validBody('/api/check/right-to-rent'),
          });
          expect(queued.status).toBe(202);
          expect((queued.body as CheckRecord).mode).toBe('live');
          expect(queued.headers.get('x-ratelimit-limit')).toBe('10');
          expect(queued.headers.get('x-ratelimit-remaining')).toBe(remaining);
          ids.push((queued.body as CheckRecord).id);
        }
        const refused = await call(server.url, 'POST', '/api/check/async', {
          key,
          json: validBody('/api/check'),
        });
        expect(refused.status).toBe(402);
        expect(errorOf(refused)).toMatchObject({ code: 'QUOTA_EXCEEDED', upgrade_url: UPGRADE_URL });
        expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
        // The synchronous path sees the same in-progress checks.
        const sync = await call(server.url, 'POST', '/api/check', { key, json: validBody('/api/check') });
        expect(sync.status).toBe(402);
        expect(await counts(accountId)).toEqual({ used: 8, inProgress: 2 });
      } finally {
        release();
      }
      // The free plan allows 5 requests a second per key.
      server.clock.advance(1000);
      for (const id of ids) expect((await waitForStatus(server, key, id)).status).toBe('succeeded');
      expect(await counts(accountId)).toEqual({ used: 10, inProgress: 0 });
      expect(await ledger(accountId)).toEqual([...ids].sort());
    });

    it('errors are never charged; live retries follow the service schedule (30 s, 2 min); only the final outcome is charged, once', async () => {
      const { server } = ctx;
      server.clock.advance(60_000);
      const { key, accountId } = await newKey(server.admin, 'pro', 'live');
      const scenarios = [
        ['ACPT0001', 'succeeded', 1],
        ['NFND0001', 'failed', 1],
        ['TIME0001', 'failed', 3],
        ['BUSY0001', 'failed', 3],
        ['UPEX0001', 'failed', 2],
        ['RTRY0001', 'succeeded', 2],
        ['RTRY0002', 'succeeded', 3],
      ] as const;
      const ids: string[] = [];
      for (const [suffix] of scenarios) {
        const queued = await call(server.url, 'POST', '/api/check/immigration-status/async', {
          key,
          json: { ...validBody('/api/check/immigration-status', suffix), client_reference: suffix },
        });
        ids.push((queued.body as CheckRecord).id);
      }
      const runsOf = (id: string) => server.liveRunner.calls.filter((c) => c.context.checkId === id);
      await untilIdle(server);
      expect(await counts(accountId)).toEqual({ used: 1, inProgress: 5 });
      // Not yet 30 seconds: no second attempt.
      server.clock.advance(29_999);
      await untilIdle(server);
      expect(runsOf(ids[2] ?? '')).toHaveLength(1);
      server.clock.advance(1);
      await untilIdle(server);
      expect(runsOf(ids[2] ?? '')).toHaveLength(2);
      server.clock.advance(120_000);
      await untilIdle(server);
      for (const [i, [suffix, status, attempts]] of scenarios.entries()) {
        const id = ids[i] ?? '';
        const record = await waitForStatus(server, key, id);
        expect(record, suffix).toMatchObject({ status, attempts, client_reference: suffix });
        // The same run-a-check port as the synchronous path, one call per attempt, numbered.
        expect(runsOf(id).map((c) => c.context.attempt)).toEqual(
          Array.from({ length: attempts }, (_, n) => n + 1),
        );
        if (status === 'failed')
          expect(record.error?.message).toBe(checkError(record.error?.code ?? 'INTERNAL').message);
      }
      // Charged: the three successes, each once; the failures gave their reservations back.
      expect(await counts(accountId)).toEqual({ used: 3, inProgress: 0 });
      expect(await ledger(accountId)).toEqual([ids[0], ids[5], ids[6]].sort());
      const reservations = await server.database.db.query(
        'SELECT 1 FROM usage_reservations WHERE account_id = $1',
        [accountId],
      );
      expect(reservations.rowCount).toBe(0);
    });

    it('payment problems are answered on the POST; live and sandbox checks never see each other', async () => {
      const { server } = ctx;
      server.clock.advance(60_000);
      const { key, accountId } = await newKey(server.admin, 'pro', 'live');
      const sandboxKey = await extraKey(server.admin, accountId, 'test');
      const live = await call(server.url, 'POST', '/api/check/async', { key, json: validBody('/api/check') });
      const test = await call(server.url, 'POST', '/api/check/async', {
        key: sandboxKey,
        json: validBody('/api/check'),
      });
      const liveId = (live.body as CheckRecord).id;
      const testId = (test.body as CheckRecord).id;
      await waitForStatus(server, key, liveId);
      await waitForStatus(server, sandboxKey, testId);
      expect((await call(server.url, 'GET', `/api/check/async/${liveId}`, { key: sandboxKey })).status).toBe(
        404,
      );
      expect((await call(server.url, 'GET', `/api/check/async/${testId}`, { key })).status).toBe(404);

      await server.admin.setSubscriptionStatus(accountId, 'past_due');
      server.clock.advance(1000);
      const refused = await call(server.url, 'POST', '/api/check/async', {
        key,
        json: validBody('/api/check'),
      });
      expect(refused.status).toBe(402);
      expect(errorOf(refused)).toMatchObject({ code: 'PAYMENT_REQUIRED', upgrade_url: UPGRADE_URL });
      expect(
        (
          await call(server.url, 'POST', '/api/check/async', {
            key: sandboxKey,
            json: validBody('/api/check'),
          })
        ).status,
      ).toBe(202);
      // Reading a check is not a new check: it keeps working.
      expect((await call(server.url, 'GET', `/api/check/async/${liveId}`, { key })).status).toBe(200);
      await untilIdle(server);
    });
  });
}
