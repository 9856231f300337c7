#!/usr/bin/env node
// `npm run test:runtimes`: the SDK, sandbox, CLI and server on the runtimes users run, besides the
// full suite on the machine's Node. Runtimes come from npm packages pinned in this folder's
// package.json and lock (linux x64 builds, kept out of the root lock so `npm ci` there works on any
// platform), installed with `npm ci --ignore-scripts`: every binary ships inside its package.
// - Node 22, 24 and 26: suites/node-compat.mjs (SDK, sandbox via MSW, CLI, server).
// - Bun: suites/run-sdk.mjs, importing the built packages as an app in this repository would.
// - Deno and workerd (miniflare): the same suite bundled with esbuild for the browser platform.
// - workerd again: the Hono webhook example (examples/webhook-hono) as a Worker, sent signed deliveries.
// Two runtimes run at a time; each one's time is printed; the exit code is 1 when any runtime fails
// (a failed assertion or a suite that does not finish). Needs `npm run build`.
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..', '..');
const modules = join(here, 'node_modules');
const exec = promisify(execFile);

const RUNTIMES = [
  {
    name: 'Node 22',
    version: () => readVersion('node22'),
    command: () => [join(modules, 'node22/bin/node'), join(here, 'suites/node-compat.mjs')],
  },
  {
    name: 'Node 24',
    version: () => readVersion('node24'),
    command: () => [join(modules, 'node24/bin/node'), join(here, 'suites/node-compat.mjs')],
  },
  {
    name: 'Node 26',
    version: () => readVersion('node26'),
    command: () => [join(modules, 'node26/bin/node'), join(here, 'suites/node-compat.mjs')],
  },
  {
    name: 'Bun',
    version: () => readVersion('bun-linux-x64'),
    command: () => [join(modules, 'bun-linux-x64/bin/bun'), join(here, 'suites/run-sdk.mjs')],
  },
  {
    name: 'Deno',
    version: () => readVersion('deno-linux-x64'),
    command: (bundles) => [
      join(modules, 'deno-linux-x64/deno'),
      'run',
      '--allow-env',
      '--allow-net',
      '--no-config',
      '--no-lock',
      bundles.deno,
    ],
  },
  {
    name: 'workerd (miniflare)',
    version: () => `miniflare ${readVersion('miniflare')}`,
    command: (bundles) => [
      join(modules, 'node22/bin/node'),
      join(here, 'suites/run-workerd.mjs'),
      bundles.worker,
    ],
  },
  {
    // The Hono webhook example as a Worker (examples/webhook-hono/src/worker.mjs).
    name: 'workerd (miniflare): the Hono webhook example',
    version: () => `miniflare ${readVersion('miniflare')}`,
    command: (bundles) => [
      join(modules, 'node22/bin/node'),
      join(here, 'suites/run-hono-workerd.mjs'),
      bundles.honoWorker,
    ],
  },
];

function readVersion(pkg) {
  return JSON.parse(readFileSync(join(modules, pkg, 'package.json'), 'utf8')).version;
}

/** npm ci of the pinned runtimes, skipped while node_modules matches the lock. */
async function installRuntimes() {
  const lock = readFileSync(join(here, 'package-lock.json'));
  const digest = createHash('sha256').update(lock).digest('hex');
  const marker = join(modules, '.sharecode-lock-sha256');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === digest) return;
  console.log('test:runtimes: installing the pinned runtimes (npm ci --ignore-scripts)');
  await exec('npm', ['ci', '--prefix', here, '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: here,
    maxBuffer: 1 << 26,
  });
  writeFileSync(marker, digest);
}

async function bundles() {
  const out = join(here, '.build');
  mkdirSync(out, { recursive: true });
  const common = {
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
    absWorkingDir: root,
  };
  await build({
    ...common,
    entryPoints: [join(here, 'suites/run-sdk.mjs')],
    outfile: join(out, 'sdk-deno.mjs'),
  });
  // Workers are no browser (no localStorage, which MSW's browser build wants): the neutral platform
  // with the conditions wrangler uses.
  await build({
    ...common,
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'import'],
    entryPoints: [join(here, 'suites/worker.mjs')],
    outfile: join(out, 'worker.mjs'),
  });
  await build({
    ...common,
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'import'],
    entryPoints: [join(root, 'examples/webhook-hono/src/worker.mjs')],
    outfile: join(out, 'hono-worker.mjs'),
  });
  return {
    deno: join(out, 'sdk-deno.mjs'),
    worker: join(out, 'worker.mjs'),
    honoWorker: join(out, 'hono-worker.mjs'),
  };
}

/** A local server answering as the sandbox does (`rtw sandbox serve`), for "client against a local server". */
async function startLocalSandbox() {
  const child = spawn(
    process.execPath,
    [join(root, 'packages/cli/bin/rtw.js'), 'sandbox', 'serve', '--port', '0'],
    {
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const baseUrl = await new Promise((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`rtw sandbox serve did not start:\n${log}`)), 30_000);
    const read = (chunk) => {
      log += chunk;
      const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`rtw sandbox serve exited ${code}:\n${log}`)));
  });
  return { baseUrl, stop: () => child.kill('SIGTERM') };
}

function runOne(command, env) {
  return new Promise((resolve) => {
    const [file, ...args] = command;
    const child = spawn(file, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      const line = stdout
        .trim()
        .split('\n')
        .reverse()
        .find((l) => l.startsWith('{"results"'));
      resolve({ code, results: line ? JSON.parse(line).results : undefined, output: `${stdout}\n${stderr}` });
    });
  });
}

// `--install-only`: just the pinned runtimes. They need nothing built, so `npm test` installs them
// beside the build and runs the suites later.
if (process.argv.includes('--install-only')) {
  await installRuntimes();
  process.exit(0);
}

const missing = ['sdk', 'sandbox', 'core', 'cli', 'server'].filter(
  (pkg) => !existsSync(join(root, 'packages', pkg, 'dist')),
);
if (missing.length > 0) {
  console.error(
    `test:runtimes: build first (npm run build): packages/{${missing.join(',')}}/dist is missing`,
  );
  process.exit(1);
}
const started = Date.now();
await installRuntimes();
const built = await bundles();
const sandbox = await startLocalSandbox();
const env = {
  ...process.env,
  NO_COLOR: '1',
  DENO_NO_UPDATE_CHECK: '1',
  SHARECODE_RUNTIME_BASE_URL: sandbox.baseUrl,
};
let passed = 0;
let failed = 0;

async function runRuntime(runtime) {
  const t0 = Date.now();
  const outcome = await runOne(runtime.command(built), env);
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  const results = outcome.results ?? [
    { name: `the suite did not finish (exit ${outcome.code})`, ok: false, error: outcome.output },
  ];
  const bad = results.filter((r) => !r.ok);
  const ok = bad.length === 0 && outcome.code === 0;
  console.log(
    `${ok ? '✓' : '✗'} ${runtime.name} ${runtime.version()}: ${results.length - bad.length}/${results.length} in ${seconds} s`,
  );
  for (const r of bad)
    console.log(`    ✗ ${r.name}\n      ${String(r.error).split('\n').slice(0, 8).join('\n      ')}`);
  if (ok) passed += 1;
  else failed += 1;
}

// Two at a time (the machines have two cores): the Node suites, which start a server, dominate.
const CONCURRENCY = 2;
try {
  const queue = [...RUNTIMES];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let runtime = queue.shift(); runtime; runtime = queue.shift()) await runRuntime(runtime);
    }),
  );
} finally {
  sandbox.stop();
}
console.log(`test:runtimes: ${((Date.now() - started) / 1000).toFixed(1)} s in all`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
