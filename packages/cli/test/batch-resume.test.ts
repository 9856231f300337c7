// Issue 24: a batch never pays twice. A results file belongs to one batch (kind, mode, server); a
// second run collects the checks the first one sent; Ctrl-C finishes the checks in flight; an
// unreachable service stops the batch once.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from './support/run-main.js';
import { DOB } from './support/scenarios.js';
import { type ServedSandbox, serveSandbox, TEST_KEY } from './support/serve.js';

let root: string;
let served: ServedSandbox;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rtw-batch-resume-'));
  served = await serveSandbox({ RTW_SANDBOX_FAST: '1' });
});
afterAll(async () => {
  await served?.stop();
  await rm(root, { recursive: true, force: true });
});

const rtw = runMain;

type Line = Record<string, unknown> & { row?: number; ok?: boolean; check_id?: string };

async function linesOf(path: string): Promise<Line[]> {
  const text = await readFile(path, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Line);
}

const results = (lines: Line[]): Line[] => lines.filter((line) => typeof line.ok === 'boolean');

async function csvOf(name: string, codes: readonly string[]): Promise<{ dir: string; csv: string }> {
  const dir = await mkdtemp(join(root, `${name}-`));
  const csv = join(dir, 'people.csv');
  await writeFile(csv, `share_code,dob\n${codes.map((code) => `${code},${DOB}`).join('\n')}\n`);
  return { dir, csv };
}

const RTW = ['check', 'right-to-work', '--company', 'Acme Ltd', '--no-evidence'];
const onServer = { RTW_API_KEY: TEST_KEY, RTW_BASE_URL: '' };

