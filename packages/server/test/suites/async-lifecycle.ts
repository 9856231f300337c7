import {
  CHECK_KINDS,
  type CheckKind,
  type CheckRecord,
  kindInfo,
  RIGHT_TO_WORK_ALIAS_PATH,
} from '@sharecode/core';
import { describe, expect, it } from 'vitest';
import { call, errorOf, validBody } from '../support/api.js';
import { type AsyncSuiteContext, getCheck, untilIdle, waitForStatus } from '../support/async-server.js';
import { newKey } from '../support/test-server.js';

const DAY_MS = 86_400_000;
const CALLBACK = 'https://hooks.example.com/rtw?tenant=42';

/** The synchronous twin of each kind, whose answers the asynchronous checks must repeat. */
const syncPathOf = (kind: CheckKind) => kindInfo(kind).syncPath;

/** Every sandbox scenario's asynchronous end (spec 3's retry rules through core's policy). */
const SCENARIOS = [
  { suffix: 'ACPT0001', status: 'succeeded', attempts: 1, code: null },
  { suffix: 'NFND0001', status: 'failed', attempts: 1, code: 'NOT_FOUND' },
  { suffix: 'ACPT0001', dob: '1985-05-05', status: 'failed', attempts: 1, code: 'DOB_MISMATCH' },
  { suffix: 'TIME0001', status: 'failed', attempts: 3, code: 'TIMEOUT' },
  { suffix: 'BUSY0001', status: 'failed', attempts: 3, code: 'BUSY' },
  { suffix: 'FAIL0001', status: 'failed', attempts: 3, code: 'INTERNAL' },
  { suffix: 'UPEX0001', status: 'failed', attempts: 2, code: 'UPSTREAM_UNEXPECTED' },
  { suffix: 'RTRY0001', status: 'succeeded', attempts: 2, code: null },
  { suffix: 'RTRY0002', status: 'succeeded', attempts: 3, code: null },
] as const;

