// The service at its edge: oversized bodies answered before the close, connection caps, idle
// keep-alive, trusted proxies.
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKey, startTestServer, type TestServer } from './support/test-server.js';

interface Exchange {
  readonly answer: string;
  /** Whether the socket errored (a reset) before the answer could be read in full. */
  readonly error: string | null;
}

/**
 * Sends the head, then `bodyBytes` in chunks as fast as the socket takes them, and only then reads
 * the answer (as most HTTP clients do: the whole request first); reads until the close.
 */
function sendLarge(url: string, head: string, bodyBytes: number): Promise<Exchange> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    let answer = '';
    let error: string | null = null;
    const socket = connect(Number(port), hostname, async () => {
      socket.pause();
      socket.write(head);
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      for (let sent = 0; sent < bodyBytes && !socket.destroyed; sent += chunk.length) {
        // At a steady pace, as a client on a real network sends.
        await sleep(2);
        if (!socket.write(chunk)) {
          await Promise.race([
            new Promise((r) => socket.once('drain', r)),
            new Promise((r) => socket.once('close', r)),
          ]);
        }
      }
      await new Promise<void>((r) => socket.write('', () => r()));
      socket.resume();
    });
    socket.on('data', (data) => {
      answer += data.toString('latin1');
    });
    socket.on('error', (e) => {
      error = (e as NodeJS.ErrnoException).code ?? e.message;
    });
    socket.on('close', () => resolve({ answer, error }));
  });
}

/** Opens a raw connection; resolves when it is open. */
function openSocket(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.on('error', reject);
  });
}

/** Sends one GET on `socket`; resolves with the answer's head once it arrives, or null on a close. */
function get(socket: Socket, path: string): Promise<string | null> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (data: Buffer) => {
      text += data.toString('latin1');
      if (text.includes('\r\n\r\n')) {
        socket.off('data', onData);
        resolve(text);
      }
    };
    socket.on('data', onData);
    socket.once('close', () => resolve(null));
    socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
  });
}

const closed = (socket: Socket) =>
  new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

describe('the edge of the service', () => {
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      env: { RTW_MAX_CONNECTIONS_PER_CLIENT: '4', RTW_KEEP_ALIVE_SECONDS: '0.5' },
    });
    key = (await newKey(server.admin, 'pro', 'test')).key;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers a raw request announcing and sending 3 MB with its 400 before the connection closes', async () => {
    const size = 3 * 1024 * 1024;
    const { answer, error } = await sendLarge(
      server.url,
      `POST /api/check HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
      size,
    );
    expect(error).toBeNull();
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { error: { code: string } };
    expect(body.error.code).toBe('INVALID_INPUT');
  }, 30_000);

  it('closes a connection over the per-client cap at once, and takes new ones when others end', async () => {
    const held = [];
    for (let i = 0; i < 4; i++) {
      const socket = await openSocket(server.url);
      expect(await get(socket, '/healthz')).toMatch(/^HTTP\/1\.1 200 /);
      held.push(socket);
    }
    const over = await openSocket(server.url);
    expect(await get(over, '/healthz')).toBeNull();
    held[0]?.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = await openSocket(server.url);
    expect(await get(next, '/healthz')).toMatch(/^HTTP\/1\.1 200 /);
    for (const socket of [...held, next]) socket.destroy();
  });

  it('closes an idle keep-alive connection after RTW_KEEP_ALIVE_SECONDS', async () => {
    // Let the previous test's sockets be counted out.
    await sleep(100);
    const socket = await openSocket(server.url);
    const head = await get(socket, '/healthz');
    expect(head?.toLowerCase()).toContain('keep-alive: timeout=');
    const started = Date.now();
    await closed(socket);
    // 0.5 s configured (72 s before); generous for a loaded machine, far below the old default.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it.each([
    ['client_reference', { client_reference: 'order-1\u001b[31m' }],
    ['client_reference', { client_reference: 'order\u0000' }],
    ['client_reference', { client_reference: 'order\u009b1' }],
    ['company_name', { company_name: 'Acme\u0085Ltd' }],
    ['callback_url', { callback_url: 'https://:@hooks.example.com/' }],
    ['callback_url', { callback_url: 'https://hooks.example.com@evil.example/' }],
  ])('refuses %s %j with 400 INVALID_INPUT naming the field', async (field, extra) => {
    const response = await fetch(`${server.url}/api/check/async`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        share_code: 'W ACPT 0001',
        date_of_birth: '1990-01-01',
        company_name: 'Acme Ltd',
        ...extra,
      }),
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; field: string; message: string } };
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toContain(field);
  });

  it('believes no X-Forwarded-Proto without RTW_TRUST_PROXY: the sign-in cookie is not Secure', async () => {
    const form = await fetch(`${server.url}/dashboard/sign-in`, {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.1' },
    });
    const line = form.headers.getSetCookie()[0] ?? '';
    expect(line.startsWith('rtw_sign_in=')).toBe(true);
    expect(line).not.toContain('Secure');
  });
});
