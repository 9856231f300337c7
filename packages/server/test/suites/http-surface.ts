import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CHECK_PATHS, call, errorOf, validBody } from '../support/api.js';
import type { SuiteContext } from '../support/context.js';
import { errorBodyProblems, OPENAPI_PATH } from '../support/openapi-validator.js';
import { newKey } from '../support/test-server.js';

/** Sends raw bytes (what fetch refuses to send) and returns the raw answer. */
function rawRequest(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(bytes));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

export function httpSurfaceSuite(ctx: SuiteContext): void {
  describe('HTTP surface', () => {
    it('answers /healthz and serves openapi.json from the file', async () => {
      const health = await call(ctx.server.url, 'GET', '/healthz');
      expect(health.status).toBe(200);
      expect(health.body).toEqual({ status: 'ok' });
      const contract = await call(ctx.server.url, 'GET', '/openapi.json');
      expect(contract.status).toBe(200);
      expect(contract.headers.get('content-type')).toMatch(/^application\/json/);
      expect(contract.body).toEqual(JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')));
    });

    it('generates X-Request-Id on every response and ignores one sent by the client', async () => {
      const ids = new Set<string>();
      for (const [method, path] of [
        ['GET', '/healthz'],
        ['GET', '/nowhere'],
        ['POST', '/api/check'],
      ] as const) {
        const response = await call(ctx.server.url, method, path, {
          headers: { 'x-request-id': 'client-chosen' },
        });
        const id = response.headers.get('x-request-id') ?? '';
        expect(id).toMatch(/^req_[0-9A-Za-z]{24}$/);
        ids.add(id);
      }
      expect(ids.size).toBe(3);
    });

    it('answers unknown routes and wrong methods with 400 INVALID_INPUT in the error body', async () => {
      const unknown = await call(ctx.server.url, 'GET', '/api/nothing-here?share_code=WACPT0001');
      expect(unknown.status).toBe(400);
      expect(errorOf(unknown).code).toBe('INVALID_INPUT');
      expect(errorOf(unknown).message).toContain('/openapi.json');
      expect(unknown.text).not.toContain('WACPT0001');

      const wrongMethod = await call(ctx.server.url, 'GET', '/api/check');
      expect(wrongMethod.status).toBe(400);
      expect(errorOf(wrongMethod).code).toBe('INVALID_INPUT');
      expect(errorOf(wrongMethod).message).toContain('POST');
      expect(wrongMethod.headers.get('allow')).toBe('POST');

      const postHealth = await call(ctx.server.url, 'POST', '/healthz', { json: {} });
      expect(postHealth.status).toBe(400);
      expect(postHealth.headers.get('allow')).toBe('GET, HEAD');
    });

    it('refuses bodies that are not JSON, a wrong content type, an empty body and an oversized body', async () => {
      const { key } = await newKey(ctx.server.admin, 'free', 'test');
      const notJson = await call(ctx.server.url, 'POST', '/api/check', {
        key,
        rawBody: '{"share_code": ',
        contentType: 'application/json',
      });
      expect(notJson.status).toBe(400);
      expect(errorOf(notJson)).toMatchObject({ code: 'INVALID_INPUT' });
      expect(errorOf(notJson).message).toContain('JSON');

      const wrongType = await call(ctx.server.url, 'POST', '/api/check', {
        key,
        rawBody: JSON.stringify(validBody('/api/check')),
        contentType: 'text/plain',
      });
      expect(wrongType.status).toBe(400);
      expect(errorOf(wrongType).message).toContain('Content-Type');

      const formType = await call(ctx.server.url, 'POST', '/api/check', {
        key,
        rawBody: 'share_code=WACPT0001',
        contentType: 'application/x-www-form-urlencoded',
      });
      expect(formType.status).toBe(400);
      expect(errorOf(formType).message).toContain('Content-Type');

      const empty = await call(ctx.server.url, 'POST', '/api/check', {
        key,
        rawBody: '',
        contentType: 'application/json',
      });
      expect(empty.status).toBe(400);
      expect(errorOf(empty).code).toBe('INVALID_INPUT');

      const noBody = await call(ctx.server.url, 'POST', '/api/check', { key });
      expect(noBody.status).toBe(400);
      expect(errorOf(noBody).message).toContain('body');

      const huge = await call(ctx.server.url, 'POST', '/api/check', {
        key,
        json: { ...validBody('/api/check'), company_name: 'x'.repeat(70 * 1024) },
      });
      expect(huge.status).toBe(400);
      expect(errorOf(huge).message).toContain('64 KiB');

      const poisoned = await call(ctx.server.url, 'POST', '/api/check', {
        key,
        rawBody: '{"share_code":"WACPT0001","__proto__":{"admin":true}}',
        contentType: 'application/json',
      });
      expect(poisoned.status).toBe(400);
      expect(errorOf(poisoned).code).toBe('INVALID_INPUT');
    });

    it('answers malformed HTTP with the error body too', async () => {
      const answer = await rawRequest(ctx.server.url, 'THIS IS NOT HTTP\r\n\r\n');
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toMatch(/X-Request-Id: req_/i);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { error: { code: string } };
      expect(errorBodyProblems(body)).toEqual([]);
      expect(body.error.code).toBe('INVALID_INPUT');

      const bigHeaders = await rawRequest(
        ctx.server.url,
        `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expect(bigHeaders).toMatch(/^HTTP\/1\.1 400 /);
      const bigBody = JSON.parse(bigHeaders.slice(bigHeaders.indexOf('\r\n\r\n') + 4)) as {
        error: { code: string };
      };
      expect(errorBodyProblems(bigBody)).toEqual([]);
      expect(bigBody.error.code).toBe('INVALID_INPUT');
    });

    describe('authentication', () => {
      it.each(CHECK_PATHS)(
        '%s: a missing or non-bearer Authorization header is 401 UNAUTHENTICATED',
        async (path) => {
          for (const authorization of [undefined, '', 'Basic dXNlcjpwYXNz', 'Bearer', 'Bearer    ']) {
            const response = await call(ctx.server.url, 'POST', path, {
              json: validBody(path),
              ...(authorization === undefined ? {} : { authorization }),
            });
            expect(response.status, String(authorization)).toBe(401);
            expect(errorOf(response).code).toBe('UNAUTHENTICATED');
            expect(errorOf(response).message).toContain('Authorization');
          }
        },
      );

      it('refuses malformed, unknown and revoked keys with 401 INVALID_KEY, before reading the body', async () => {
        const { key, keyId } = await newKey(ctx.server.admin, 'free', 'test');
        const unknown = `rtw_test_${'A'.repeat(40)}`;
        for (const candidate of [
          'nope',
          'rtw_live_short',
          `rtw_prod_${'a'.repeat(40)}`,
          unknown,
          `${key}x`,
        ]) {
          const response = await call(ctx.server.url, 'POST', '/api/check', {
            key: candidate,
            rawBody: 'not even json',
            contentType: 'application/json',
          });
          expect(response.status, candidate).toBe(401);
          expect(errorOf(response).code).toBe('INVALID_KEY');
        }
        const before = await call(ctx.server.url, 'POST', '/api/check', {
          key,
          json: validBody('/api/check'),
        });
        expect(before.status).toBe(200);
        const revoked = await ctx.server.admin.revokeApiKey(keyId);
        expect(revoked.ok).toBe(true);
        const after = await call(ctx.server.url, 'POST', '/api/check', {
          key,
          json: validBody('/api/check'),
        });
        expect(after.status).toBe(401);
        expect(errorOf(after).code).toBe('INVALID_KEY');
        expect(errorOf(after).message).toContain('revoked');
      });

      it('accepts the scheme in any case and the key is never echoed', async () => {
        const { key } = await newKey(ctx.server.admin, 'free', 'test');
        const response = await call(ctx.server.url, 'POST', '/api/check', {
          authorization: `bearer ${key}`,
          json: validBody('/api/check', 'NFND0001'),
        });
        expect(response.status).toBe(404);
        expect(response.text).not.toContain(key);
      });
    });
  });
}
