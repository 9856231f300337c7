import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fail, ok } from '@sharecode/core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askAdminSocket } from './admin-socket-client.js';
import { adminSocketPath } from './admin-socket-protocol.js';
import { type AdminSocketServer, listenAdminSocket } from './admin-socket-server.js';

describe('the admin socket', () => {
  let dir: string;
  let server: AdminSocketServer;
  const logged: string[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rtw-admin-sock-'));
    const listening = await listenAdminSocket({
      path: adminSocketPath(dir),
      version: '1.2.3',
      log: pino({}, { write: (line: string) => void logged.push(line) }),
      run: async (command, params) =>
        command === 'echo' ? ok({ params }) : fail(`Unknown admin command ${JSON.stringify(command)}.`),
    });
    if (!listening.ok) throw new Error(listening.error);
    server = listening.value;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is a socket only its owner can open', () => {
    const stat = statSync(adminSocketPath(dir));
    expect(stat.isSocket()).toBe(true);
    expect(stat.mode & 0o777).toBe(0o600);
  });

  it('runs a command and answers with its outcome; logs the name, never the parameters', async () => {
    const reply = await askAdminSocket(adminSocketPath(dir), {
      version: '1.2.3',
      command: 'echo',
      params: { email: 'owner@example.com' },
    });
    expect(reply).toEqual({ kind: 'answer', answer: ok({ params: { email: 'owner@example.com' } }) });
    expect(logged.join('')).toContain('"command":"echo"');
    expect(logged.join('')).not.toContain('owner@example.com');
  });

  it('refuses a command of another version, saying which', async () => {
    const reply = await askAdminSocket(adminSocketPath(dir), {
      version: '1.0.0',
      command: 'echo',
      params: {},
    });
    expect(reply.kind === 'answer' && !reply.answer.ok && reply.answer.error).toContain(
      'The running server is rtw-server 1.2.3 and this command 1.0.0',
    );
  });

  it('tells the caller there is no server when no one listens (no file, or a crashed one)', async () => {
    expect(
      await askAdminSocket(join(dir, 'nothing.sock'), { version: '1.2.3', command: 'echo', params: {} }),
    ).toEqual({ kind: 'no-server' });
  });
});
