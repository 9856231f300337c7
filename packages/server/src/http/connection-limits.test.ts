import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { limitConnections } from './connection-limits.js';

let server: Server | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await new Promise((resolve) => server?.close(resolve));
});

async function start(limits: Parameters<typeof limitConnections>[1]): Promise<number> {
  server = createServer((_req, res) => res.end('ok'));
  limitConnections(server, limits);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Opens a connection; resolves once it is open, with whether the server then closed it at once. */
function open(port: number): Promise<{ socket: Socket; closedAtOnce: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    socket.on('error', () => {});
    socket.once('connect', () => {
      // A GET answered means the connection is served; a close without an answer means refused.
      socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
      socket.once('data', () => resolve({ socket, closedAtOnce: false }));
      socket.once('close', () => resolve({ socket, closedAtOnce: true }));
    });
  });
}

describe('connection caps', () => {
  it('closes a client connection over the per-client cap at once, and takes one again when one ends', async () => {
    const port = await start({ maxConnections: 100, maxConnectionsPerClient: 3, exempt: () => false });
    const held = [await open(port), await open(port), await open(port)];
    expect(held.map((h) => h.closedAtOnce)).toEqual([false, false, false]);
    expect((await open(port)).closedAtOnce).toBe(true);
    held[0]?.socket.destroy();
    await new Promise((resolve) => held[0]?.socket.once('close', resolve));
    // The server's own close of that socket is counted as soon as it sees it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await open(port)).closedAtOnce).toBe(false);
  });

  it('holds trusted proxies to the total only', async () => {
    const port = await start({ maxConnections: 4, maxConnectionsPerClient: 1, exempt: () => true });
    const held = await Promise.all([open(port), open(port), open(port), open(port)]);
    expect(held.every((h) => !h.closedAtOnce)).toBe(true);
    expect((await open(port)).closedAtOnce).toBe(true);
  });
});
