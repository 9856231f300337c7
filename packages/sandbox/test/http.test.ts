// The HTTP layer as a test key sees it: keys, headers, routes, bodies, and the two public documents.
import { describe, expect, it } from 'vitest';
import { OPENAPI_DOCUMENT } from '../src/openapi-document.js';
import { ROUTES } from '../src/routes.js';
import { validBody } from './check-bodies.js';
import { call, contract, expectContract, expectError, useSandboxServer } from './sandbox-harness.js';

const harness = useSandboxServer();
const RTW = validBody('right_to_work', 'WACPT0001');

describe('authentication', () => {
  it.each([
    ['no header', {}],
    ['an empty header', { authorization: '' }],
    ['another scheme', { authorization: 'Basic cnR3X3Rlc3Q6eA==' }],
    ['Bearer with no key', { authorization: 'Bearer ' }],
    [
      'a key with a space',
      { authorization: 'Bearer rtw_test_aaaaaaaaaaaaaaaaaaaa00000000000000000000 extra' },
    ],
  ])('answers 401 UNAUTHENTICATED to %s', async (_label, headers: Record<string, string>) => {
    harness.use();
    const answer = await call('POST', '/api/check', { key: null, headers, body: RTW });
    expectContract('POST', '/api/check', answer);
    const error = expectError(answer, 401, 'UNAUTHENTICATED');
    expect(error.message).toMatch(/Authorization/);
  });

  it.each([
    'rtw_test_short',
    'rtw_test_aaaaaaaaaaaaaaaaaaa!',
    'rtw_sandbox_aaaaaaaaaaaaaaaaaaaaaaaa',
    'sk_test_aaaaaaaaaaaaaaaaaaaaaaaa',
  ])('answers 401 INVALID_KEY to %s, without repeating the key', async (key) => {
    harness.use();
    const answer = await call('POST', '/api/check', { key, body: RTW });
    const error = expectError(answer, 401, 'INVALID_KEY');
    expect(error.message).toMatch(/rtw_test_/);
    expect(error.message).not.toContain(key);
  });

  it('tells a live key that the sandbox takes test keys', async () => {
    harness.use();
    const key = 'rtw_live_aaaaaaaaaaaaaaaaaaaaaaaa0000000000000000';
    const answer = await call('GET', `/api/check/async/chk_${'a'.repeat(32)}`, { key });
    expectContract('GET', '/api/check/async/{check_id}', answer);
    const error = expectError(answer, 401, 'INVALID_KEY');
    expect(error.message).toMatch(/sandbox/);
    expect(error.message).toMatch(/rtw_test_/);
    expect(error.message).not.toContain(key);
  });

  it('accepts the scheme in any case', async () => {
    harness.use();
    const answer = await call('POST', '/api/check', {
      key: null,
      headers: { authorization: 'bearer rtw_test_aaaaaaaaaaaaaaaaaaaa00000000000000000000' },
      body: RTW,
    });
    expect(answer.status).toBe(200);
  });
});

