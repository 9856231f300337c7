// Issue 15 item 1: `kill -9` during a live check's PDF download leaves no applicant PDF on disk once
// the server has restarted (the browser's folders are the service's own, swept at start).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type PortalSim, startPortalSim } from '@sharecode/portal-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from './portal-harness.js';
import { seedPgliteDataDir } from './support/pglite-template.js';
import { BIN, ensureServerBuilt, runBin } from './support/processes.js';

/** Every file under `dir` (folders included in the walk, not listed). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

function looksLikePdf(path: string): boolean {
  if (/\.(pdf|crdownload)$/i.test(path)) return true;
  try {
    return statSync(path).size >= 5 && readFileSync(path).subarray(0, 5).toString('latin1') === '%PDF-';
  } catch {
    return false;
  }
}

/**
 * Between the server and the simulator: passes everything through, except that a PDF is sent only in
 * part and then held, so the browser is mid-download for as long as the test wants.
 */
function holdingProxy(target: string): Promise<{ server: Server; url: string; pdfStarted: Promise<void> }> {
  let started: () => void = () => {};
  const pdfStarted = new Promise<void>((resolve) => {
    started = resolve;
  });
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        const isPdf = String(answer.headers['content-type'] ?? '').includes('pdf');
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        if (!isPdf) {
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          res.write(body.subarray(0, Math.floor(body.length / 2)));
          started();
          // The rest never comes: the server is killed first.
        });
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}`, pdfStarted });
    });
  });
}

function start(args: string[], env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, [BIN, 'start', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // stderr is drained (a full pipe would stall the server) and kept to explain a failure.
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const listening = new Promise<string | null>((resolve) => {
    if (!child.stdout) return resolve(null);
    createInterface({ input: child.stdout }).on('line', (line) => {
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

describe.skipIf(CHROMIUM === null)('a server killed mid-download', () => {
  let sim: PortalSim;
  let proxy: Awaited<ReturnType<typeof holdingProxy>>;
  let root: string;

  beforeAll(async () => {
    ensureServerBuilt();
    sim = await startPortalSim({ port: 0 });
    proxy = await holdingProxy(sim.url);
    root = mkdtempSync(join(tmpdir(), 'rtw-crash-privacy-'));
  }, 120_000);
  afterAll(async () => {
    proxy?.server.closeAllConnections();
    proxy?.server.close();
    await sim?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('leaves no PDF anywhere, temporary folder included, after the restart', async () => {
    const dataDir = join(root, 'data');
    await seedPgliteDataDir(dataDir);
    const tmp = join(root, 'tmp');
    mkdirSync(tmp);
    // The child's temporary folder is ours to search: `tmp included` without reading the machine's /tmp.
    const env = { RTW_CHROMIUM_PATH: CHROMIUM ?? '', TMPDIR: tmp };
    const account = runBin(
      ['accounts', 'create', '--email', 'o@example.com', '--plan', 'pro', '--data-dir', dataDir],
      env,
    );
    expect(account.code, account.stderr).toBe(0);
    const key = runBin(
      ['keys', 'create', '--account', account.stdout.trim(), '--mode', 'live', '--data-dir', dataDir],
      env,
    );
    expect(key.code, key.stderr).toBe(0);
    const args = ['--port', '0', '--data-dir', dataDir, '--portal-sim-url', proxy.url, '--check-slots', '1'];

    const first = start(args, env);
    const url = await first.listening;
    expect(url).not.toBeNull();
    const answered = fetch(`${url}/api/check/right-to-rent`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.stdout.trim()}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        share_code: 'R4M8K2W7P',
        date_of_birth: '1988-06-30',
        checker_name: 'Northside Lettings',
        checker_type: 'landlord',
      }),
    }).then(
      async (response) => `the check answered ${response.status} ${await response.text()}`,
      () => 'the check request failed',
    );
    // The check must reach the PDF download; if it ends first (or the server exits), say how, not hang.
    const stopped = await Promise.race([
      proxy.pdfStarted.then(() => undefined),
      answered,
      first.exited.then(() => 'the server exited'),
    ]);
    expect(stopped, `${stopped}: ${first.stderr()}`).toBeUndefined();
    // Give the browser a moment to write what it has received (if it writes at all).
    for (let i = 0; i < 40 && !filesUnder(root).some(looksLikePdf); i++)
      await new Promise((r) => setTimeout(r, 50));
    first.child.kill('SIGKILL');
    await first.exited;

    // Whatever the killed process left is inside the service's own folder, not the temporary one.
    expect(filesUnder(tmp).filter(looksLikePdf)).toEqual([]);
    expect(readdirSync(tmp).filter((name) => name.startsWith('playwright'))).toEqual([]);
    const browserDir = join(dataDir, 'browser');
    expect(statSync(browserDir).mode & 0o777).toBe(0o700);

    const second = start(args, env);
    try {
      expect(await second.listening).not.toBeNull();
      expect(filesUnder(root).filter(looksLikePdf)).toEqual([]);
      // Only the new process's folder remains.
      const pid = second.child.pid ?? -1;
      expect(readdirSync(browserDir).every((name) => name.startsWith(`run-${pid}-`))).toBe(true);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
    expect(filesUnder(root).filter(looksLikePdf)).toEqual([]);
    expect(readdirSync(tmp).filter((name) => name.startsWith('playwright'))).toEqual([]);
  }, 120_000);
});