export function asyncLifecycleSuite(ctx: AsyncSuiteContext): void {
  describe('asynchronous checks: life of a check', () => {
    it.each(CHECK_KINDS)(
      '%s: 202 with Location and a queued record, then the result the synchronous endpoint answers',
      async (kind) => {
        const { server } = ctx;
        server.clock.advance(60_000);
        const { key } = await newKey(server.admin, 'pro', 'test');
        const info = kindInfo(kind);
        const body = { ...validBody(syncPathOf(kind)), callback_url: CALLBACK, client_reference: 'hr-4711' };
        const created = await call(server.url, 'POST', info.asyncPath, { key, json: body });
        expect(created.status).toBe(202);
        const queued = created.body as CheckRecord;
        expect(created.headers.get('location')).toBe(`${info.locationPrefix}${queued.id}`);
        expect(created.headers.get('x-ratelimit-limit')).toBeNull();
        expect(queued).toEqual({
          id: expect.stringMatching(/^chk_[A-Za-z0-9]{32}$/),
          status: 'queued',
          mode: 'test',
          client_reference: 'hr-4711',
          callback_url: CALLBACK,
          attempts: 0,
          result: null,
          error: null,
          result_expires_at: null,
          result_expired: false,
          created_at: server.clock().toISOString(),
          completed_at: null,
        });

        const done = await waitForStatus(server, key, queued.id);
        // The clock stood still, so the synchronous twin answers the very same result now.
        const sync = await call(server.url, 'POST', syncPathOf(kind), {
          key,
          json: validBody(syncPathOf(kind)),
        });
        expect(sync.status).toBe(200);
        const endedAt = server.clock();
        expect(done).toEqual({
          ...queued,
          status: 'succeeded',
          attempts: 1,
          result: sync.body,
          completed_at: endedAt.toISOString(),
          result_expires_at: new Date(endedAt.getTime() + 7 * DAY_MS).toISOString(),
        });
        // The Location, the generic GET and (right to work) the alias GET all read it.
        const location = await call(server.url, 'GET', created.headers.get('location') ?? '', { key });
        expect(location.body).toEqual(done);
        expect((await getCheck(server, key, queued.id)).body).toEqual(done);
      },
    );

    it('the right-to-work alias queues a right-to-work check; a kind-specific GET reads only its own kind', async () => {
      const { server } = ctx;
      server.clock.advance(60_000);
      const { key } = await newKey(server.admin, 'free', 'test');
      const ids = {} as Record<CheckKind | 'alias', string>;
      for (const kind of CHECK_KINDS) {
        const created = await call(server.url, 'POST', kindInfo(kind).asyncPath, {
          key,
          json: validBody(syncPathOf(kind)),
        });
        ids[kind] = (created.body as CheckRecord).id;
      }
      const alias = await call(server.url, 'POST', `${RIGHT_TO_WORK_ALIAS_PATH}/async`, {
        key,
        json: validBody('/api/check'),
      });
      expect(alias.status).toBe(202);
      ids.alias = (alias.body as CheckRecord).id;
      expect(alias.headers.get('location')).toBe(`/api/check/async/${ids.alias}`);
      const done = await waitForStatus(server, key, ids.alias);
      expect(done.result).toMatchObject({ title: 'Right to work', share_code: 'WACPT0001' });
      await untilIdle(server);
      server.clock.advance(1000);

      const getters: Array<{ path: string; reads: ReadonlyArray<CheckKind | 'alias'> }> = [
        {
          path: '/api/check/async',
          reads: ['right_to_work', 'right_to_rent', 'immigration_status', 'alias'],
        },
        { path: `${RIGHT_TO_WORK_ALIAS_PATH}/async`, reads: ['right_to_work', 'alias'] },
        { path: '/api/check/right-to-rent/async', reads: ['right_to_rent'] },
        { path: '/api/check/immigration-status/async', reads: ['immigration_status'] },
      ];
      for (const getter of getters) {
        for (const [name, id] of Object.entries(ids)) {
          const response = await call(server.url, 'GET', `${getter.path}/${id}`, { key });
          const readable = getter.reads.includes(name as CheckKind);
          expect(response.status, `${getter.path} ${name}`).toBe(readable ? 200 : 404);
          if (!readable) expect(errorOf(response).code).toBe('CHECK_NOT_FOUND');
        }
        server.clock.advance(1000);
      }
    });

    it.each(CHECK_KINDS)(
      '%s: every sandbox scenario ends as spec 3 says, with the synchronous answer and the right attempts',
      async (kind) => {
        const { server } = ctx;
        server.clock.advance(60_000);
        const { key } = await newKey(server.admin, 'scale', 'test');
        const path = syncPathOf(kind);
        const bodyOf = (s: (typeof SCENARIOS)[number]) =>
          validBody(path, s.suffix, 'dob' in s ? s.dob : '1990-01-01');
        const ids: string[] = [];
        for (const scenario of SCENARIOS) {
          const created = await call(server.url, 'POST', kindInfo(kind).asyncPath, {
            key,
            json: bodyOf(scenario),
          });
          expect(created.status).toBe(202);
          ids.push((created.body as CheckRecord).id);
        }
        const read = async () => {
          const records: CheckRecord[] = [];
          for (const id of ids) records.push((await getCheck(server, key, id)).body as CheckRecord);
          return records;
        };
        // First attempts done: retried checks are `running` while their retry waits (never queued again).
        await untilIdle(server);
        const first = await read();
        SCENARIOS.forEach((scenario, i) => {
          const record = first[i];
          if (scenario.attempts === 1) expect(record?.status, scenario.suffix).toBe(scenario.status);
          else expect(record, scenario.suffix).toMatchObject({ status: 'running', attempts: 1, error: null });
        });
        // The test schedule is the sandbox's: 1 s, then 2 s.
        server.clock.advance(999);
        await untilIdle(server);
        expect(((await getCheck(server, key, ids[3] ?? '')).body as CheckRecord).attempts).toBe(1);
        server.clock.advance(1);
        await untilIdle(server);
        server.clock.advance(2000);
        await untilIdle(server);
        server.clock.advance(1000);
        const last = await read();
        for (const [i, scenario] of SCENARIOS.entries()) {
          const record = last[i];
          expect(record, `${kind} ${scenario.suffix}`).toMatchObject({
            status: scenario.status,
            attempts: scenario.attempts,
          });
          if (scenario.code === null) {
            expect(record?.result).toMatchObject({
              title: kindInfo(kind).title,
              share_code: bodyOf(scenario).share_code,
            });
            expect(record?.error).toBeNull();
          } else {
            // Exactly what the synchronous call answers (its first attempt fails the same way).
            const sync = await call(server.url, 'POST', path, { key, json: bodyOf(scenario) });
            expect(record?.error, scenario.suffix).toEqual({
              code: scenario.code,
              message: errorOf(sync).message,
            });
            expect(record?.result).toBeNull();
          }
          if (i % 8 === 7) server.clock.advance(1000);
        }
      },
    );
  });
}