describe('a results file belongs to one batch', () => {
  it('refuses another kind, mode or server, saying what to do; --restart starts over and keeps the old file', async () => {
    const { csv } = await csvOf('mismatch', ['WACPT0001', 'WREJT0001']);
    const server = { ...onServer, RTW_BASE_URL: served.baseUrl };
    const first = await rtw([...RTW, '--batch', csv], server);
    expect(first.code, first.stderr).toBe(0);
    const path = `${csv}.results.jsonl`;
    const before = await readFile(path, 'utf8');
    expect(JSON.parse(before.split('\n')[0] ?? '')).toMatchObject({
      kind: 'right_to_work',
      mode: 'test',
      server: served.baseUrl,
    });

    const rent = [
      'check',
      'right-to-rent',
      '--checker-name',
      'Jo',
      '--checker-type',
      'landlord',
      '--batch',
      csv,
    ];
    const kind = await rtw(rent, server);
    expect(kind.code).toBe(2);
    expect(kind.stderr).toContain(
      `belongs to another batch: it holds right-to-work checks with a test key against ${served.baseUrl}, and this run is right-to-rent checks with a test key against ${served.baseUrl} (another kind)`,
    );
    const mode = await rtw([...RTW, '--batch', csv, '--sandbox']);
    expect(mode.code).toBe(2);
    expect(mode.stderr).toContain('this run is right-to-work checks with --sandbox (another mode)');
    const live = await rtw([...RTW, '--batch', csv], {
      ...server,
      RTW_API_KEY: 'rtw_live_0123456789abcdefghij00000000000000000000',
    });
    expect(live.stderr).toContain('(another mode)');
    // Refused before anything is sent: nothing listens on port 9.
    const elsewhere = await rtw([...RTW, '--batch', csv], { ...server, RTW_BASE_URL: 'http://127.0.0.1:9/' });
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toContain('against http://127.0.0.1:9 (another server)');
    for (const refused of [kind, mode, live, elsewhere]) {
      expect(refused.stderr).toContain('pass another --results file, or add --restart');
    }
    expect(await readFile(path, 'utf8')).toBe(before);

    const restarted = await rtw([...rent, '--restart'], server);
    const [aside] = (await readdir(join(csv, '..'))).filter((name) => name.endsWith('.old'));
    expect(restarted.stderr).toContain(`--restart: the earlier results are kept in ${path}.`);
    expect(await readFile(join(csv, '..', aside ?? ''), 'utf8')).toBe(before);
    expect((await linesOf(path))[0]).toMatchObject({ kind: 'right_to_rent' });
  });

  it('refuses a results file an older rtw wrote (no kind, mode or server in it)', async () => {
    const { csv } = await csvOf('legacy', ['WACPT0001']);
    const old =
      '{"row":1,"line":2,"share_code":"W*****001","ok":true,"finished_at":"2026-01-01T00:00:00Z"}\n';
    await writeFile(`${csv}.results.jsonl`, old);
    const run = await rtw([...RTW, '--batch', csv, '--sandbox']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('was written by an earlier rtw that did not record the kind of check');
    expect(run.stderr).toContain('--restart');
  });

  it('refuses --restart without --batch', async () => {
    const run = await rtw([...RTW, '--sandbox', '--restart', '--share-code', 'WACPT0001', '--dob', DOB]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--restart goes with --batch');
  });
});

describe('a second run collects what the first one sent', () => {
  it('waits for the recorded checks, and for a check sent but not recorded, instead of running them again', async () => {
    const { csv } = await csvOf('collect', ['WACPT0001', 'WREJT0001', 'WACPT0002']);
    const server = { ...onServer, RTW_BASE_URL: served.baseUrl };
    expect((await rtw([...RTW, '--batch', csv], server)).code).toBe(0);
    const path = `${csv}.results.jsonl`;
    const first = await linesOf(path);
    const ids = new Map(results(first).map((line) => [line.row, line.check_id]));
    // As a kill would leave it: rows 1 and 2 sent and recorded, row 3 sent but killed before its id was
    // written (its Idempotency-Key finds it), no row finished.
    const kept = first.filter(
      (line) => line.row === undefined || (line.sent !== undefined && line.row !== 3),
    );
    await writeFile(path, kept.map((line) => `${JSON.stringify(line)}\n`).join(''));

    const again = await rtw([...RTW, '--batch', csv], server);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('2 sent earlier will be collected, not run again');
    expect(again.stderr).toContain(
      "3 rows' checks were already sent by an earlier run: collected, not run or charged again.",
    );
    expect(again.stdout).toContain('3 rows (0 run now, 3 collected from an earlier run, 0 already done)');
    const collected = results(await linesOf(path));
    expect(new Map(collected.map((line) => [line.row, line.check_id]))).toEqual(ids);
  });

  it('runs a row again as a new check after its check failed with an error that may pass', async () => {
    const { csv } = await csvOf('retry', ['WBUSY0001']);
    const server = { ...onServer, RTW_BASE_URL: served.baseUrl };
    expect((await rtw([...RTW, '--batch', csv], server)).code).toBe(8);
    expect((await rtw([...RTW, '--batch', csv], server)).code).toBe(8);
    const lines = results(await linesOf(`${csv}.results.jsonl`));
    expect(lines.map((line) => [line.attempt, (line.error as { code: string }).code])).toEqual([
      [1, 'BUSY'],
      [2, 'BUSY'],
    ]);
    expect(new Set(lines.map((line) => line.check_id)).size).toBe(2);
  });
});

describe('rows with a label follow it when the CSV changes', () => {
  const labelled = (rows: ReadonlyArray<readonly [string, string]>): string =>
    `label,share_code,dob\n${rows.map(([label, code]) => `${label},${code},${DOB}`).join('\n')}\n`;

  it('runs only the starter added at the top; a deleted row moves the rest without a refusal or a new charge', async () => {
    const { csv } = await csvOf('moved', []);
    await writeFile(
      csv,
      labelled([
        ['E-1', 'WACPT0001'],
        ['E-2', 'WREJT0001'],
        ['E-3', 'WACPT0002'],
      ]),
    );
    const server = { ...onServer, RTW_BASE_URL: served.baseUrl };
    expect((await rtw([...RTW, '--batch', csv], server)).code).toBe(0);
    const path = `${csv}.results.jsonl`;
    const first = new Map(results(await linesOf(path)).map((line) => [line.label, line.check_id]));

    // Monday's export: a new starter at the top, E-2 gone, E-1 and E-3 moved.
    await writeFile(
      csv,
      labelled([
        ['E-0', 'WACPT0001'],
        ['E-1', 'WACPT0001'],
        ['E-3', 'WACPT0002'],
      ]),
    );
    const again = await rtw([...RTW, '--batch', csv], server);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`Batch ${csv}: 3 rows (1 run now, 2 already done)`);
    const lines = results(await linesOf(path));
    // The first run's three (in the order they finished), then the starter's, and nothing else.
    expect(
      lines
        .slice(0, 3)
        .map((line) => line.label)
        .sort(),
    ).toEqual(['E-1', 'E-2', 'E-3']);
    expect(lines).toHaveLength(4);
    expect(lines.at(-1)).toMatchObject({ row: 1, label: 'E-0', ok: true });
    expect(lines.at(-1)?.check_id).not.toBe(first.get('E-1'));
  });

  it('finds by its label a row whose check was sent but not finished, after the rows moved', async () => {
    const { csv } = await csvOf('moved-sent', []);
    await writeFile(
      csv,
      labelled([
        ['E-1', 'WACPT0001'],
        ['E-2', 'WACPT0002'],
      ]),
    );
    const server = { ...onServer, RTW_BASE_URL: served.baseUrl };
    expect((await rtw([...RTW, '--batch', csv], server)).code).toBe(0);
    const path = `${csv}.results.jsonl`;
    const first = await linesOf(path);
    const sentE2 = first.find((line) => line.sent !== undefined && line.label === 'E-2');
    expect(sentE2).toBeDefined();
    // As a kill would leave it: E-2's check sent and recorded, its result never written.
    await writeFile(
      path,
      first
        .filter((line) => !(typeof line.ok === 'boolean' && line.label === 'E-2'))
        .map((line) => `${JSON.stringify(line)}\n`)
        .join(''),
    );
    await writeFile(
      csv,
      labelled([
        ['E-0', 'WREJT0001'],
        ['E-2', 'WACPT0002'],
        ['E-1', 'WACPT0001'],
      ]),
    );
    const again = await rtw([...RTW, '--batch', csv], server);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('1 sent earlier will be collected, not run again');
    const e2 = results(await linesOf(path)).find((line) => line.label === 'E-2');
    const sentId = (sentE2?.sent as { check_id: string } | undefined)?.check_id;
    expect(e2).toMatchObject({ row: 2, ok: true, check_id: sentId });
  });
});

describe('Ctrl-C and an unreachable service', () => {
  it('Ctrl-C starts no new row, says how many are in flight, and saves them as they end', async () => {
    // RTRY0001 fails once and succeeds a second later (the sandbox's own pace): slow enough to stop in.
    const { csv } = await csvOf(
      'ctrl-c',
      Array.from({ length: 6 }, () => 'WRTRY0001'),
    );
    const path = `${csv}.results.jsonl`;
    const run = await rtw(
      [...RTW, '--batch', csv, '--sandbox', '--concurrency', '2'],
      { RTW_SANDBOX_FAST: '' },
      (press) => {
        void (async () => {
          while (!(await readFile(path, 'utf8').catch(() => '')).includes('"sent"'))
            await new Promise((resolve) => setTimeout(resolve, 10));
          press();
        })();
      },
    );
    expect(run.code).toBe(130);
    expect(run.stderr).toContain(
      'Ctrl-C: no new rows will start. 2 checks are in flight: they will finish on the service, and rtw waits',
    );
    expect(run.stderr).toContain(
      'Stopped by Ctrl-C. Go on (nothing finished or sent runs again) with: rtw check right-to-work',
    );
    const lines = await linesOf(path);
    expect(
      results(lines)
        .map((line) => line.row)
        .sort(),
    ).toEqual([1, 2]);
    expect(
      lines
        .filter((line) => line.sent !== undefined)
        .map((line) => line.row)
        .sort(),
    ).toEqual([1, 2]);
  });

  // Its own server's start, then a few polls a second apart failing: 16 s seen with the load average at 30.
  it('stops once when the service goes down mid-batch, keeping the ids of the checks it was waiting for', async () => {
    // Its own sandbox server at the sandbox's own pace (RTRY0001 ends a second after it starts).
    const doomed = await serveSandbox();
    const { csv } = await csvOf(
      'goes-down',
      Array.from({ length: 8 }, () => 'WRTRY0001'),
    );
    const path = `${csv}.results.jsonl`;
    const watching = (async () => {
      while (!(await readFile(path, 'utf8').catch(() => '')).includes('"sent"'))
        await new Promise((resolve) => setTimeout(resolve, 10));
      await doomed.stop();
    })();
    const run = await rtw([...RTW, '--batch', csv, '--concurrency', '2'], {
      ...onServer,
      RTW_BASE_URL: doomed.baseUrl,
    });
    await watching;
    expect(run.code).toBe(5);
    expect(run.stderr.match(/Cannot reach/g)).toHaveLength(1);
    const lines = await linesOf(path);
    const sent = new Set(lines.filter((line) => line.sent !== undefined).map((line) => line.row));
    const ended = new Set(results(lines).map((line) => line.row));
    const waiting = [...sent].filter((row) => !ended.has(row)).length;
    expect(waiting).toBeGreaterThan(0);
    expect(run.stdout).toContain(`${waiting} still running on the service`);
    // No row failed because of the outage: the rows not sent are simply not run yet.
    expect(results(lines).every((line) => line.ok === true)).toBe(true);
  }, 45_000);

  it('stops after a few requests fail to connect, with one message and the command that goes on', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const { csv } = await csvOf(
      'down',
      Array.from({ length: 10 }, () => 'WACPT0001'),
    );
    const run = await rtw([...RTW, '--batch', csv, '--retries', '0', '--concurrency', '2'], {
      ...onServer,
      RTW_BASE_URL: `http://127.0.0.1:${port}`,
    });
    expect(run.code).toBe(5);
    expect(run.stderr.match(/Cannot reach/g)).toHaveLength(1);
    expect(run.stderr.match(/CONNECTION_FAILED/g)).toHaveLength(1);
    expect(run.stderr).toContain(`Cannot reach http://127.0.0.1:${port}: 5 requests in a row failed`);
    expect(run.stderr).toContain(
      `go on with: rtw check right-to-work --no-evidence --retries 0 --concurrency 2 --company 'Acme Ltd' --batch ${csv}`,
    );
    expect(run.stdout).toContain('10 not run');
    expect(results(await linesOf(`${csv}.results.jsonl`))).toEqual([]);
    expect(existsSync(`${csv}.results.jsonl`)).toBe(true);
  });
});
