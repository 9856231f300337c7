// `rtw-server start` with the portal driver, stopped as an orchestrator stops it: SIGTERM turns
// /readyz to 503 first, then live checks in flight, whose clients have gone, finish and are recorded
// (before, the browser closed under them: "check run threw"). And /readyz while the browser is down.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type PortalSim, startPortalSim } from '@sharecode/portal-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from './portal-harness.js';
import { seedPgliteDataDir } from './support/pglite-template.js';
import { BIN, ensureServerBuilt, runBin } from './support/processes.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function readyz(url: string) {
  const response = await fetch(`${url}/readyz`);
  return { status: response.status, body: (await response.json()) as { status: string; reasons?: string[] } };
}

describe.skipIf(CHROMIUM === null)('rtw-server start: readiness and the drain on SIGTERM', () => {
  let sim: PortalSim;
  let dir: string;
  let accountId: string;
  let key: string;
  let child: ChildProcess;
  let url: string;
  let exited: Promise<number | null>;
  let log = '';

  beforeAll(async () => {
    ensureServerBuilt();
    // Each check waits 5 s at the portal's lookup: long enough to be in flight when the signal comes.
    sim = await startPortalSim({ port: 0, faults: { latency: { ms: 5_000, on: 'lookup' } } });
    dir = mkdtempSync(join(tmpdir(), 'rtw-live-drain-'));
    await seedPgliteDataDir(dir);
    accountId = runBin(
      ['accounts', 'create', '--email', 'o@example.com', '--plan', 'pro', '--data-dir', dir],
      {},
    ).stdout.trim();
    key = runBin(
      ['keys', 'create', '--account', accountId, '--mode', 'live', '--data-dir', dir],
      {},
    ).stdout.trim();
    child = spawn(
      process.execPath,
      [BIN, 'start', '--port', '0', '--data-dir', dir, '--portal-sim-url', sim.url, '--check-slots', '4'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, RTW_CHROMIUM_PATH: CHROMIUM ?? '', RTW_SHUTDOWN_DELAY_SECONDS: '2' },
      },
    );
    exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
        log += `${line}\n`;
        const entry = JSON.parse(line) as { msg?: string; url?: string };
        if (entry.msg === 'rtw-server listening' && entry.url) resolve(entry.url);
      });
      void exited.then((code) => reject(new Error(`rtw-server exited with ${code}: ${log}`)));
    });
  }, 120_000);
  afterAll(async () => {
    if (child?.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await sim?.close();
    if (dir) rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  });

  it('is not ready while its browser is down, and ready again once a new one has started', async () => {
    expect(await readyz(url)).toEqual({ status: 200, body: { status: 'ready' } });
    // The browser's main process (the one given the DevTools pipe), among the server's descendants.
    const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' })
      .split('\n')
      .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3] ?? '' }));
    const mine = new Set([child.pid]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const p of table)
        if (mine.has(p.ppid) && !mine.has(p.pid)) {
          mine.add(p.pid);
          grew = true;
        }
    }
    // A wrapper script may stand between: every process given the pipe goes, the browser with them.
    const browser = table.filter((p) => mine.has(p.pid) && p.args.includes('--remote-debugging-pipe'));
    expect(browser.length, JSON.stringify(table.filter((p) => mine.has(p.pid)))).toBeGreaterThan(0);
    for (const p of browser) process.kill(p.pid, 'SIGKILL');
    let seen = await readyz(url);
    for (let i = 0; i < 50 && seen.status === 200; i++) {
      await sleep(100);
      seen = await readyz(url);
    }
    expect(seen.status).toBe(503);
    expect(seen.body.reasons?.join(' ')).toMatch(/browser/);
    for (let i = 0; i < 300 && seen.status !== 200; i++) {
      await sleep(100);
      seen = await readyz(url);
    }
    expect(seen).toEqual({ status: 200, body: { status: 'ready' } });
  }, 60_000);

  it('finishes and records every live check in flight whose client has gone', async () => {
    const clients = [1, 2, 3, 4].map(() => new AbortController());
    const requests = clients.map((client) =>
      fetch(`${url}/api/check/right-to-rent`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          share_code: 'R4M8K2W7P',
          date_of_birth: '1988-06-30',
          checker_name: 'Northside Lettings',
          checker_type: 'landlord',
        }),
        signal: client.signal,
      }).catch(() => null),
    );
    await sleep(2_000);
    for (const client of clients) client.abort();
    await Promise.all(requests);
    child.kill('SIGTERM');
    // The signal is handled on the server's next turn, later on a loaded machine; the checks in flight
    // keep it draining (and listening) for seconds after.
    let draining = await readyz(url);
    for (let i = 0; i < 100 && draining.status === 200; i++) {
      await sleep(100);
      draining = await readyz(url);
    }
    expect(draining.status).toBe(503);
    expect(draining.body.reasons).toContain('shutting down: in-flight work is finishing');

    expect(await exited, log).toBe(0);
    const count = (msg: string) => log.split('\n').filter((line) => line.includes(`"msg":"${msg}"`)).length;
    expect(count('client disconnected before the answer')).toBe(4);
    expect(count('portal check done')).toBe(4);
    expect(log).not.toContain('check run threw');
    const usage = runBin(['accounts', 'usage', '--account', accountId, '--data-dir', dir], {});
    expect(usage.stdout).toContain(' used=4 in_progress=0 ');
  }, 150_000);
});
