import { CHECK_KINDS, type CheckKind, type CheckRecord, kindInfo } from '@sharecode/core';
import { describe, expect, it } from 'vitest';
import { MAX_CHECKS_IN_PROGRESS } from '../../src/index.js';
import { call, errorOf, validBody } from '../support/api.js';
import { type AsyncSuiteContext, untilIdle, waitForStatus } from '../support/async-server.js';
import { extraKey, newKey } from '../support/test-server.js';

type Body = Record<string, unknown>;
const syncPathOf = (kind: CheckKind) => kindInfo(kind).syncPath;
const without = (body: Body, field: string): Body => {
  const copy = { ...body };
  delete copy[field];
  return copy;
};

/** Bad requests of every kind: the asynchronous POST must answer exactly what its synchronous twin does. */
const BAD_BODIES: ReadonlyArray<{
  name: string;
  body: (valid: Body, kind: CheckKind) => unknown;
  /** The message lists the fields the endpoint accepts, two more on the asynchronous one. */
  listsFields?: true;
}> = [
  { name: 'not an object', body: () => [], listsFields: true },
  { name: 'share_code missing', body: (v) => without(v, 'share_code') },
  {
    name: 'share_code of another kind',
    body: (v, k) => ({ ...v, share_code: k === 'right_to_work' ? 'RACPT0001' : 'WACPT0001' }),
  },
  { name: 'date_of_birth not a date', body: (v) => ({ ...v, date_of_birth: '1990-02-30' }) },
  { name: 'applicant under 16', body: (v) => ({ ...v, date_of_birth: '2020-01-01' }) },
  { name: 'unknown field', body: (v) => ({ ...v, favourite_colour: 'blue' }), listsFields: true },
  {
    name: 'checker_type not accepted or not valid',
    body: (v, k) => ({ ...v, checker_type: k === 'right_to_rent' ? 'tenant' : 'agent' }),
  },
  { name: 'company_name too long', body: (v) => ({ ...v, company_name: 'x'.repeat(201) }) },
  { name: 'check of another kind', body: (v) => ({ ...v, check: 'something_else' }) },
];

