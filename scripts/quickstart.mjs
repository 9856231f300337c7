#!/usr/bin/env node
// `npm start`: the main job end to end on the embedded default (PGlite), exactly as an operator and an
// HR user would run it: the portal simulator stands in for GOV.UK, `rtw-server` drives it with
// Chromium, and the `rtw` CLI runs a test-key check and a live-mode check against the service.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unexpectedExit } from './child-exit.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = {
  sim: join(root, 'packages/portal-sim/dist/bin.js'),
  server: join(root, 'packages/server/dist/bin.js'),
  rtw: join(root, 'packages/cli/dist/bin.js'),
};
const work = mkdtempSync(join(tmpdir(), 'rtw-quickstart-'));
const dataDir = join(work, 'data');
const evidence = join(work, 'evidence');
const children = [];
/** Children this script asked to stop: their clean end is no news. */
const stopping = new Set();

function step(text) {
  console.log(`\n\x1b[1m== ${text}\x1b[0m`);
}

/** Runs a command to the end; its output is shown, and returned when `capture` is set. */
function run(file, args, { env = {}, capture = false } = {}) {
  console.log(`$ ${[file === process.execPath ? 'node' : file, ...args.map(quote)].join(' ')}`);
  const result = spawnSync(process.execPath, [file, ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
  });
  if (capture) process.stdout.write(result.stdout);
  return { status: result.status, stdout: (result.stdout ?? '').trim() };
}

function quote(arg) {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`;
}

/** Starts a long-running child and resolves with the first stdout line matching `ready`. */
function start(file, args, ready) {
  const child = spawn(process.execPath, [file, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      seen += chunk;
      const match = ready.exec(seen);
      if (match) resolve(match);
    });
    child.once('exit', (code) =>
      reject(new Error(`${file} exited with ${code} before it was ready:\n${seen}`)),
    );
  });
}

/** Starts the service with its JSON logs in a file, so the terminal shows what a user would see. */
function startService(args, logFile) {
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [bin.server, ...args], { stdio: ['ignore', log, log] });
  children.push(child);
  child.once('exit', (code, signal) => {
    const why = unexpectedExit({ code, signal, stopRequested: stopping.has(child) });
    if (why !== null) console.error(`rtw-server stopped unexpectedly (${why}): see ${logFile}`);
  });
  return child;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Waits until the service says it is ready for checks (GET /readyz: database open and migrated, browser
 * launched), or has ended. Opening the embedded database and launching Chromium take seconds, far more
 * on a busy machine, so the wait follows the process rather than a short fixed deadline; the limit is
 * only for a server that hangs.
 */
async function waitForReady(url, child, logFile) {
  const limitMs = 150_000;
  const ended = new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(true);
    else child.once('exit', () => resolve(true));
  });
  const started = Date.now();
  let told = false;
  while (Date.now() - started < limitMs) {
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    if (!told && Date.now() - started > 10_000) {
      console.log(
        `(rtw-server is still starting: opening the database and launching Chromium; log: ${logFile})`,
      );
      told = true;
    }
    const exited = await Promise.race([ended, new Promise((r) => setTimeout(() => r(false), 200))]);
    if (exited) throw new Error(`rtw-server ended before it was ready: see ${logFile}`);
  }
  throw new Error(`rtw-server was not ready on ${url}/readyz after ${limitMs / 1000} s: see ${logFile}`);
}

/** Stops every child still running; resolves once they have all ended. */
function cleanUp() {
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of running) {
    stopping.add(child);
    child.kill('SIGTERM');
  }
  return Promise.all(running.map((child) => new Promise((resolve) => child.once('exit', resolve))));
}

async function main() {
  for (const [name, file] of Object.entries(bin)) {
    if (spawnSync('test', ['-f', file]).status !== 0) {
      throw new Error(`${name} is not built (${file}): run \`npm run build\` first.`);
    }
  }

  step(
    '1. Start the GOV.UK portal simulator (stands in for the real services, which this machine cannot reach)',
  );
  const [, simUrl] = await start(
    bin.sim,
    ['--port', '0', '--seed', join(root, 'packages/portal-sim/seed/people.json')],
    /listening on (http:\/\/\S+)/,
  );
  console.log(`portal simulator at ${simUrl}`);

  step('2. Create an account and two API keys on the embedded database (PGlite)');
  const account = run(
    bin.server,
    ['accounts', 'create', '--data-dir', dataDir, '--email', 'owner@example.com', '--plan', 'pro'],
    {
      capture: true,
    },
  );
  const accountId = account.stdout.split('\n').pop();
  const testKey = run(
    bin.server,
    ['keys', 'create', '--data-dir', dataDir, '--account', accountId, '--mode', 'test'],
    {
      capture: true,
    },
  ).stdout;
  const liveKey = run(
    bin.server,
    ['keys', 'create', '--data-dir', dataDir, '--account', accountId, '--mode', 'live'],
    {
      capture: true,
    },
  ).stdout;
  if (!testKey.startsWith('rtw_test_') || !liveKey.startsWith('rtw_live_'))
    throw new Error('key creation failed');

  step('3. Start rtw-server, driving the simulator with Chromium');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const serverLog = join(work, 'rtw-server.log');
  console.log(`$ rtw-server start --data-dir ${dataDir} --port ${port} --portal-sim-url ${simUrl}`);
  const service = startService(
    ['start', '--data-dir', dataDir, '--port', String(port), '--portal-sim-url', simUrl],
    serverLog,
  );
  await waitForReady(url, service, serverLog);
  console.log(`rtw-server at ${url} (logs: ${serverLog})`);

  step('4. A test-key check with the rtw CLI (sandbox share code WACPT0001)');
  const sandbox = run(
    bin.rtw,
    [
      'check',
      'right-to-work',
      '--share-code',
      'WACPT0001',
      '--dob',
      '1990-01-01',
      '--company',
      'Acme Ltd',
      '--out',
      evidence,
    ],
    { env: { RTW_API_KEY: testKey, RTW_BASE_URL: url } },
  );

  step('5. A live-mode check: rtw-server fills in the (simulated) GOV.UK right-to-work service in Chromium');
  const live = run(
    bin.rtw,
    [
      'check',
      'right-to-work',
      '--share-code',
      'W7K 2M9 P4Q',
      '--dob',
      '1990-04-27',
      '--company',
      'Acme Ltd',
      '--out',
      evidence,
    ],
    { env: { RTW_API_KEY: liveKey, RTW_BASE_URL: url } },
  );

  step('6. This month’s usage: the live check was charged, the test-key check was not');
  // PGlite serves one process at a time: the server must have closed the database first.
  await cleanUp();
  const usage = run(bin.server, ['accounts', 'usage', '--data-dir', dataDir, '--account', accountId]);

  if (sandbox.status !== 0 || live.status !== 0) throw new Error('a check did not run: see above');
  if (usage.status !== 0) throw new Error('the usage could not be read: see above');
  console.log(`\nDone. Evidence files are in ${evidence}`);
}

process.on('SIGINT', () => {
  void cleanUp();
  process.exit(130);
});

main()
  .catch((error) => {
    console.error(`\nquick start failed: ${error.message}`);
    process.exitCode = 1;
  })
  .finally(async () => {
    await cleanUp();
    // The evidence is what an HR user keeps: leave it; the database and its key are only for this run.
    if (process.exitCode) console.error(`(work folder kept for inspection: ${work})`);
    else rmSync(dataDir, { recursive: true, force: true });
  });
