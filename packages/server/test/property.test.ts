import { CHECK_ENDPOINTS, type CheckRecord } from '@sharecode/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_PATHS, call, validBody } from './support/api.js';
import { scenarioLiveRunnerTestDouble } from './support/live-runner-test-double.mjs';
import { newKey, startTestServer, type TestServer } from './support/test-server.js';

// At least 10,000 generated requests (bodies, headers, keys) to every endpoint over real HTTP: none
// answers 500 or kills the process, and every answer (refusals included) matches openapi.json. The
// asynchronous endpoints are included: their checks run in the background meanwhile, and the GETs
// read checks that exist as well as made-up ids.
const BATCHES = 1000;
const BATCH_SIZE = 10;
const ASYNC_PATHS = CHECK_ENDPOINTS.filter((e) => e.operation === 'create-check').map((e) => e.template);
const ASYNC_GET_PREFIXES = CHECK_ENDPOINTS.filter((e) => e.operation === 'get-check').map((e) =>
  e.template.replace('{check_id}', ''),
);

const ascii = (max: number) =>
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    maxLength: max,
  });
const base62 = fc.string({
  unit: fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'),
  minLength: 40,
  maxLength: 40,
});
// Sandbox codes except FAIL0001, whose documented answer is 500 INTERNAL.
const SUFFIXES = [
  'ACPT0001',
  'ACPT0002',
  'NOEX0001',
  'REJT0001',
  'NFND0001',
  'TIME0001',
  'BUSY0001',
  'UPEX0001',
  'RTRY0001',
];

