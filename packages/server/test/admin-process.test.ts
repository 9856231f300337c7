// The operator's admin commands as typed at a terminal, against an embedded (PGlite) server that is
// running: they reach it through the admin socket in the data folder instead of failing on its lock.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validBody } from './support/api.js';
import { seedPgliteDataDir } from './support/pglite-template.js';
import { BIN, ensureServerBuilt, runBin } from './support/processes.js';

const PTY_ANSWER = fileURLToPath(new URL('./support/pty-answer.py', import.meta.url));
const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

interface Started {
  readonly child: ChildProcess;
  readonly url: string;
  readonly output: () => string;
  stop(): Promise<number | null>;
}

/** `rtw-server start` (the built bin), resolved once it listens. */
function start(args: string[]): Promise<Started> {
  const child = spawn(process.execPath, [BIN, 'start', '--port', '0', '--no-portal-driver', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      output += `${line}\n`;
      const url = /listening.*?(http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
      if (url)
        resolve({
          child,
          url,
          output: () => output,
          stop: () => {
            if (child.exitCode === null) child.kill('SIGTERM');
            return exited;
          },
        });
    });
    void exited.then((code) => reject(new Error(`rtw-server exited with ${code}: ${output}`)));
  });
}

const check = (url: string, key: string) =>
  fetch(`${url}/api/check/right-to-rent`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(validBody('/api/check/right-to-rent')),
  });

describe('rtw-server admin commands against a running embedded server', () => {
  let dir: string;
  let dataDir: string;
  let server: Started;
  const bin = (args: string[]) => runBin([...args, '--data-dir', dataDir], {});

  beforeAll(async () => {
    ensureServerBuilt();
    dir = mkdtempSync(join(tmpdir(), 'rtw-admin-'));
    dataDir = join(dir, 'data');
    await seedPgliteDataDir(dataDir);
    server = await start(['--data-dir', dataDir]);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('prints its version', () => {
    const printed = runBin(['--version'], {});
    expect(printed).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
  });

  it('creates, lists and changes accounts and keys while the server runs, which sees each change at once', async () => {
    const socket = statSync(join(dataDir, 'admin.sock'));
    expect(socket.isSocket() && (socket.mode & 0o777) === 0o600).toBe(true);

    const created = bin(['accounts', 'create', '--email', 'Owner@Example.com', '--plan', 'pro']);
    expect(created.code, created.stderr).toBe(0);
    const accountId = created.stdout.trim();
    expect(accountId).toMatch(/^acc_/);

    const again = bin(['accounts', 'create', '--email', 'owner@example.COM', '--plan', 'free']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      `The account ${accountId} already has the e-mail address owner@example.COM`,
    );

    const table = bin(['accounts', 'list']);
    expect(table.code).toBe(0);
    const [heading, row, more] = table.stdout.trim().split('\n');
    expect(heading).toMatch(/^ID\s+E-MAIL\s+PLAN\s+SUBSCRIPTION\s+CREATED$/);
    expect(row).toMatch(
      new RegExp(`^${accountId}\\s+Owner@Example\\.com\\s+pro\\s+active\\s+\\d{4}-\\d\\d-\\d\\dT`),
    );
    expect(more).toBeUndefined();
    const json = JSON.parse(bin(['accounts', 'list', '--json']).stdout) as Record<string, string>[];
    expect(json).toEqual([
      {
        id: accountId,
        email: 'Owner@Example.com',
        plan: 'pro',
        subscription_status: 'active',
        created_at: expect.stringMatching(/Z$/),
      },
    ]);

    const key = bin(['keys', 'create', '--account', accountId, '--mode', 'test']).stdout.trim();
    expect((await check(server.url, key)).status).toBe(200);
    expect(bin(['keys', 'revoke', '--key', key]).code).toBe(0);
    // The server remembers authenticated keys; the revocation went through it, so it forgets at once.
    expect((await check(server.url, key)).status).toBe(401);

    const plan = bin(['accounts', 'set-plan', '--account', accountId, '--plan', 'scale']);
    expect(plan).toMatchObject({ code: 0, stdout: `${accountId} scale\n` });
    const keys = bin(['keys', 'list', '--account', accountId]);
    expect(keys.stdout).toMatch(/^key_\w+ test rtw_test_\S+ revoked \d{4}-/);
  });

  it('sets a password piped in, and says how to rotate the key file (which needs the server stopped)', () => {
    const accountId = JSON.parse(bin(['accounts', 'list', '--json']).stdout)[0].id as string;
    const piped = execFileSync(
      process.execPath,
      [BIN, 'accounts', 'set-password', '--account', accountId, '--data-dir', dataDir],
      { input: 'correct horse battery staple\n', encoding: 'utf8' },
    );
    expect(piped).toBe(`${accountId} password set\n`);
    const rotate = bin(['keys', 'rotate-encryption']);
    expect(rotate.code).toBe(1);
    expect(rotate.stderr).toContain(
      'stop the server, run `rtw-server keys rotate-encryption`, then start it again',
    );
  });

  it('prompts twice for the password at a terminal, showing none of it', () => {
    const accountId = JSON.parse(bin(['accounts', 'list', '--json']).stdout)[0].id as string;
    const run = (answers: string[]) => {
      try {
        const shown = execFileSync(
          'python3',
          [
            PTY_ANSWER,
            ...answers,
            '--',
            process.execPath,
            BIN,
            'accounts',
            'set-password',
            '--account',
            accountId,
            '--data-dir',
            dataDir,
          ],
          { encoding: 'utf8' },
        );
        return { code: 0, shown };
      } catch (error) {
        const failed = error as { status: number; stdout: string };
        return { code: failed.status, shown: failed.stdout };
      }
    };
    const typed = run(['a long new password', 'a long new password']);
    expect(typed.code, typed.shown).toBe(0);
    expect(typed.shown).toContain('New dashboard password (at least 12 characters): ');
    expect(typed.shown).toContain('The same password again: ');
    expect(typed.shown).toContain(`${accountId} password set`);
    expect(typed.shown).not.toContain('a long new password');

    const differing = run(['a long new password', 'another long one!!']);
    expect(differing.code).toBe(2);
    expect(differing.shown).toContain('the two passwords differ: nothing was changed');
    expect(differing.shown).not.toContain('another long one');
  });

  it('works directly on the folder once the server has stopped, and the socket is gone', async () => {
    expect(await server.stop()).toBe(0);
    expect(existsSync(join(dataDir, 'admin.sock'))).toBe(false);
    const listed = bin(['accounts', 'list', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toHaveLength(1);
  });
});

describe('rtw-server start --log-format pretty', () => {
  let dir: string;
  beforeAll(async () => {
    ensureServerBuilt();
    dir = mkdtempSync(join(tmpdir(), 'rtw-pretty-'));
    await seedPgliteDataDir(join(dir, 'data'));
  }, 120_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('writes one readable line per entry, with the request id and no JSON', async () => {
    const server = await start([
      '--data-dir',
      join(dir, 'data'),
      '--log-format',
      'pretty',
      '--log-level',
      'info',
    ]);
    try {
      const answered = await fetch(`${server.url}/livez`);
      const requestId = answered.headers.get('x-request-id') ?? '';
      for (let i = 0; i < 100 && !server.output().includes('request completed'); i++)
        await new Promise((r) => setTimeout(r, 20));
      const lines = server.output().split('\n');
      const listening = lines.find((line) => line.includes('rtw-server listening'));
      expect(listening).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: rtw-server listening /);
      const completed = lines.find((line) => line.includes('request completed'));
      expect(completed).toContain(requestId);
      expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 60_000);
});
