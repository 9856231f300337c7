// Issue 15 item 8: slow clients are cut at the configured limits (30 s by default, small here), and
// CONNECT is answered like any other malformed request.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_TIMEOUTS, httpServerOptions } from '../src/http/http-timeouts.js';
import { newKey, startTestServer, type TestServer } from './support/test-server.js';

/** Sends `text` over a raw connection and collects everything the server says until it closes. */
function exchange(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}

function errorOf(answer: string): { code: string; field?: string } {
  const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
  return (JSON.parse(body) as { error: { code: string; field?: string } }).error;
}

describe('slow and odd clients', () => {
  let server: TestServer;
  let key: string;

  beforeAll(async () => {
    server = await startTestServer('pglite', { httpTimeouts: { headersMs: 300, requestMs: 600 } });
    key = (await newKey(server.admin, 'pro', 'test')).key;
  });
  afterAll(async () => {
    await server?.close();
  });

  // Before the fix these waited for Node's 30-second connection check: the test timeout is the guard.
  it('answers incomplete headers with 400 and closes the connection', async () => {
    const answer = await exchange(server.url, 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: 1\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(errorOf(answer).code).toBe('INVALID_INPUT');
  }, 10_000);

  it('answers an incomplete body with 400 and closes the connection', async () => {
    const answer = await exchange(
      server.url,
      `POST /api/check HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"share`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(errorOf(answer).code).toBe('INVALID_INPUT');
  }, 10_000);

  it('answers CONNECT like a malformed request instead of dropping it', async () => {
    const answer = await exchange(
      server.url,
      'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('X-Request-Id: req_');
    expect(errorOf(answer)).toMatchObject({ code: 'INVALID_INPUT' });
  }, 10_000);

  it('keeps the documented 30 seconds, checked every second', () => {
    expect(DEFAULT_HTTP_TIMEOUTS).toEqual({ headersMs: 30_000, requestMs: 30_000 });
    expect(httpServerOptions(DEFAULT_HTTP_TIMEOUTS)).toEqual({
      headersTimeout: 30_000,
      requestTimeout: 30_000,
      connectionsCheckingInterval: 1_000,
    });
  });
});