describe('generated requests (property)', () => {
  let server: TestServer;
  let keys: { test: string; live: string; revoked: string };
  const statuses = new Map<number, number>();
  /** Ids of checks the generated POSTs queued, for the generated GETs to read. */
  const queuedIds: string[] = [];
  let readChecks = 0;

  beforeAll(async () => {
    server = await startTestServer('pglite', { liveRunner: scenarioLiveRunnerTestDouble() });
    keys = {
      test: (await newKey(server.admin, 'free', 'test')).key,
      live: (await newKey(server.admin, 'scale', 'live')).key,
      revoked: '',
    };
    const revoked = await newKey(server.admin, 'pro', 'live');
    await server.admin.revokeApiKey(revoked.keyId);
    keys.revoked = revoked.key;
    // The injected clock moves a second every 25 ms of real time, so per-second limits rarely bite
    // and most generated requests reach validation and the checks.
    const ticker = setInterval(() => server.clock.advance(1000), 25);
    ticker.unref();
  });

  afterAll(async () => {
    await server?.close();
  });

  it('never answers 500, never dies, and every answer matches the contract', {
    // 1000 batches take about a minute on a quiet machine and over three beside two heavy stages.
    timeout: 400_000,
  }, async () => {
    const checkId = fc.oneof(
      // A check that exists (when one does yet), possibly of another key, mode or kind.
      {
        arbitrary: fc.nat().map((n) => () => queuedIds[n % Math.max(1, queuedIds.length)] ?? 'chk_none'),
        weight: 3,
      },
      { arbitrary: ascii(40).map((s) => () => encodeURIComponent(s) || 'x'), weight: 1 },
    );
    const path = fc.oneof(
      { arbitrary: fc.constantFrom(...CHECK_PATHS).map((p) => () => p), weight: 5 },
      { arbitrary: fc.constantFrom(...ASYNC_PATHS).map((p) => () => p), weight: 3 },
      {
        arbitrary: fc
          .tuple(fc.constantFrom(...ASYNC_GET_PREFIXES), checkId)
          // Marked so that the usual POST becomes a GET here.
          .map(([prefix, id]) => Object.assign(() => `${prefix}${id()}`, { get: true })),
        weight: 2,
      },
      { arbitrary: fc.constantFrom('/healthz', '/openapi.json', '/api', '/').map((p) => () => p), weight: 1 },
      { arbitrary: fc.webPath().map((p) => () => (p.startsWith('/') ? p : `/${p}`)), weight: 1 },
    );
    const method = fc.oneof(
      { arbitrary: fc.constant('POST'), weight: 8 },
      { arbitrary: fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'), weight: 1 },
    );
    const authorization = fc.oneof(
      { arbitrary: fc.constant('test'), weight: 6 },
      { arbitrary: fc.constant('live'), weight: 3 },
      fc.constant(undefined),
      fc.constant('revoked'),
      ascii(60),
      ascii(60).map((s) => `Bearer ${s}`),
      base62.map((s) => `Bearer rtw_test_${s}`),
      base62.map((s) => `Bearer rtw_live_${s}`),
    );
    const contentType = fc.oneof(
      { arbitrary: fc.constant('application/json'), weight: 6 },
      {
        arbitrary: fc.constantFrom(
          undefined,
          'application/json; charset=utf-8',
          'APPLICATION/JSON',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=latin1',
          'multipart/form-data',
        ),
        weight: 2,
      },
      { arbitrary: ascii(40), weight: 1 },
    );
    const validish = fc
      .record({
        suffix: fc.constantFrom(...SUFFIXES),
        spaced: fc.boolean(),
        lower: fc.boolean(),
        dob: fc.oneof(
          { arbitrary: fc.constant('1990-01-01'), weight: 4 },
          fc.constant('1985-05-05'),
          ascii(12),
        ),
        field: fc.oneof(
          { arbitrary: fc.constant(null), weight: 2 },
          fc.constantFrom(
            'share_code',
            'date_of_birth',
            'company_name',
            'job_title',
            'purpose',
            'other_purpose',
            'checker_name',
            'checker_type',
            'check',
            'callback_url',
            'client_reference',
            'extra',
          ),
        ),
        value: fc.jsonValue({ maxDepth: 2 }),
        drop: fc.boolean(),
      })
      .map(({ suffix, spaced, lower, dob, field, value, drop }) => (target: string) => {
        const body = validBody(
          // An asynchronous path takes its synchronous twin's body (plus the generated async fields).
          CHECK_PATHS.includes(target.replace(/\/async$/, '') as (typeof CHECK_PATHS)[number])
            ? target.replace(/\/async$/, '')
            : '/api/check',
          suffix,
          dob,
        );
        let code = String(body.share_code);
        if (spaced) code = `${code.slice(0, 3)} ${code.slice(3, 6)} ${code.slice(6)}`;
        if (lower) code = code.toLowerCase();
        body.share_code = code;
        if (field !== null) {
          if (drop) delete body[field];
          else body[field] = value;
        }
        return JSON.stringify(body);
      });
    const body = fc.oneof(
      { arbitrary: validish, weight: 10 },
      { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => () => JSON.stringify(v)), weight: 2 },
      { arbitrary: fc.string({ maxLength: 200 }).map((s) => () => s), weight: 1 },
      {
        arbitrary: fc.constantFrom(undefined, '', '{', 'null', '[]', '{"__proto__":{}}').map((s) => () => s),
        weight: 1,
      },
      { arbitrary: fc.constant(() => JSON.stringify({ company_name: 'x'.repeat(70_000) })), weight: 1 },
    );
    const headers = fc.dictionary(
      fc.oneof(
        fc.constantFrom(
          'x-request-id',
          'accept',
          'accept-encoding',
          'idempotency-key',
          'x-forwarded-for',
          'cookie',
          'origin',
        ),
        fc
          .string({
            unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'),
            minLength: 1,
            maxLength: 20,
          })
          .map((s) => `x-${s}`),
      ),
      ascii(100).map((s) => s.trim()),
      { maxKeys: 4 },
    );
    const request = fc.record({ path, method, authorization, contentType, body, headers });

    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: BATCH_SIZE, maxLength: BATCH_SIZE }), async (batch) => {
        await Promise.all(
          batch.map(async (r) => {
            const target = r.path();
            const method = 'get' in r.path && r.method === 'POST' ? 'GET' : r.method;
            const rawBody = method === 'GET' ? undefined : r.body(target);
            const authorizationHeader =
              r.authorization === 'test' || r.authorization === 'live' || r.authorization === 'revoked'
                ? `Bearer ${keys[r.authorization]}`
                : r.authorization;
            // call() checks the answer against openapi.json (body schema and headers) for path + method + status.
            const response = await call(server.url, method, target, {
              headers: r.headers,
              ...(authorizationHeader === undefined ? {} : { authorization: authorizationHeader }),
              ...(rawBody === undefined ? {} : { rawBody }),
              ...(r.contentType === undefined ? {} : { contentType: r.contentType }),
            });
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
            if (response.status === 202) queuedIds.push((response.body as CheckRecord).id);
            if (method === 'GET' && target.includes('/async/') && response.status === 200) readChecks += 1;
            expect(response.status, response.text.slice(0, 200)).not.toBe(500);
            // The applicant's link (/r/...) answers people with HTML pages (404, 410 ...), not error bodies.
            const page = (response.headers.get('content-type') ?? '').startsWith('text/html');
            if (response.status >= 400 && !(page && new URL(target, server.url).pathname.startsWith('/r/'))) {
              expect(response.body).toMatchObject({
                error: { code: expect.any(String), message: expect.any(String) },
              });
            }
          }),
        );
      }),
      { numRuns: BATCHES },
    );
    const count = (status: number) => statuses.get(status) ?? 0;
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(BATCHES * BATCH_SIZE);
    // The generators reach every stage of the gate, not just the first refusal.
    for (const status of [200, 400, 401, 404])
      expect(count(status), `answers with ${status}`).toBeGreaterThan(200);
    expect(count(202), 'checks queued').toBeGreaterThan(200);
    expect(readChecks, 'checks read').toBeGreaterThan(50);
    const health = await call(server.url, 'GET', '/healthz');
    expect(health.status).toBe(200);
  });
});
