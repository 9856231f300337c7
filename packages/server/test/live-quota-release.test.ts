// Quota is never held by the dead (issue 37): synchronous live checks hold reservations while the
// portal (the simulator, slowed to two minutes a lookup) keeps them in flight. One server is killed
// with -9: the two live instances left give its reservations back once its heartbeat has lapsed,
// exactly once between them, logged and counted. Another is stopped and its drain time passes: its
// checks are answered 503 BUSY with Retry-After and their reservations given back. Nothing is charged.

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { type PortalSim, startPortalSim } from '@sharecode/portal-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from './portal-harness.js';
import { sampleSum } from './support/metrics-scrape.js';
import { createPostgresDatabase, type TestPostgresDatabase } from './support/postgres.js';
import { BIN, ensureServerBuilt, runBin } from './support/processes.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Fast heartbeats: an instance is forgotten after three missed, 1.5 s. */
const HEARTBEAT_SECONDS = '0.5';

interface Instance {
  readonly url: string;
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  readonly lines: Record<string, unknown>[];
  readonly instanceId: string;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

describe.skipIf(CHROMIUM === null)('quota held by stopped instances comes back', () => {
  let sim: PortalSim;
  let pg: TestPostgresDatabase;
  let env: Record<string, string>;
  let key: string;
  let accountId: string;
  const started: Instance[] = [];

  const start = (args: string[], extra: Record<string, string> = {}): Promise<Instance> => {
    // Its own process group: a kill -9 takes its browser with it, as a container's end does.
    const child = spawn(process.execPath, [BIN, 'start', '--port', '0', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env, ...extra },
      detached: true,
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const lines: Record<string, unknown>[] = [];
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    return new Promise((resolve, reject) => {
      createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
        const entry = JSON.parse(line) as Record<string, unknown>;
        lines.push(entry);
        if (entry.msg === 'rtw-server listening') {
          const instance = {
            url: String(entry.url),
            child,
            exited,
            lines,
            instanceId: String(entry.instanceId),
          };
          started.push(instance);
          resolve(instance);
        }
      });
      void exited.then((code) => reject(new Error(`rtw-server exited with ${code}: ${stderr}`)));
    });
  };

  const usage = () => {
    const run = runBin(['accounts', 'usage', '--account', accountId], env);
    expect(run.code, run.stderr).toBe(0);
    return run.stdout;
  };
  const waitForUsage = async (pattern: RegExp) => {
    let seen = usage();
    // Bounded far under the 15-minute stale limit the old sweep needed, and never a timing assertion.
    for (let i = 0; i < 120 && !pattern.test(seen); i++) {
      await sleep(250);
      seen = usage();
    }
    expect(seen).toMatch(pattern);
  };
  const post = (url: string) =>
    fetch(`${url}/api/check/right-to-rent`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        share_code: 'R4M8K2W7P',
        date_of_birth: '1988-06-30',
        checker_name: 'Northside Lettings',
        checker_type: 'landlord',
      }),
    });

  beforeAll(async () => {
    ensureServerBuilt();
    // Every lookup waits two minutes: the checks stay in flight for as long as the test needs.
    sim = await startPortalSim({ port: 0, faults: { latency: { ms: 120_000, on: 'lookup' } } });
    pg = await createPostgresDatabase();
    env = {
      DATABASE_URL: pg.url,
      RTW_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      RTW_HEARTBEAT_SECONDS: HEARTBEAT_SECONDS,
      RTW_CHROMIUM_PATH: CHROMIUM ?? '',
      RTW_LOG_FORMAT: 'json',
    };
    const created = runBin(['accounts', 'create', '--email', 'o@example.com', '--plan', 'pro'], env);
    expect(created.code, created.stderr).toBe(0);
    accountId = created.stdout.trim();
    key = runBin(['keys', 'create', '--account', accountId, '--mode', 'live'], env).stdout.trim();
  }, 120_000);

  afterAll(async () => {
    for (const instance of started) {
      if (instance.child.exitCode === null && instance.child.signalCode === null) {
        try {
          process.kill(-(instance.child.pid ?? 0), 'SIGKILL');
        } catch {}
        await instance.exited;
      }
    }
    await sim?.close();
    await pg?.drop();
  });

  it('gives back a killed instance’s reservations once, logged and counted, nothing charged', async () => {
    const metricsPort = await freePort();
    const [driver, watcher, other] = await Promise.all([
      start(['--portal-sim-url', sim.url, '--check-slots', '4']),
      start(['--no-portal-driver', '--metrics-port', String(metricsPort)]),
      start(['--no-portal-driver']),
    ]);
    const answers = [1, 2, 3].map(() => post(driver.url).catch(() => null));
    await waitForUsage(/ used=0 in_progress=3 /);

    process.kill(-(driver.child.pid ?? 0), 'SIGKILL');
    expect(await Promise.all(answers)).toEqual([null, null, null]);
    await waitForUsage(/ used=0 in_progress=0 /);

    const releasedBy = (instances: Instance[]) =>
      instances.flatMap((instance) =>
        instance.lines.filter((line) => String(line.msg).startsWith('gave back the quota reservations')),
      );
    const total = (lines: Record<string, unknown>[]) =>
      lines.reduce((sum, line) => sum + Number(line.reservations), 0);
    // The log line is written just after the release: wait for it to reach the pipe.
    for (let i = 0; i < 100 && total(releasedBy([watcher, other])) < 3; i++) await sleep(100);
    const released = releasedBy([watcher, other]);
    // Exactly once: the two live instances gave back three between them, all the killed one's.
    expect(released.map((line) => line.instanceId)).toEqual(released.map(() => driver.instanceId));
    expect(total(released)).toBe(3);
    const counted = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(sampleSum(counted, 'rtw_quota_reservations_released_total', { reason: 'instance_gone' })).toBe(
      total(releasedBy([watcher])),
    );
    expect(usage()).toMatch(/ used=0 in_progress=0 overage_checks=0 /);
  }, 120_000);

  it('answers 503 BUSY with Retry-After past the drain time, gives the quota back and charges nothing', async () => {
    const driver = await start(['--portal-sim-url', sim.url, '--check-slots', '4'], {
      RTW_DRAIN_SECONDS: '2',
    });
    const answers = [1, 2].map(() => post(driver.url));
    await waitForUsage(/ used=0 in_progress=2 /);
    driver.child.kill('SIGTERM');
    for (const response of await Promise.all(answers)) {
      expect(response.status).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('BUSY');
      expect(body.error.message).toMatch(/nothing was charged/);
    }
    expect(await driver.exited).toBe(0);
    expect(driver.lines.some((line) => String(line.msg).startsWith('drain time passed'))).toBe(true);
    await waitForUsage(/ used=0 in_progress=0 overage_checks=0 /);
  }, 120_000);
});