export function asyncGateSuite(ctx: AsyncSuiteContext): void {
  describe('asynchronous checks: the gate answers on the POST, as the synchronous twin does', () => {
    it.each(CHECK_KINDS)(
      '%s: bad input gets the synchronous answer, and async fields have their own rules',
      async (kind) => {
        const { server } = ctx;
        server.clock.advance(60_000);
        const { key, accountId } = await newKey(server.admin, 'free', 'test');
        const valid = validBody(syncPathOf(kind));
        let sent = 0;
        const post = async (path: string, json: unknown, headers?: Record<string, string>) => {
          sent += 1;
          if (sent % 20 === 0) server.clock.advance(1000);
          return call(server.url, 'POST', path, { key, json, ...(headers ? { headers } : {}) });
        };
        for (const bad of BAD_BODIES) {
          const body = bad.body(valid, kind);
          const sync = await post(syncPathOf(kind), body);
          const async = await post(kindInfo(kind).asyncPath, body);
          expect(sync.status, bad.name).toBe(400);
          if (bad.listsFields) {
            expect([async.status, errorOf(async).code]).toEqual([sync.status, errorOf(sync).code]);
            expect(errorOf(async).message).toContain('callback_url, client_reference');
          } else {
            expect([async.status, errorOf(async)], `${kind}: ${bad.name}`).toEqual([
              sync.status,
              errorOf(sync),
            ]);
          }
        }
        const asyncOnly: Array<[string, Body]> = [
          ['callback_url', { ...valid, callback_url: 'http://hooks.example.com/rtw' }],
          ['callback_url', { ...valid, callback_url: 'https://10.1.2.3/rtw' }],
          ['callback_url', { ...valid, callback_url: 'https://user:pw@hooks.example.com/rtw' }],
          ['callback_url', { ...valid, callback_url: `https://hooks.example.com/${'x'.repeat(2048)}` }],
          ['client_reference', { ...valid, client_reference: 'x'.repeat(201) }],
          ['client_reference', { ...valid, client_reference: 42 }],
        ];
        for (const [field, body] of asyncOnly) {
          const refused = await post(kindInfo(kind).asyncPath, body);
          expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
          expect(errorOf(refused)).toMatchObject({
            code: 'INVALID_INPUT',
            message: expect.stringContaining(field),
          });
        }
        // The Idempotency-Key header is read before the fields (as in the MSW sandbox).
        const longKey = await post(kindInfo(kind).asyncPath, {}, { 'idempotency-key': 'k'.repeat(256) });
        expect(errorOf(longKey)).toMatchObject({
          code: 'INVALID_INPUT',
          message: expect.stringContaining('Idempotency-Key'),
        });
        // Nothing was queued.
        const queued = await server.database.db.query('SELECT 1 FROM async_checks WHERE account_id = $1', [
          accountId,
        ]);
        expect(queued.rowCount).toBe(0);
      },
    );

    it('keys, body format and the per-key rate limit are answered at once, for POSTs and GETs alike', async () => {
      const { server } = ctx;
      server.clock.advance(60_000);
      const { key, keyId } = await newKey(server.admin, 'pro', 'test');
      const path = '/api/check/right-to-rent/async';
      const body = validBody('/api/check/right-to-rent');
      const sync = (options: Parameters<typeof call>[3]) =>
        call(server.url, 'POST', '/api/check/right-to-rent', options);
      const async = (options: Parameters<typeof call>[3]) => call(server.url, 'POST', path, options);
      const cases: Array<Parameters<typeof call>[3]> = [
        { json: body },
        { authorization: 'Basic abc', json: body },
        { key: `rtw_test_${'A'.repeat(40)}`, json: body },
        { key: 'not-a-key', json: {} },
        { key, rawBody: '{"share_code": ', contentType: 'application/json' },
        { key, rawBody: JSON.stringify(body), contentType: 'text/plain' },
        { key, rawBody: '', contentType: 'application/json' },
      ];
      for (const options of cases) {
        const [s, a] = [await sync(options), await async(options)];
        expect([a.status, errorOf(a)]).toEqual([s.status, errorOf(s)]);
      }
      for (const getPath of ['/api/check/async/chk_x', '/api/check/right-to-rent/async/chk_x']) {
        const noKey = await call(server.url, 'GET', getPath);
        expect([noKey.status, errorOf(noKey).code]).toEqual([401, 'UNAUTHENTICATED']);
      }
      await server.admin.revokeApiKey(keyId);
      const revoked = await async({ key, json: body });
      expect([revoked.status, errorOf(revoked).code]).toEqual([401, 'INVALID_KEY']);

      // Sandbox keys: 25 requests a second, POSTs and GETs counted together.
      server.clock.advance(1000);
      const fresh = (await newKey(server.admin, 'pro', 'test')).key;
      const answers = [];
      for (let i = 0; i < 26; i += 1)
        answers.push(await call(server.url, 'POST', path, { key: fresh, json: body }));
      expect(answers.filter((a) => a.status === 202)).toHaveLength(25);
      const limited = answers.at(-1);
      expect(limited?.status).toBe(429);
      expect(limited && errorOf(limited).code).toBe('RATE_LIMITED');
      expect(limited?.headers.get('retry-after')).toBe('1');
      const get = await call(
        server.url,
        'GET',
        `/api/check/async/${(answers[0]?.body as CheckRecord | undefined)?.id}`,
        {
          key: fresh,
        },
      );
      expect(get.status).toBe(429);
      server.clock.advance(1000);
      await untilIdle(server);
    });

    it('404 CHECK_NOT_FOUND for another account’s check, the other mode’s, and ids of any other shape', async () => {
      const { server } = ctx;
      server.clock.advance(60_000);
      const owner = await newKey(server.admin, 'pro', 'test');
      const sameAccountLive = await extraKey(server.admin, owner.accountId, 'live');
      const sameAccountTest = await extraKey(server.admin, owner.accountId, 'test');
      const stranger = (await newKey(server.admin, 'pro', 'test')).key;
      const created = await call(server.url, 'POST', '/api/check/immigration-status/async', {
        key: owner.key,
        json: validBody('/api/check/immigration-status'),
      });
      const id = (created.body as CheckRecord).id;
      await waitForStatus(server, owner.key, id);
      // Any key of the same account and mode reads it.
      expect((await call(server.url, 'GET', `/api/check/async/${id}`, { key: sameAccountTest })).status).toBe(
        200,
      );
      const notFound = async (key: string, path: string) => {
        const response = await call(server.url, 'GET', path, { key });
        expect([response.status, errorOf(response).code], path).toEqual([404, 'CHECK_NOT_FOUND']);
      };
      await notFound(stranger, `/api/check/async/${id}`);
      await notFound(stranger, `/api/check/immigration-status/async/${id}`);
      await notFound(sameAccountLive, `/api/check/async/${id}`);
      await notFound(sameAccountLive, `/api/check/immigration-status/async/${id}`);
      for (const other of [
        `chk_${'A'.repeat(31)}`,
        `chk_${'A'.repeat(33)}`,
        `CHK_${id.slice(4)}`,
        `${id}%20`,
        'chk_',
        'null',
        `chk_${'A'.repeat(32)}`,
        `chk_${'é'.repeat(32)}`,
        `x${'y'.repeat(300)}`,
      ]) {
        await notFound(owner.key, `/api/check/async/${other}`);
      }
      server.clock.advance(1000);
      // Other methods on a check's URL: the route error with Allow, as on every other path.
      const wrongMethod = await call(server.url, 'DELETE', `/api/check/async/${id}`, { key: owner.key });
      expect([wrongMethod.status, errorOf(wrongMethod).code]).toEqual([400, 'INVALID_INPUT']);
      expect(wrongMethod.headers.get('allow')).toBe('GET, HEAD');
      const getCreate = await call(server.url, 'GET', '/api/check/async', { key: owner.key });
      expect([getCreate.status, getCreate.headers.get('allow')]).toEqual([400, 'POST']);
    });

    it('Idempotency-Key: the same key returns the first check with 200; another body is refused; scoped per account and mode', async () => {
      const { server } = ctx;
      server.clock.advance(60_000);
      const owner = await newKey(server.admin, 'pro', 'test');
      const sameAccountTest = await extraKey(server.admin, owner.accountId, 'test');
      const sameAccountLive = await extraKey(server.admin, owner.accountId, 'live');
      const stranger = (await newKey(server.admin, 'pro', 'test')).key;
      const path = '/api/check/async';
      const body = { ...validBody('/api/check'), client_reference: 'onboarding-1' };
      const headers = { 'idempotency-key': 'onboarding-48213-rtw-1' };
      const first = await call(server.url, 'POST', path, { key: owner.key, json: body, headers });
      expect(first.status).toBe(202);
      const id = (first.body as CheckRecord).id;
      const done = await waitForStatus(server, owner.key, id);

      // The same request, the share code spelt differently, from another key of the account, via the alias.
      for (const [key, json, target] of [
        [owner.key, body, path],
        [owner.key, { ...body, share_code: 'w acpt 0001' }, path],
        [sameAccountTest, body, '/api/check/right-to-work/async'],
      ] as const) {
        const replay = await call(server.url, 'POST', target, { key, json, headers });
        expect(replay.status).toBe(200);
        expect(replay.headers.get('location')).toBeNull();
        expect(replay.body).toEqual(done);
      }
      // The quoted form of the same key is the same key.
      const quoted = await call(server.url, 'POST', path, {
        key: owner.key,
        json: body,
        headers: { 'idempotency-key': '"onboarding-48213-rtw-1"' },
      });
      expect(quoted.status).toBe(200);
      const rows = await server.database.db.query('SELECT id FROM async_checks WHERE account_id = $1', [
        owner.accountId,
      ]);
      expect(rows.rowCount).toBe(1);

      for (const [json, target] of [
        [{ ...body, company_name: 'Other Ltd' }, path],
        [{ ...body, client_reference: 'onboarding-2' }, path],
        [{ ...validBody('/api/check/right-to-rent') }, '/api/check/right-to-rent/async'],
      ] as const) {
        const reused = await call(server.url, 'POST', target, { key: owner.key, json, headers });
        expect(reused.status).toBe(400);
        expect(errorOf(reused)).toMatchObject({
          code: 'INVALID_INPUT',
          message: expect.stringContaining('Idempotency-Key'),
        });
      }
      server.clock.advance(1000);
      // Another account, or the other mode of the same account, has its own keys.
      for (const key of [stranger, sameAccountLive]) {
        const other = await call(server.url, 'POST', path, { key, json: body, headers });
        expect(other.status).toBe(202);
        expect((other.body as CheckRecord).id).not.toBe(id);
        await waitForStatus(server, key, (other.body as CheckRecord).id);
      }
      // Racing POSTs with one new key: one check, the others replay it.
      const race = await Promise.all(
        Array.from({ length: 6 }, () =>
          call(server.url, 'POST', path, {
            key: owner.key,
            json: body,
            headers: { 'idempotency-key': 'race-1' },
          }),
        ),
      );
      expect(race.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 202]);
      expect(new Set(race.map((r) => (r.body as CheckRecord).id)).size).toBe(1);
      server.clock.advance(1000);
      await untilIdle(server);
    });

    it(`at most ${MAX_CHECKS_IN_PROGRESS} checks in progress per account, both modes together: then 429 RATE_LIMITED with Retry-After`, async () => {
      const { server } = ctx;
      server.clock.advance(60_000);
      const { key, accountId } = await newKey(server.admin, 'scale', 'live');
      const sandboxKey = await extraKey(server.admin, accountId, 'test');
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      server.liveRunner.beforeAnswer = () => held;
      try {
        const body = validBody('/api/check');
        for (let i = 0; i < MAX_CHECKS_IN_PROGRESS; i += 1) {
          if (i % 40 === 0) server.clock.advance(1000);
          const queued = await call(server.url, 'POST', '/api/check/async', { key, json: body });
          expect(queued.status).toBe(202);
          expect(queued.headers.get('x-ratelimit-remaining')).toBe(String(500 - i - 1));
        }
        server.clock.advance(1000);
        const refused = await call(server.url, 'POST', '/api/check/async', { key, json: body });
        expect(refused.status).toBe(429);
        expect(errorOf(refused)).toMatchObject({
          code: 'RATE_LIMITED',
          message: expect.stringContaining(String(MAX_CHECKS_IN_PROGRESS)),
        });
        expect(refused.headers.get('retry-after')).toBe('30');
        expect(refused.headers.get('x-ratelimit-remaining')).toBe('400');
        // The limit is the account's: its sandbox key is refused too while the live checks hold it.
        const sandboxRefused = await call(server.url, 'POST', '/api/check/async', {
          key: sandboxKey,
          json: body,
        });
        expect(sandboxRefused.status).toBe(429);
        expect(errorOf(sandboxRefused).code).toBe('RATE_LIMITED');
      } finally {
        release();
        server.liveRunner.beforeAnswer = null;
      }
      await eventuallyAllEnded(ctx, accountId);
      server.clock.advance(1000);
      expect(
        (await call(server.url, 'POST', '/api/check/async', { key, json: validBody('/api/check') })).status,
      ).toBe(202);
      await eventuallyAllEnded(ctx, accountId);
      const usage = await server.admin.usage(accountId);
      expect(usage.ok && usage.value).toMatchObject({ used: MAX_CHECKS_IN_PROGRESS + 1, inProgress: 0 });
    });
  });
}

async function eventuallyAllEnded(ctx: AsyncSuiteContext, accountId: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { rows } = await ctx.server.database.db.query<{ n: number }>(
      "SELECT count(*)::integer AS n FROM async_checks WHERE account_id = $1 AND status IN ('queued', 'running')",
      [accountId],
    );
    if (rows[0]?.n === 0) return;
    if (Date.now() > deadline) throw new Error('checks did not end');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
