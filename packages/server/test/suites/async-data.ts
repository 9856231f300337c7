import type { CheckRecord } from '@sharecode/core';
import { describe, expect, it } from 'vitest';
import { call, errorOf, validBody } from '../support/api.js';
import { type AsyncSuiteContext, untilIdle, waitForStatus } from '../support/async-server.js';
import { extraKey, newKey } from '../support/test-server.js';

const DAY_MS = 86_400_000;
const REFERENCE = 'hr-ref-8d1f03';
const CALLBACK = 'https://hooks.example.com/sharecode/secret-path';

export function asyncDataSuite(ctx: AsyncSuiteContext): void {
  const rowOf = async (id: string) => {
    const { rows } = await ctx.server.database.db.query<Record<string, unknown>>(
      'SELECT * FROM async_checks WHERE id = $1',
      [id],
    );
    return rows[0];
  };
  /** Every byte of the row (bytea as latin1) as one string: nothing personal may appear in it. */
  const rawText = (row: Record<string, unknown> | undefined) =>
    Object.values(row ?? {})
      .map((value) => (value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : String(value)))
      .join('\n');

  describe('asynchronous checks: data at rest, callback URLs, the ended hook and retention', () => {
    it('request, result, client_reference and callback_url are sealed in the row; no column holds them in clear', async () => {
      const { server } = ctx;
      server.clock.advance(60_000);
      const { key } = await newKey(server.admin, 'pro', 'live');
      const created = await call(server.url, 'POST', '/api/check/right-to-rent/async', {
        key,
        json: {
          ...validBody('/api/check/right-to-rent'),
          client_reference: REFERENCE,
          callback_url: CALLBACK,
        },
        headers: { 'idempotency-key': 'idem-key-clear-text' },
      });
      const id = (created.body as CheckRecord).id;
      const done = await waitForStatus(server, key, id);
      const name = (done.result as { name: string }).name;
      const row = await rowOf(id);
      for (const column of [
        'request_sealed',
        'result_sealed',
        'client_reference_sealed',
        'callback_url_sealed',
        'fingerprint_sealed',
      ]) {
        expect(row?.[column], column).toBeInstanceOf(Uint8Array);
      }
      const text = rawText(row);
      for (const secret of [
        REFERENCE,
        CALLBACK,
        'hooks.example.com',
        'RACPT0001',
        '1990-01-01',
        name,
        'Test Lettings',
        'idem-key-clear-text',
      ]) {
        expect(text, secret).not.toContain(secret);
      }
      // A sealed value moved into another row does not open there.
      const other = await call(server.url, 'POST', '/api/check/right-to-rent/async', {
        key,
        json: { ...validBody('/api/check/right-to-rent'), client_reference: 'other' },
      });
      const otherId = (other.body as CheckRecord).id;
      await waitForStatus(server, key, otherId);
      await server.database.db.query(
        'UPDATE async_checks SET client_reference_sealed = (SELECT client_reference_sealed FROM async_checks WHERE id = $1) WHERE id = $2',
        [id, otherId],
      );
      server.clock.advance(1000);
      expect((await call(server.url, 'GET', `/api/check/async/${otherId}`, { key })).status).toBe(500);
      await server.database.db.query('DELETE FROM async_checks WHERE id = $1', [otherId]);
    });

    it("callback_url falls back to the account's default for the mode, fixed when queued; the default is sealed too", async () => {
      const { server } = ctx;
      server.clock.advance(60_000);
      const { key, accountId } = await newKey(server.admin, 'pro', 'test');
      const liveKey = await extraKey(server.admin, accountId, 'live');
      const post = async (k: string, extra: Record<string, unknown> = {}) => {
        const created = await call(server.url, 'POST', '/api/check/async', {
          key: k,
          json: { ...validBody('/api/check'), ...extra },
        });
        expect(created.status).toBe(202);
        return created.body as CheckRecord;
      };
      expect((await post(key)).callback_url).toBeNull();
      const first = 'https://hooks.example.com/test-default';
      expect(await server.admin.setDefaultCallbackUrl(accountId, 'test', first)).toEqual({
        ok: true,
        value: first,
      });
      const usesDefault = await post(key);
      expect(usesDefault.callback_url).toBe(first);
      expect((await post(key, { callback_url: CALLBACK })).callback_url).toBe(CALLBACK);
      expect((await post(liveKey)).callback_url).toBeNull();
      await server.admin.setDefaultCallbackUrl(accountId, 'test', 'https://hooks.example.com/changed');
      expect((await waitForStatus(server, key, usesDefault.id)).callback_url).toBe(first);
      expect(await server.admin.defaultCallbackUrl(accountId, 'test')).toEqual({
        ok: true,
        value: 'https://hooks.example.com/changed',
      });
      expect(await server.admin.defaultCallbackUrl(accountId, 'live')).toEqual({ ok: true, value: null });
      const { rows } = await server.database.db.query<Record<string, unknown>>(
        'SELECT default_callback_url_test, default_callback_url_live FROM accounts WHERE id = $1',
        [accountId],
      );
      expect(rawText(rows[0])).not.toContain('hooks.example.com');
      await server.admin.setDefaultCallbackUrl(accountId, 'test', null);
      expect((await post(key)).callback_url).toBeNull();
      // The default obeys the same rules as a callback_url in a request.
      const refused = await server.admin.setDefaultCallbackUrl(
        accountId,
        'test',
        'http://hooks.example.com/',
      );
      expect(refused.ok).toBe(false);
      expect(refused.ok || refused.error).toContain('https');
      expect((await server.admin.setDefaultCallbackUrl('acc_nope', 'test', first)).ok).toBe(false);
      expect((await server.admin.setDefaultCallbackUrl(accountId, 'staging', first)).ok).toBe(false);
      await untilIdle(server);
    });

    it('the CheckEndedListener hears each check that ends with a callback URL once, inside the final transaction', async () => {
      const { server } = ctx;
      server.clock.advance(60_000);
      const { key, accountId } = await newKey(server.admin, 'pro', 'test');
      const post = async (suffix: string, extra: Record<string, unknown>) => {
        const created = await call(server.url, 'POST', '/api/check/immigration-status/async', {
          key,
          json: { ...validBody('/api/check/immigration-status', suffix), ...extra },
        });
        return (created.body as CheckRecord).id;
      };
      const succeeded = await post('ACPT0001', { callback_url: CALLBACK });
      const failed = await post('NFND0001', { callback_url: CALLBACK });
      const retried = await post('RTRY0001', { callback_url: CALLBACK });
      const pollOnly = await post('ACPT0001', {});
      await untilIdle(server);
      server.clock.advance(1000);
      await untilIdle(server);
      const heard = server.ended.filter((call) => call.context.accountId === accountId);
      expect(heard.map((call) => call.record.id).sort()).toEqual([succeeded, failed, retried].sort());
      for (const call of heard) {
        expect(call.context).toEqual({
          accountId,
          mode: 'test',
          kind: 'immigration_status',
          callbackUrl: CALLBACK,
        });
        // The row the listener reads through its transaction is already final.
        expect(call.statusInTransaction).toBe(call.record.status);
        expect(call.record).toEqual(await waitForStatus(server, key, call.record.id));
      }
      expect(heard.find((call) => call.record.id === failed)?.record.error?.code).toBe('NOT_FOUND');
      expect(heard.find((call) => call.record.id === retried)?.record.attempts).toBe(2);
      expect(heard.some((call) => call.record.id === pollOnly)).toBe(false);
    });

    it('retention: the result, client_reference and callback_url are deleted from the row 7 days after the end; the row 30 days after', async () => {
      const { server } = ctx;
      server.clock.advance(60_000);
      const { key } = await newKey(server.admin, 'pro', 'test');
      const post = async (suffix: string) => {
        const created = await call(server.url, 'POST', '/api/check/async', {
          key,
          json: { ...validBody('/api/check', suffix), client_reference: REFERENCE, callback_url: CALLBACK },
          headers: { 'idempotency-key': `keep-${suffix}` },
        });
        return (created.body as CheckRecord).id;
      };
      const ok = await post('ACPT0001');
      const failed = await post('NFND0001');
      const endedOk = await waitForStatus(server, key, ok);
      const endedFailed = await waitForStatus(server, key, failed);
      const end = Date.parse(endedOk.completed_at ?? '');
      const sweepAt = async (ms: number) => {
        server.clock.set(new Date(end + ms));
        return server.server.sweep();
      };
      const sealed = async (id: string) => {
        const row = await rowOf(id);
        return ['request_sealed', 'result_sealed', 'client_reference_sealed', 'callback_url_sealed'].map(
          (column) => row?.[column] !== null,
        );
      };

      await sweepAt(7 * DAY_MS - 1);
      expect(await sealed(ok)).toEqual([true, true, true, true]);
      expect((await call(server.url, 'GET', `/api/check/async/${ok}`, { key })).body).toEqual(endedOk);

      server.clock.set(new Date(end + 7 * DAY_MS));
      // Due but not swept yet: already shown as deleted.
      const due = (await call(server.url, 'GET', `/api/check/async/${ok}`, { key })).body as CheckRecord;
      expect(due).toMatchObject({
        result: null,
        client_reference: null,
        callback_url: null,
        result_expired: true,
      });
      const report = await sweepAt(7 * DAY_MS);
      expect(report.asyncResults).toBeGreaterThanOrEqual(2);
      expect(await sealed(ok)).toEqual([false, false, false, false]);
      expect(await sealed(failed)).toEqual([false, false, false, false]);
      expect((await rowOf(ok))?.result_expired).toBe(true);
      const expiredOk = (await call(server.url, 'GET', `/api/check/async/${ok}`, { key })).body;
      expect(expiredOk).toEqual({
        ...endedOk,
        result: null,
        client_reference: null,
        callback_url: null,
        result_expired: true,
      });
      const expiredFailed = (await call(server.url, 'GET', `/api/check/async/${failed}`, { key })).body;
      expect(expiredFailed).toEqual({
        ...endedFailed,
        client_reference: null,
        callback_url: null,
        result_expired: true,
      });
      // The same Idempotency-Key still finds the check as it stands.
      server.clock.advance(1000);
      const replay = await call(server.url, 'POST', '/api/check/async', {
        key,
        json: { ...validBody('/api/check', 'ACPT0001'), client_reference: REFERENCE, callback_url: CALLBACK },
        headers: { 'idempotency-key': 'keep-ACPT0001' },
      });
      expect([replay.status, replay.body]).toEqual([200, expiredOk]);

      await sweepAt(30 * DAY_MS - 1);
      expect(await rowOf(ok)).toBeDefined();
      server.clock.advance(1);
      const gone = await call(server.url, 'GET', `/api/check/async/${ok}`, { key });
      expect([gone.status, errorOf(gone).code]).toEqual([404, 'CHECK_NOT_FOUND']);
      const final = await sweepAt(30 * DAY_MS);
      expect(final.asyncChecks).toBeGreaterThanOrEqual(2);
      expect(await rowOf(ok)).toBeUndefined();
      expect(await rowOf(failed)).toBeUndefined();
      server.clock.advance(1000);
      const fresh = await call(server.url, 'POST', '/api/check/async', {
        key,
        json: { ...validBody('/api/check', 'ACPT0001'), client_reference: REFERENCE, callback_url: CALLBACK },
        headers: { 'idempotency-key': 'keep-ACPT0001' },
      });
      expect(fresh.status).toBe(202);
      await untilIdle(server);
    });

    it("the sweep leaves a long-running asynchronous check's quota reservation alone", async () => {
      const { server } = ctx;
      server.clock.advance(60_000);
      const { key, accountId } = await newKey(server.admin, 'free', 'live');
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      server.liveRunner.beforeAnswer = () => held;
      let id = '';
      try {
        const created = await call(server.url, 'POST', '/api/check/async', {
          key,
          json: validBody('/api/check'),
        });
        id = (created.body as CheckRecord).id;
        await waitForStatus(server, key, id, ['running']);
        server.clock.advance(60 * 60_000);
        const report = await server.server.sweep();
        expect(report.staleReservations).toBe(0);
        const usage = await server.admin.usage(accountId);
        expect(usage.ok && usage.value.inProgress).toBe(1);
      } finally {
        release();
        server.liveRunner.beforeAnswer = null;
      }
      expect((await waitForStatus(server, key, id)).status).toBe('succeeded');
      const usage = await server.admin.usage(accountId);
      expect(usage.ok && usage.value).toMatchObject({ used: 1, inProgress: 0 });
    });
  });
}
