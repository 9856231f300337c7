import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fail, ok } from '@sharecode/core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

describe('making the admin socket', () => {
  const root = mkdtempSync(join(tmpdir(), 'rtw-admin-make-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const options = (path: string, idleTimeoutMs?: number) => ({
    path,
    version: '1.2.3',
    log: pino({ level: 'silent' }),
    run: async () => ok({}),
    ...(idleTimeoutMs === undefined ? {} : { idleTimeoutMs }),
  });

  it('never changes the process-wide umask (other code runs across its awaits)', async () => {
    const dir = mkdtempSync(join(root, 'umask-'));
    const umask = vi.spyOn(process, 'umask');
    try {
      const listening = await listenAdminSocket(options(adminSocketPath(dir)));
      expect(listening.ok).toBe(true);
      // Owner-only all the same: made in a folder closed to others, then 0600.
      expect(statSync(adminSocketPath(dir)).mode & 0o777).toBe(0o600);
      if (listening.ok) await listening.value.close();
      expect(umask.mock.calls.filter((args) => args.length > 0)).toEqual([]);
    } finally {
      umask.mockRestore();
    }
  });

  it('says why, and throws nothing, when a folder or file is in its place or its folder is open', async () => {
    const taken = mkdtempSync(join(root, 'taken-'));
    mkdirSync(adminSocketPath(taken));
    const folder = await listenAdminSocket(options(adminSocketPath(taken)));
    expect(folder).toEqual({ ok: false, error: expect.stringContaining('is a folder, not the socket') });
    expect(statSync(adminSocketPath(taken)).isDirectory()).toBe(true);
    const open = mkdtempSync(join(root, 'open-'));
    chmodSync(open, 0o755);
    const shared = await listenAdminSocket(options(adminSocketPath(open)));
    expect(shared).toEqual({
      ok: false,
      error: expect.stringContaining('is open to other users (mode 755)'),
    });
  });

  it('disconnects a client that connects and sends nothing', async () => {
    const dir = mkdtempSync(join(root, 'idle-'));
    const listening = await listenAdminSocket(options(adminSocketPath(dir), 50));
    if (!listening.ok) throw new Error(listening.error);
    try {
      const client = connect(adminSocketPath(dir));
      const ended = await new Promise<string>((resolve) => {
        client.on('error', () => resolve('error'));
        client.on('close', () => resolve('closed'));
      });
      expect(ended).toBe('closed');
    } finally {
      await listening.value.close();
    }
  });
});
