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

describe('oversized bodies', () => {
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    key = (await newKey(server.admin, 'pro', 'test')).key;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a raw request announcing and sending 3 MB reads its 413 answer', async () => {
    const size = 3 * 1024 * 1024;
    const { answer, error } = await sendLarge(
      server.url,
      `POST /api/check HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
      size,
    );
    console.log(error, answer.slice(0, 400));
  }, 20_000);
});
