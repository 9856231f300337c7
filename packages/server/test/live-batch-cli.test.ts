// Issue 24: a live batch of `rtw` (the built CLI) against rtw-server over the portal simulator, stopped
// with Ctrl-C (twice) or `kill -9` while checks are in flight, then run again: every row is checked,
// charged and filed once.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from './portal-harness.js';
import { type LiveServer, startLiveServer } from './support/live-server.js';
import { newKey } from './support/test-server.js';

const RTW_BIN = fileURLToPath(new URL('../../cli/dist/bin.js', import.meta.url));

// The simulator's right-to-work people (packages/portal-sim/seed/people.json) whose codes are current,
// each checked in turn.
const PEOPLE = [
  ['W7K 2M9 P4Q', '1990-04-27'],
  ['W3H 8D2 L6T', '1985-11-03'],
  ['W5R 1N8 C3V', '2003-08-19'],
  ['W9X 4B7 M2K', '1995-02-10'],
] as const;
const ROWS = 8;

interface Run {
  child: ChildProcess;
  stderr(): string;
  exited: Promise<number | null>;
}

interface Batch {
  dir: string;
  csv: string;
  results: string;
  env: Record<string, string>;
  accountId: string;
  args: string[];
}

function startRtw(batch: Batch, args = batch.args): Run {
  const child = spawn(process.execPath, [RTW_BIN, ...args], {
    cwd: batch.dir,
    env: batch.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  child.stdout?.resume();
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, stderr: () => stderr, exited };
}

type Line = { row?: number; ok?: boolean; check_id?: string; sent?: { check_id: string } } & Record<
  string,
  unknown
>;

function lines(path: string): Line[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((text) => text.trim() !== '')
    .flatMap((text) => {
      try {
        return [JSON.parse(text) as Line];
      } catch {
        return [];
      }
    });
}

/** Rows with a check sent and no result yet: the checks in flight. */
function inFlight(path: string): { finished: number; flying: number } {
  const finished = new Set<number>();
  const sent = new Set<number>();
  for (const line of lines(path)) {
    if (line.row === undefined) continue;
    if (typeof line.ok === 'boolean') finished.add(line.row);
    else if (line.sent) sent.add(line.row);
  }
  return { finished: finished.size, flying: [...sent].filter((row) => !finished.has(row)).length };
}

async function until(what: string, test: () => boolean, ms = 120_000): Promise<void> {
  for (const started = Date.now(); Date.now() - started < ms; ) {
    if (test()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(CHROMIUM === null)('a live batch stopped and run again never pays twice', () => {
  let live: LiveServer;
  let root: string;

  beforeAll(async () => {
    if (!existsSync(RTW_BIN))
      throw new Error('packages/cli/dist/bin.js is missing: run npm run build first.');
    live = await startLiveServer();
    root = mkdtempSync(join(tmpdir(), 'rtw-live-batch-'));
  }, 120_000);
  afterAll(async () => {
    await live?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  async function newBatch(name: string): Promise<Batch> {
    const dir = mkdtempSync(join(root, `${name}-`));
    const csv = join(dir, 'starters.csv');
    const rows = Array.from({ length: ROWS }, (_, i) => {
      const [code, dob] = PEOPLE[i % PEOPLE.length] ?? PEOPLE[0];
      return `E-${101 + i},${code},${dob}`;
    });
    writeFileSync(csv, `label,Share code,Date of birth\n${rows.join('\n')}\n`);
    const { key, accountId } = await newKey(live.server.admin, 'pro', 'live');
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      XDG_CONFIG_HOME: join(dir, 'config'),
      RTW_API_KEY: key,
      RTW_BASE_URL: live.server.url,
      RTW_REGISTER_KEY: randomBytes(32).toString('base64'),
    };
    const args = [
      'check',
      'right-to-work',
      '--batch',
      csv,
      '--company',
      'Acme Ltd',
      '--out',
      join(dir, 'evidence'),
      '--register',
      join(dir, 'register'),
      '--concurrency',
      '3',
    ];
    return { dir, csv, results: `${csv}.results.jsonl`, env, accountId, args };
  }

  /** Runs the same command again to its end, then checks the account, the server and the register. */
  async function expectPaidOnce(batch: Batch, stoppedAt: number): Promise<void> {
    const again = startRtw(batch);
    expect(await again.exited, again.stderr()).toBe(0);
    expect(again.stderr()).toContain('Resuming:');

    const all = lines(batch.results);
    const results = all.filter((line) => typeof line.ok === 'boolean');
    // Every row finished once, with a result.
    expect(results.map((line) => line.row).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: ROWS }, (_, i) => i + 1),
    );
    expect(results.every((line) => line.ok === true)).toBe(true);
    // The server ran one check per row: as many checks as rows, each the one its row recorded.
    const checks = await live.server.database.recentChecks.list(batch.accountId, 'live', new Date(0), 50);
    expect(checks).toHaveLength(ROWS);
    expect(checks.every((check) => check.way === 'async' && check.status === 'succeeded')).toBe(true);
    expect(new Set(results.map((line) => line.check_id))).toEqual(new Set(checks.map((check) => check.id)));
    // Charged once per successful row.
    const usage = await live.server.admin.usage(batch.accountId);
    expect(usage.ok && { used: usage.value.used, inProgress: usage.value.inProgress }).toEqual({
      used: ROWS,
      inProgress: 0,
    });
    // Filed once per row: the register holds exactly one receipt each, and verifies.
    const receipts = new Set(
      results.map((line) => (line.register as { receipt?: number } | undefined)?.receipt),
    );
    expect(receipts.size).toBe(ROWS);
    const verify = startRtw(batch, [
      'register',
      'verify',
      '--register',
      join(batch.dir, 'register'),
      '--json',
    ]);
    expect(await verify.exited, verify.stderr()).toBe(0);
    expect(stoppedAt).toBeLessThan(ROWS);
  }

  it('Ctrl-C: stops starting rows, says what is in flight; a second Ctrl-C exits; the next run collects', async () => {
    const batch = await newBatch('sigint');
    const run = startRtw(batch);
    await until('a finished row and a check in flight', () => {
      const state = inFlight(batch.results);
      return state.finished >= 1 && state.flying >= 1;
    });
    run.child.kill('SIGINT');
    await until('the Ctrl-C notice', () => run.stderr().includes('Ctrl-C: no new rows will start.'), 20_000);
    expect(run.stderr()).toMatch(
      /(1 check is in flight: it|\d+ checks are in flight: they) will finish on the service and be charged/,
    );
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(130);
    const stopped = await live.server.database.recentChecks.list(batch.accountId, 'live', new Date(0), 50);
    await expectPaidOnce(batch, stopped.length);
  }, 300_000);

  it('kill -9 with checks in flight: the next run collects them instead of running them again', async () => {
    const batch = await newBatch('sigkill');
    const run = startRtw(batch);
    await until('a check in flight', () => inFlight(batch.results).flying >= 2);
    run.child.kill('SIGKILL');
    await run.exited;
    const stopped = await live.server.database.recentChecks.list(batch.accountId, 'live', new Date(0), 50);
    await expectPaidOnce(batch, stopped.length);
  }, 300_000);
});