describe('headers', () => {
  it('gives every answer its own X-Request-Id and never a rate-limit header', async () => {
    harness.use();
    const answers = [
      await call('POST', '/api/check', { body: RTW }),
      await call('POST', '/api/check', { body: RTW }),
      await call('GET', '/healthz', { key: null }),
      await call('GET', '/nowhere'),
      await call('POST', '/api/check', { key: null, body: RTW }),
    ];
    const ids = answers.map((a) => a.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(/^req_[A-Za-z0-9]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
    for (const answer of answers) {
      expect(answer.headers.get('content-type')).toBe('application/json');
      for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
        expect(answer.headers.get(name)).toBeNull();
      }
    }
  });

  it('sends Retry-After with BUSY, from core', async () => {
    harness.use();
    const answer = await call('POST', '/api/check', { body: validBody('right_to_work', 'WBUSY0001') });
    expectContract('POST', '/api/check', answer);
    expectError(answer, 503, 'BUSY');
    expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('routes', () => {
  it('serves the contract at GET /openapi.json without a key', async () => {
    harness.use();
    const answer = await call('GET', '/openapi.json', { key: null });
    expectContract('GET', '/openapi.json', answer);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(contract.document);
    expect(answer.body).toEqual(OPENAPI_DOCUMENT);
  });

  it('answers GET /healthz without a key', async () => {
    harness.use();
    const answer = await call('GET', '/healthz', { key: null });
    expectContract('GET', '/healthz', answer);
    expect(answer.body).toEqual({ status: 'ok' });
  });

  it('has a route for every operation of the contract, and no other', () => {
    const inContract = Object.entries(
      contract.document.paths as Record<string, Record<string, unknown>>,
    ).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(ROUTES.map((route) => `${route.method} ${route.template}`).sort()).toEqual(inContract.sort());
  });

  it.each([
    ['GET', '/'],
    ['GET', '/api'],
    ['POST', '/api/check/'],
    ['POST', '/api/checks'],
    ['GET', '/api/check/async/'],
    ['GET', '/api/check/async/chk_1/extra'],
    ['DELETE', '/api/check/unknown'],
  ])('answers %s %s with 400 INVALID_INPUT that does not echo the path', async (method, path) => {
    harness.use();
    const answer = await call(method, path, { body: method === 'POST' ? RTW : undefined });
    const error = expectError(answer, 400, 'INVALID_INPUT');
    expect(error.message).toContain(`There is no ${method} endpoint at this path`);
    expect(error.message).toMatch(/openapi\.json/);
  });

  it.each([
    ['GET', '/api/check', 'POST'],
    ['PUT', '/api/check/right-to-rent/async', 'POST'],
    ['POST', '/api/check/async/chk_1', 'GET'],
    ['DELETE', '/healthz', 'GET'],
    ['POST', '/openapi.json', 'GET'],
  ])('answers %s %s with 400 INVALID_INPUT and Allow: %s', async (method, path, allow) => {
    harness.use();
    const answer = await call(method, path, { body: method === 'GET' ? undefined : RTW });
    const error = expectError(answer, 400, 'INVALID_INPUT');
    expect(answer.headers.get('allow')).toBe(allow);
    expect(error.message).toContain(allow);
  });

  it('answers routes before keys: an unknown path is INVALID_INPUT even without a key', async () => {
    harness.use();
    expectError(await call('GET', '/nowhere', { key: null }), 400, 'INVALID_INPUT');
  });

  it('answers under another base URL, and leaves the default one alone', async () => {
    const sandbox = harness.use({ baseUrl: 'https://sandbox.example.com/share/' });
    expect(sandbox.baseUrl).toBe('https://sandbox.example.com/share');
    const response = await fetch('https://sandbox.example.com/share/api/check', {
      method: 'POST',
      headers: {
        authorization: 'Bearer rtw_test_aaaaaaaaaaaaaaaaaaaa00000000000000000000',
        'content-type': 'application/json',
      },
      body: JSON.stringify(RTW),
    });
    expect(response.status).toBe(200);
    const unknown = await fetch('https://sandbox.example.com/share/api/nothing');
    expect(unknown.status).toBe(400);
    await expect(fetch('http://127.0.0.1:8080/healthz')).rejects.toThrow();
  });
});

describe('request bodies', () => {
  it.each([
    ['no Content-Type', {}],
    ['text/plain', { 'content-type': 'text/plain' }],
    ['application/x-www-form-urlencoded', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['application/jsonp', { 'content-type': 'application/jsonp' }],
  ])(
    'refuses %s with 400 INVALID_INPUT naming Content-Type',
    async (_label, headers: Record<string, string>) => {
      harness.use();
      const answer = await call('POST', '/api/check/right-to-rent', { body: JSON.stringify(RTW), headers });
      expectContract('POST', '/api/check/right-to-rent', answer);
      expect(expectError(answer, 400, 'INVALID_INPUT').message).toMatch(/^Content-Type/);
    },
  );

  it('accepts application/json with a charset', async () => {
    harness.use();
    const answer = await call('POST', '/api/check', {
      body: JSON.stringify(RTW),
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
    });
    expect(answer.status).toBe(200);
  });

  it.each([
    ['broken JSON', '{"share_code": '],
    ['an empty body', ''],
    ['whitespace', '  \n '],
  ])('refuses %s with 400 INVALID_INPUT naming the body', async (_label, body) => {
    harness.use();
    for (const path of ['/api/check', '/api/check/async']) {
      const answer = await call('POST', path, { body, headers: { 'content-type': 'application/json' } });
      expectContract('POST', path, answer);
      expect(expectError(answer, 400, 'INVALID_INPUT').message).toMatch(/body/);
    }
  });

  it.each([['null'], ['[]'], ['"text"'], ['42']])('refuses the JSON value %s as a body', async (body) => {
    harness.use();
    const answer = await call('POST', '/api/check/immigration-status', {
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(expectError(answer, 400, 'INVALID_INPUT').message).toMatch(/JSON object/);
  });

  it('checks the key before the body', async () => {
    harness.use();
    const answer = await call('POST', '/api/check', {
      key: null,
      body: '{',
      headers: { 'content-type': 'text/plain' },
    });
    expectError(answer, 401, 'UNAUTHENTICATED');
  });
});
