// `rtw-server start` (the built bin) with the portal flags the README's quick start uses.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type PortalSim, startPortalSim } from '@sharecode/portal-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from './portal-harness.js';
import { seedPgliteDataDir } from './support/pglite-template.js';
import { BIN, ensureServerBuilt, runBin } from './support/processes.js';

function start(args: string[]) {
  const child = spawn(process.execPath, [BIN, 'start', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const listening = new Promise<string | null>((resolve) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      try {
        const entry = JSON.parse(line) as { msg?: string; url?: string };
        if (entry.msg === 'rtw-server listening' && entry.url) resolve(entry.url);
      } catch {
        // Not a log line.
      }
    });
    void exited.then(() => resolve(null));
  });
  return { child, exited, listening, stderr: () => stderr };
}

describe.skipIf(CHROMIUM === null)('rtw-server start with the portal driver', () => {
  let sim: PortalSim;
  let dir: string;

  beforeAll(async () => {
    ensureServerBuilt();
    sim = await startPortalSim({ port: 0 });
    dir = mkdtempSync(join(tmpdir(), 'rtw-live-bin-'));
    await seedPgliteDataDir(dir);
  }, 120_000);
  afterAll(async () => {
    await sim?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('runs a live check against the simulator given by --portal-sim-url', async () => {
    const env = { RTW_CHROMIUM_PATH: CHROMIUM ?? '' };
    const account = runBin(
      ['accounts', 'create', '--email', 'o@example.com', '--plan', 'pro', '--data-dir', dir],
      env,
    );
    expect(account.code).toBe(0);
    const key = runBin(
      ['keys', 'create', '--account', account.stdout.trim(), '--mode', 'live', '--data-dir', dir],
      env,
    );
    expect(key.code).toBe(0);

    const server = start([
      '--port',
      '0',
      '--data-dir',
      dir,
      '--portal-sim-url',
      sim.url,
      '--check-slots',
      '1',
      '--chromium-path',
      CHROMIUM ?? '',
    ]);
    try {
      const url = await server.listening;
      expect(url, server.stderr()).not.toBeNull();
      const response = await fetch(`${url}/api/check/right-to-rent`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key.stdout.trim()}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          share_code: 'R4M8K2W7P',
          date_of_birth: '1988-06-30',
          checker_name: 'Northside Lettings',
          checker_type: 'landlord',
        }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ title: 'Right to rent', name: 'FATIMA RAHMAN' });
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
  }, 90_000);

  it('prints a line for people: where it listens, the dashboard and the docs', async () => {
    const server = start(['--port', '0', '--data-dir', dir, '--no-portal-driver']);
    try {
      const url = await server.listening;
      expect(url, server.stderr()).not.toBeNull();
      for (let i = 0; i < 50 && !server.stderr().includes('/docs'); i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(server.stderr()).toContain(`listening on ${url}`);
      expect(server.stderr()).toContain(`${url}/dashboard`);
      expect(server.stderr()).toContain(`${url}/docs`);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('refuses to start without a browser, saying how to install one', async () => {
    const server = start(['--port', '0', '--data-dir', dir, '--chromium-path', '/nowhere/chromium']);
    expect(await server.exited).toBe(1);
    expect(await server.listening).toBeNull();
    expect(server.stderr()).toContain('/nowhere/chromium');
    expect(server.stderr()).toContain('npx playwright install chromium');
  }, 30_000);
});
