import type { CheckRecord } from '@sharecode/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, CHECK_PATHS, call, errorOf, validBody } from './support/api.js';
import {
  type AsyncTestServer,
  eventually,
  FAST_ASYNC,
  startAsyncTestServer,
  untilIdle,
} from './support/async-server.js';
import { dashboardSignIn, newDashboardOwner } from './support/dashboard.js';
import { type OwnPostgres, postgresBinDir, startOwnPostgres } from './support/own-postgres.js';
import { newKey } from './support/test-server.js';

// Issue 36: while the database cannot be reached, every API route answers 503 BUSY with Retry-After
// and the error body (it answered 500 INTERNAL), the dashboard a page that says so, /livez 200 and
// /readyz 503; once it is back, everything answers as before. The database is a PostgreSQL cluster
// of this file's own, stopped cleanly (an operator's restart) and then as a crash, while requests run.

const BIN_DIR = postgresBinDir();
const PASSWORD = 'a long enough password';
const ASYNC_PATHS = CHECK_PATHS.map((path) => `${path}/async`);

interface Route {
  readonly name: string;
  /** Statuses of a normal answer (database up). */
  readonly normal: readonly number[];
  send(): Promise<ApiResponse>;
}

describe.skipIf(BIN_DIR === null)('the database out of reach (a PostgreSQL of its own, stopped)', () => {
  let postgres: OwnPostgres;
  let server: AsyncTestServer;
  let routes: Route[] = [];
  let session = '';

  beforeAll(async () => {
    postgres = await startOwnPostgres(BIN_DIR ?? '');
    server = await startAsyncTestServer('postgres', { databaseUrl: postgres.url });
    const test = (await newKey(server.admin, 'scale', 'test')).key;
    const live = (await newKey(server.admin, 'scale', 'live')).key;
    // One check of each kind to read back, queued and ended while the database is up.
    const ids: string[] = [];
    for (const path of ASYNC_PATHS) {
      const queued = await call(server.url, 'POST', path, {
        key: test,
        json: validBody(path.replace('/async', '')),
      });
      expect(queued.status).toBe(202);
      ids.push((queued.body as CheckRecord).id);
    }
    await untilIdle(server);
    const request = await call(server.url, 'POST', '/api/check-requests', {
      key: test,
      json: { kind: 'right_to_work', company_name: 'Acme Ltd' },
    });
    expect(request.status).toBe(201);
    const requestId = (request.body as { id: string }).id;
    routes = [
      ...CHECK_PATHS.flatMap((path) =>
        [test, live].map((key) => ({
          name: `POST ${path} (${key === test ? 'test' : 'live'} key)`,
          normal: [200],
          send: () => call(server.url, 'POST', path, { key, json: validBody(path) }),
        })),
      ),
      ...ASYNC_PATHS.map((path) => ({
        name: `POST ${path}`,
        normal: [202],
        send: () =>
          call(server.url, 'POST', path, { key: test, json: validBody(path.replace('/async', '')) }),
      })),
      ...ASYNC_PATHS.map((path, index) => ({
        name: `GET ${path}/{id}`,
        normal: [200],
        send: () => call(server.url, 'GET', `${path}/${ids[index]}`, { key: test }),
      })),
      {
        name: 'POST /api/check-requests',
        normal: [201],
        send: () =>
          call(server.url, 'POST', '/api/check-requests', {
            key: live,
            json: { kind: 'right_to_rent', checker_name: 'Pat', checker_type: 'landlord' },
          }),
      },
      {
        name: 'GET /api/check-requests',
        normal: [200],
        send: () => call(server.url, 'GET', '/api/check-requests?limit=5', { key: test }),
      },
      {
        name: 'GET /api/check-requests/{id}',
        normal: [200],
        send: () => call(server.url, 'GET', `/api/check-requests/${requestId}`, { key: test }),
      },
      {
        name: 'DELETE /api/check-requests/{id}',
        normal: [200],
        send: () => call(server.url, 'DELETE', `/api/check-requests/${requestId}`, { key: test }),
      },
    ];
    const owner = await newDashboardOwner(server.server, PASSWORD);
    session = (await dashboardSignIn(server.url, owner.email, PASSWORD)).session ?? '';
    expect(session).not.toBe('');
  });

  afterAll(async () => {
    await server?.close();
    await postgres?.destroy();
  });

  const dashboardPage = () =>
    fetch(`${server.url}/dashboard/live`, { headers: { cookie: `rtw_session=${session}` } });

  const everyRoute = async () => {
    // A second of its own for each round: the per-key rate windows are counted on the test clock.
    server.clock.advance(1000);
    return Promise.all(routes.map(async (route) => ({ route, answer: await route.send() })));
  };

  const expectBusy = (name: string, answer: ApiResponse) => {
    expect([name, answer.status, errorOf(answer)?.code]).toEqual([name, 503, 'BUSY']);
    expect(errorOf(answer).message).toContain('cannot reach its database');
    expect(answer.headers.get('retry-after'), name).toBe('5');
    expect(answer.headers.get('x-request-id'), name).toMatch(/\S/);
  };

  const expectAllNormal = async () => {
    const answers = await everyRoute();
    expect(
      answers
        .filter(({ route, answer }) => !route.normal.includes(answer.status))
        .map(({ route, answer }) => `${route.name}: ${answer.status} ${answer.text.slice(0, 200)}`),
    ).toEqual([]);
    expect((await dashboardPage()).status).toBe(200);
  };

  it('a synchronous live check whose database goes while it runs answers its result, uncharged: no 503 a client would resend', async () => {
    const { key, accountId } = await newKey(server.admin, 'scale', 'live');
    server.clock.advance(1000);
    const runs = server.liveRunner.calls.length;
    // The database stops after the check was admitted (quota reserved) and before it is charged.
    server.liveRunner.beforeAnswer = () => postgres.stop('fast');
    let answer: ApiResponse;
    try {
      answer = await call(server.url, 'POST', '/api/check', { key, json: validBody('/api/check') });
    } finally {
      server.liveRunner.beforeAnswer = null;
    }
    expect(answer.status).toBe(200);
    expect((answer.body as { outcome?: string }).outcome).toBe('ACCEPTED');
    expect(answer.headers.get('x-ratelimit-remaining')).toBeNull();
    expect(server.liveRunner.calls.length).toBe(runs + 1);
    expect(server.logs.filter((line) => line.includes('live check answered uncharged'))).toHaveLength(1);

    await postgres.start();
    await eventually(
      async () => ((await fetch(`${server.url}/readyz`)).status === 200 ? true : undefined),
      'readiness after the database is back',
      30_000,
    );
    const usage = await server.admin.usage(accountId);
    expect(usage.ok && usage.value.used).toBe(0);
  });

  for (const mode of ['fast', 'immediate'] as const) {
    it(`stopped (${mode === 'fast' ? 'cleanly' : 'as a crash'}) while requests run: 503 BUSY with Retry-After on every route, never 500; then back`, async () => {
      await expectAllNormal();

      // Requests in flight while it stops: each answers as usual or 503 BUSY, none 500.
      const [during] = await Promise.all([everyRoute(), postgres.stop(mode)]);
      for (const { route, answer } of during) {
        if (!route.normal.includes(answer.status)) expectBusy(route.name, answer);
      }

      // Stopped: every API route answers 503 BUSY with Retry-After and the error body.
      for (const { route, answer } of await everyRoute()) expectBusy(route.name, answer);
      expect((await fetch(`${server.url}/livez`)).status).toBe(200);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
      // What needs no database still answers.
      expect((await call(server.url, 'GET', '/healthz')).status).toBe(200);
      expect((await call(server.url, 'GET', '/openapi.json')).status).toBe(200);
      const page = await dashboardPage();
      expect(page.status).toBe(503);
      expect(page.headers.get('retry-after')).toBe('5');
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain('cannot reach its database');
      expect(server.logs.filter((line) => line.includes('"request failed"'))).toEqual([]);

      // Back: ready again, and every route answers as before.
      await postgres.start();
      await eventually(
        async () => ((await fetch(`${server.url}/readyz`)).status === 200 ? true : undefined),
        'readiness after the database is back',
        30_000,
      );
      await expectAllNormal();
      // An asynchronous run cut off by the stop keeps its lease until the lease runs out (on the test
      // clock): then it runs again and ends.
      server.clock.advance((FAST_ASYNC.leaseMs ?? 0) + 1000);
      await untilIdle(server);
    });
  }
});
