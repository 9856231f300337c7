#!/usr/bin/env node
// Capacity of one rtw-server at real latency (issue 17): live checks through the whole HTTP path
// (live keys, quota, PGlite, the portal driver with Chromium) against the portal simulator in its own
// process, its per-request latency set so that one check waits about 20 s upstream.
//
//  1. Same-run CPU bound: at zero latency, CPU-seconds of the service (Node + Chromium, simulator
//     excluded) per check, turned into checks a minute for the cores present; and the simulator's own
//     CPU a check, which shares the cores here though the real portal is remote.
//  2. Sustained synchronous checks offered at a fixed rate for RTW_BENCH_CAPACITY_SECONDS (default
//     300): checks a minute completed, errors, the service's own overhead per check (total time minus
//     the injected wait: latency x requests of that kind), PSS per busy slot and in total, event-loop
//     delay p99, how busy the machine was (/proc/stat) and the service's CPU a completed check under
//     load, and the ratio to the CPU bound.
//  3. The same rate as asynchronous checks with results by webhook to a local HTTPS receiver: results
//     a minute and how full the queue keeps the slots.
//
// Options (env or --flag=value): seconds (RTW_BENCH_CAPACITY_SECONDS, 300), rate in checks a minute
// (RTW_BENCH_CAPACITY_RATE, 500), check wait in ms (RTW_BENCH_CAPACITY_CHECK_MS, 20000), CPU-bound run
// in seconds (RTW_BENCH_CAPACITY_CPU_SECONDS, 30), slots (RTW_CHECK_SLOTS, else the machine default),
// phases (RTW_BENCH_CAPACITY_PHASES, "walk,sync,walk-load,async"). A smoke run: --seconds=60 --rate=60.
// Issue 34: the sync phase runs each of --rates (RTW_BENCH_CAPACITY_RATES, default "<rate>,0.8x") in
// turn; a rate written `0.8x` is that share of what the run before it sustained. For each it prints
// accepted a minute, refused, the accepted checks' own overhead p50/p95/p99, `refusal latency p99 N ms`,
// the plateau as a share of the same run's bare-walk bound, the adaptive limit, and the load averages.
//  4. (issue 29, phase "walk", before the others) The service's CPU-seconds a check as a ratio to a
//     bare Playwright walk of the same pages (bench/support/walk-ratio.mjs): rounds of the same checks
//     at the same concurrency, zero latency (RTW_BENCH_WALK_ROUNDS 3, RTW_BENCH_WALK_CHECKS 60), and
//     the walk's own bound: the checks a minute no service on these cores could pass.
// The load average is printed at the start and the end; a run that starts with the 1-minute load
// above the cores is declared not valid (bench/support/load-average.mjs).
// Build first: `npm run build -w @sharecode/core -w @sharecode/portal-sim -w @sharecode/server`.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { defaultCheckSlots, openDatabase, startServer } from '../packages/server/dist/index.js';
import { selfSignedCertificate } from '../scripts/support/self-signed-certificate.mjs';
import { formatLoad, loadAverage, runValidity } from './support/load-average.mjs';
import { processCpuSeconds, quantile, treeMemory } from './support/proc-stats.mjs';
import { createTreeCpuMeter, keepSampling } from './support/tree-cpu-meter.mjs';

/** The machine's busy and total CPU ticks so far (/proc/stat's first line; idle and I/O wait not busy). */
function machineCpu() {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = user + nice + system + idle + iowait + irq + softirq + steal;
  return { busy: total - idle - iowait, total };
}

import { measureWalkRatio, startBareWalker } from './support/walk-ratio.mjs';

const loadAtStart = loadAverage();
const validity = runValidity(loadAtStart);
console.log(`load average at the start (1 / 5 / 15 min): ${formatLoad(loadAtStart)}`);

const flag = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const option = (name, env, fallback) => Number(flag(name) ?? process.env[env] ?? fallback);
const SECONDS = option('seconds', 'RTW_BENCH_CAPACITY_SECONDS', 300);
const RATE = option('rate', 'RTW_BENCH_CAPACITY_RATE', 500);
const CHECK_MS = option('check-ms', 'RTW_BENCH_CAPACITY_CHECK_MS', 20_000);
const CPU_SECONDS = option('cpu-seconds', 'RTW_BENCH_CAPACITY_CPU_SECONDS', 30);
const CORES = availableParallelism();
const SLOTS = Math.round(
  option('slots', 'RTW_CHECK_SLOTS', 0) ||
    defaultCheckSlots({ cores: CORES, totalMemoryBytes: totalBytes() }),
);
const RATES = (flag('rates') ?? process.env.RTW_BENCH_CAPACITY_RATES ?? `${RATE},0.8x`).split(',');
const PHASES = (flag('phases') ?? process.env.RTW_BENCH_CAPACITY_PHASES ?? 'walk,sync,walk-load,async').split(
  ',',
);
const WALK_ROUNDS = option('walk-rounds', 'RTW_BENCH_WALK_ROUNDS', 3);
const WALK_CHECKS = option('walk-checks', 'RTW_BENCH_WALK_CHECKS', 60);
const CPU_CLIENTS = 4;
// Issue 26: capacity-metrics.bench.mjs runs this twice, metrics off then on (scraped every 5 s), and
// compares the figures each run writes to RTW_BENCH_RESULT_FILE.
const METRICS = process.env.RTW_BENCH_CAPACITY_METRICS === 'on';

function totalBytes() {
  return Number(/^MemTotal:\s+(\d+)/m.exec(readFileSync('/proc/meminfo', 'utf8'))?.[1] ?? 0) * 1024;
}

// Successful checks of all three kinds from the simulator's packaged seed, in rotation.
const REQUESTS = [
  ['/api/check', { share_code: 'W7K2M9P4Q', date_of_birth: '1990-04-27', company_name: 'Bench Ltd' }],
  [
    '/api/check/right-to-rent',
    {
      share_code: 'R6T3Q9H5B',
      date_of_birth: '1992-09-14',
      checker_name: 'Bench Lettings',
      checker_type: 'agent',
    },
  ],
  [
    '/api/check/immigration-status',
    {
      share_code: 'S5N2P8R4X',
      date_of_birth: '2001-05-04',
      company_name: 'Bench Bank',
      job_title: 'Officer',
      purpose: 'personal_finance',
    },
  ],
];

// fetch's default agent opens as many connections to the server as there are checks in flight.
const dir = mkdtempSync(join(tmpdir(), 'rtw-capacity-bench-'));

// --- the simulator, counting requests -------------------------------------------------------
const simChild = fork(fileURLToPath(new URL('./support/counting-portal-sim.mjs', import.meta.url)), {
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
const simAsk = (message, type) =>
  new Promise((resolve) => {
    const on = (reply) => {
      if (reply.type !== type) return;
      simChild.off('message', on);
      resolve(reply);
    };
    simChild.on('message', on);
    if (message) simChild.send(message);
  });
const simUrl = (await simAsk(null, 'ready')).url;
const simDelayed = async () => (await simAsk({ type: 'count' }, 'count')).delayed;
const setLatency = async (ms) => {
  const set = await simAsk({ type: 'faults', faults: ms > 0 ? { latency: { ms } } : {} }, 'faults');
  if (!set.ok) throw new Error(set.problems.join('\n'));
};
const notService = new Set([simChild.pid]);

// --- a local HTTPS webhook receiver ------------------------------------------------------------
const certificate = () => selfSignedCertificate({ commonName: 'bench' });
const tls = certificate();
const webhooks = [];
const receiver = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    try {
      const event = JSON.parse(body);
      webhooks.push({ at: performance.now(), type: event.type, id: event.data?.id });
    } catch {
      webhooks.push({ at: performance.now(), type: 'unreadable' });
    }
    res.writeHead(204).end();
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const callbackUrl = `https://127.0.0.1:${receiver.address().port}/hooks`;

// --- the server ----------------------------------------------------------------------------------
const opened = await openDatabase({
  dataDir: join(dir, 'data'),
  databaseUrl: null,
  encryptionKey: randomBytes(32),
});
if (!opened.ok) throw new Error(opened.error);
const database = opened.value;
const server = await startServer({
  host: '127.0.0.1',
  port: 0,
  env: {
    RTW_WEBHOOKS_UNSAFE_ALLOW_HOSTS: '127.0.0.1',
    RTW_WEBHOOKS_CA_FILE: tls.certFile,
    ...(METRICS ? { RTW_METRICS_PORT: '0' } : {}),
    // This one client stands for many: at 400 a minute it holds about 140 connections open, over the
    // 128 a client address may (a limit on one client, not on the instance's capacity).
    RTW_MAX_CONNECTIONS_PER_CLIENT: '1024',
  },
  database,
  logLevelOverride: 'silent',
  sweepIntervalMs: 0,
  portalDriver: true,
  portalSimUrl: simUrl,
  checkSlots: SLOTS,
  checkTimeout: Math.ceil((CHECK_MS * 3) / 1000),
});
const portal = server.portal;
const scraper = METRICS
  ? setInterval(() => fetch(`${server.metricsUrl}/metrics`).then((r) => r.text()), 5_000)
  : null;

// Scale-plan accounts, each good for 750 live checks a month: enough of them for the whole run, used
// in turn (at least 4, so that no account has more than spec 8.3's 100 asynchronous checks in progress).
const checksNeeded = Math.ceil((RATE * SECONDS * (PHASES.length + RATES.length)) / 60) + 1000;
const keys = [];
for (let i = 0; i * 700 < checksNeeded || i < 4; i++) {
  const account = await server.admin.createAccount({ email: `bench${i}@example.com`, plan: 'scale' });
  if (!account.ok) throw new Error(account.error);
  const key = await server.admin.createApiKey(account.value.id, 'live');
  if (!key.ok) throw new Error(key.error);
  keys.push(key.value.key);
}
let sent = 0;
const nextRequest = () => {
  const n = sent++;
  const [path, body] = REQUESTS[n % REQUESTS.length];
  return { path, body, key: keys[n % keys.length], kind: n % REQUESTS.length };
};

async function syncCheck() {
  const { path, body, key, kind } = nextRequest();
  const t0 = performance.now();
  try {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    return { kind, status: response.status, code: answer.error?.code, start: t0, ms: performance.now() - t0 };
  } catch (error) {
    // A connection closed under the request (seen on a machine at load 28): an error of the run, counted
    // and named, not the end of the benchmark.
    const code = `connection: ${error.cause?.code ?? error.message}`;
    return { kind, status: 0, code, start: t0, ms: performance.now() - t0 };
  }
}

// --- phase 0: requests per check of each kind that the latency fault holds ------------------------
// A short latency tells them apart: the GOV.UK start pages and the sign-in host are served without it.
const CALIBRATION_MS = 300;
await setLatency(CALIBRATION_MS);
const requestsPerKind = [];
for (let kind = 0; kind < REQUESTS.length; kind++) {
  await syncCheck(); // warm-up of that kind
  sent = kind; // keep the kinds in step
  const before = await simDelayed();
  const result = await syncCheck();
  if (result.status !== 200) throw new Error(`calibration check failed: ${result.status} ${result.code}`);
  requestsPerKind.push((await simDelayed()) - before);
  sent = kind + 1;
}
await setLatency(0);
const meanRequests = requestsPerKind.reduce((a, b) => a + b, 0) / requestsPerKind.length;
const latencyMs = Math.round(CHECK_MS / meanRequests);

// --- phase 1: CPU-seconds per check at zero latency -------------------------------------------
// Sampled, so that a browser recycled during the phase keeps its CPU (tree-cpu-meter.mjs).
const serviceMeter = createTreeCpuMeter(process.pid, notService);
// The simulator stands in for a remote portal but shares these cores: what it takes of them is
// capacity the service can never have in this benchmark.
const simMeter = createTreeCpuMeter(simChild.pid);
const stopSampling = keepSampling([serviceMeter, simMeter]);
let cpuChecks = 0;
const cpuBefore = serviceMeter.read();
const simBefore = simMeter.read();
const cpuStart = performance.now();
await Promise.all(
  Array.from({ length: CPU_CLIENTS }, async () => {
    while (performance.now() - cpuStart < CPU_SECONDS * 1000) {
      const result = await syncCheck();
      if (result.status !== 200)
        throw new Error(`zero-latency check failed: ${result.status} ${result.code}`);
      cpuChecks += 1;
    }
  }),
);
const cpuPerCheck = (serviceMeter.read() - cpuBefore) / cpuChecks;
const simPerCheck = (simMeter.read() - simBefore) / cpuChecks;
stopSampling();
const cpuBound = (CORES * 60) / cpuPerCheck;
console.log(
  `CPU bound (same run, zero latency, ${CPU_CLIENTS} at once): ${cpuPerCheck.toFixed(3)} CPU-s per check ` +
    `(Node + Chromium, simulator excluded) -> ${cpuBound.toFixed(0)} checks/min on ${CORES} cores`,
);
console.log(
  `  the simulator on the same cores: ${simPerCheck.toFixed(3)} CPU-s per check; service and simulator together ` +
    `-> ${((CORES * 60) / (cpuPerCheck + simPerCheck)).toFixed(0)} checks/min on ${CORES} cores (this machine's ceiling)`,
);
console.log(
  `check slots ${SLOTS}; simulator latency ${latencyMs} ms per delayed request x ${requestsPerKind.join('/')} delayed requests ` +
    `(rtw/rtr/status) = about ${((latencyMs * meanRequests) / 1000).toFixed(1)} s of waiting per check`,
);

// --- phase 4 (issue 29): the service's CPU a check against the bare walk, same checks, zero latency ---
/** Checks a minute the bare browser walk alone could pass on these cores (null without the walk phase). */
let walkBound = null;
const KINDS = { '/api/check': 'right_to_work', '/api/check/right-to-rent': 'right_to_rent' };
const walkRequests = REQUESTS.map(([path, body]) => [KINDS[path] ?? 'immigration_status', body]);
if (PHASES.includes('walk')) {
  const walker = await startBareWalker();
  sent = 0; // both sides rotate the kinds from the first
  const rounds = await measureWalkRatio({
    walker,
    simUrl,
    walkRequests,
    serviceCheck: async () => (await syncCheck()).status,
    // The walker is this process's child: its whole tree is left out.
    serviceMeter: createTreeCpuMeter(process.pid, new Set([...notService, walker.pid])),
    // This process alone (the server, its database and the benchmark's client), children left out.
    serviceNodeCpu: () => processCpuSeconds(process.pid),
    rounds: WALK_ROUNDS,
    count: WALK_CHECKS,
    concurrency: CPU_CLIENTS,
  });
  await walker.stop();
  const ratios = rounds.map((r) => r.ratio).sort((a, b) => a - b);
  for (const [i, r] of rounds.entries()) {
    console.log(
      `walk ratio round ${i + 1} (${WALK_CHECKS} checks, ${CPU_CLIENTS} at once, zero latency): service ` +
        `${r.service.toFixed(3)} CPU-s a check (Node + Chromium; Node ${r.node.toFixed(3)}) / bare walk ${r.walk.toFixed(3)} ` +
        `(script + Chromium; script ${r.walkNode.toFixed(3)}) = ${r.ratio.toFixed(2)}x${r.serviceFailures ? `, ${r.serviceFailures} service failures` : ''}`,
    );
  }
  console.log(
    `walk ratio: median ${quantile(ratios, 0.5).toFixed(2)}x, range ${ratios[0].toFixed(2)}-${ratios.at(-1).toFixed(2)}x ` +
      `(target <= 1.3x; load average now ${formatLoad(loadAverage())})`,
  );
  // The floor under any service (issue 29): the bare walk alone, no API, database or portal of its own.
  const walks = rounds.map((r) => r.walk).sort((a, b) => a - b);
  walkBound = (CORES * 60) / quantile(walks, 0.5);
  console.log(
    `bare walk bound: ${quantile(walks, 0.5).toFixed(3)} CPU-s a check (median) -> ${walkBound.toFixed(0)} checks/min on ` +
      `${CORES} cores for the browser walk alone; ${RATE}/min would be ${(RATE / walkBound).toFixed(2)} of it`,
  );
}

// --- shared: open-loop arrivals and sampling ------------------------------------------------------
await setLatency(latencyMs);
await new Promise((resolve) => setTimeout(resolve, 1_000));
const idleMemory = treeMemory(process.pid, notService);
// Under load, sampled in a worker: reading every process's smaps_rollup on this thread stalled the
// server under test (it runs in this process) for hundreds of milliseconds every sample.
const memorySampler = new Worker(new URL('./support/memory-sampler.mjs', import.meta.url), {
  workerData: { pid: process.pid, exclude: [...notService] },
});
memorySampler.unref();
// Answers come in the order asked.
const waitingForMemory = [];
memorySampler.on('message', (memory) => waitingForMemory.shift()?.(memory));
const sampleMemory = () =>
  new Promise((resolve) => {
    waitingForMemory.push(resolve);
    memorySampler.postMessage('sample');
  });

/** Starts `one` at `rate` a minute for SECONDS (open loop: arrivals do not wait for answers). */
async function offered(one, start, rate = RATE) {
  const runs = [];
  const interval = 60_000 / rate;
  const samples = [];
  const pending = [];
  const sampler = setInterval(() => {
    const stats = portal.stats();
    const sample = { at: performance.now(), memory: null, inUse: stats.inUse, limit: stats.admissionLimit };
    if (process.env.RTW_BENCH_TRACE)
      console.log(
        `  [${((sample.at - start) / 1000).toFixed(0)} s] in flight ${stats.inUse}, limit ${stats.admissionLimit}, ` +
          `own overhead estimate ${stats.ownOverheadSeconds ?? '-'} s, refused ${JSON.stringify(stats.refusals)}`,
      );
    samples.push(sample);
    pending.push(
      sampleMemory().then((memory) => {
        sample.memory = memory;
      }),
    );
  }, 5_000);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  // Not awaited: the arrivals keep their times from `start`.
  const atStart = sampleMemory();
  const machineAtStart = machineCpu();
  for (let i = 0; performance.now() - start < SECONDS * 1000; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    runs.push(one());
  }
  loop.disable();
  const results = await Promise.all(runs);
  clearInterval(sampler);
  await Promise.all(pending);
  const machineAtEnd = machineCpu();
  const cpu = {
    service: (await sampleMemory()).cpu - (await atStart).cpu,
    machineBusy: (machineAtEnd.busy - machineAtStart.busy) / (machineAtEnd.total - machineAtStart.total),
  };
  return { results, samples, loopP99: loop.percentile(99) / 1e6, cpu };
}

// The steady window: after the first checks have had time to end, to the end of the offered load.
const steady = (start) => ({ from: start + CHECK_MS * 1.5, to: start + SECONDS * 1000 });

function memoryFigures(samples, window) {
  const inWindow = samples.filter((s) => s.at >= window.from && s.at <= window.to);
  const use = inWindow.length > 0 ? inWindow : samples;
  const mean = (f) => use.reduce((a, s) => a + f(s), 0) / Math.max(1, use.length);
  const pss = mean((s) => s.memory.pss);
  const busy = mean((s) => s.inUse);
  const limit = mean((s) => s.limit);
  const peak = Math.max(...samples.map((s) => s.memory.pss), idleMemory.pss);
  return { pss, busy, limit, peak, perSlot: busy > 0 ? (pss - idleMemory.pss) / busy : Number.NaN };
}

const results = {};

/** One offered rate of synchronous checks, and its figures (issue 34's list). */
async function syncAt(rate) {
  const loadBefore = loadAverage();
  const start = performance.now();
  const run = await offered(syncCheck, start, rate);
  const window = steady(start);
  const ok = run.results.filter((r) => r.status === 200);
  const refusals = run.results.filter((r) => r.status === 503 && r.code === 'BUSY');
  const errors = run.results.filter((r) => r.status !== 200 && !(r.status === 503 && r.code === 'BUSY'));
  const done = ok.filter((r) => r.start + r.ms >= window.from && r.start + r.ms <= window.to).length;
  const perMinute = done / ((window.to - window.from) / 60_000) || ok.length / (SECONDS / 60);
  const overhead = ok.map((r) => (r.ms - latencyMs * requestsPerKind[r.kind]) / 1000).sort((a, b) => a - b);
  const refusalMs = refusals.map((r) => r.ms).sort((a, b) => a - b);
  const memory = memoryFigures(run.samples, window);
  const codes = {};
  for (const e of errors) codes[e.code ?? e.status] = (codes[e.code ?? e.status] ?? 0) + 1;
  const q = (values, p) => (values.length ? quantile(values, p) : Number.NaN);
  console.log(
    `sync, ${rate.toFixed(0)}/min offered for ${SECONDS} s: ${perMinute.toFixed(0)} accepted checks/min sustained, ` +
      `${refusals.length} refused 503 BUSY, ${errors.length} errors${errors.length ? ` ${JSON.stringify(codes)}` : ''}; ` +
      `${(perMinute / cpuBound).toFixed(2)} of the CPU bound` +
      (walkBound
        ? `, plateau ${(perMinute / walkBound).toFixed(2)} of the bare-walk bound (${walkBound.toFixed(0)}/min)`
        : ''),
  );
  console.log(
    `  own overhead of accepted checks p50 ${q(overhead, 0.5).toFixed(2)} s, p95 ${q(overhead, 0.95).toFixed(2)} s, ` +
      `p99 ${q(overhead, 0.99).toFixed(2)} s; refusal latency p99 ${q(refusalMs, 0.99).toFixed(0)} ms ` +
      `(p50 ${q(refusalMs, 0.5).toFixed(0)} ms); event loop delay p99 ${run.loopP99.toFixed(0)} ms`,
  );
  console.log(
    `  memory PSS ${memory.pss.toFixed(0)} MB mean, ${memory.peak.toFixed(0)} MB peak (Node + Chromium, ` +
      `idle ${idleMemory.pss.toFixed(0)} MB); ${memory.perSlot.toFixed(1)} MB per busy slot over ` +
      `${memory.busy.toFixed(1)} busy slots of ${SLOTS}; admission limit ${memory.limit.toFixed(1)} on average`,
  );
  console.log(
    `  CPU while offered: the machine ${(run.cpu.machineBusy * 100).toFixed(0)} % busy; the service ` +
      `${(run.cpu.service / ok.length).toFixed(3)} CPU-s a completed check (Node + Chromium); load average ` +
      `${formatLoad(loadBefore)} before, ${formatLoad(loadAverage())} after (the run's own earlier phases count in it)`,
  );
  return { rate, perMinute, errors: errors.length, refused: refusals.length };
}

if (PHASES.includes('sync')) {
  // results.sync stays the first rate's (capacity-metrics.bench.mjs compares it); every rate's in rates.
  results.rates = [];
  let previous = null;
  for (const text of RATES) {
    const rate = text.endsWith('x')
      ? Number(text.slice(0, -1)) * (previous?.perMinute ?? RATE)
      : Number(text);
    previous = await syncAt(rate);
    results.rates.push(previous);
    results.sync ??= previous;
    // Each rate starts on an idle instance: the browser's closed contexts gone, and the admission
    // limit back at its start (it is after 10 s with nothing in flight).
    await new Promise((resolve) => setTimeout(resolve, 12_000));
  }
}

// Issue 34: the bare walk itself under load, at the same latency: what the browser alone does at 0.7 of
// its bound (or --walk-load-rate), open loop, so that the service's plateau and overhead have a floor
// measured in the same run.
if (PHASES.includes('walk-load')) {
  const rate = option('walk-load-rate', 'RTW_BENCH_WALK_LOAD_RATE', 0) || 0.7 * (walkBound ?? RATE);
  const walker = await startBareWalker();
  const meter = walker.meter();
  const stopSampling = keepSampling([meter]);
  const before = meter.read();
  const machineBefore = machineCpu();
  const loadBefore = loadAverage();
  const { walks } = await walker.offer({ simUrl, requests: walkRequests, rate, seconds: SECONDS });
  const machineAfter = machineCpu();
  const cpu = meter.read() - before;
  stopSampling();
  await walker.stop();
  const ok = walks.filter((w) => w.ok);
  const window = { from: CHECK_MS * 1.5, to: SECONDS * 1000 };
  const done = ok.filter((w) => w.start + w.ms >= window.from && w.start + w.ms <= window.to).length;
  const perMinute = done / ((window.to - window.from) / 60_000);
  const overhead = ok.map((w) => (w.ms - latencyMs * requestsPerKind[w.kind]) / 1000).sort((a, b) => a - b);
  console.log(
    `bare walk under load, ${rate.toFixed(0)}/min offered for ${SECONDS} s (the same latency, no service): ` +
      `${perMinute.toFixed(0)} walks/min sustained${walkBound ? ` (${(perMinute / walkBound).toFixed(2)} of its bound)` : ''}, ` +
      `${walks.length - ok.length} failed; own overhead p50 ${quantile(overhead, 0.5).toFixed(2)} s, p95 ` +
      `${quantile(overhead, 0.95).toFixed(2)} s, p99 ${quantile(overhead, 0.99).toFixed(2)} s; ` +
      `${(cpu / ok.length).toFixed(3)} CPU-s a walk; the machine ` +
      `${((100 * (machineAfter.busy - machineBefore.busy)) / (machineAfter.total - machineBefore.total)).toFixed(0)} % busy; ` +
      `load average ${formatLoad(loadBefore)} before, ${formatLoad(loadAverage())} after`,
  );
}

if (PHASES.includes('async')) {
  const accepted = [];
  const asyncOne = async () => {
    const { path, body, key } = nextRequest();
    const t0 = performance.now();
    const response = await fetch(`${server.url}${path}/async`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, callback_url: callbackUrl }),
    });
    const answer = await response.json();
    if (response.status === 202) accepted.push(answer.id);
    return { status: response.status, code: answer.error?.code, start: t0, ms: performance.now() - t0 };
  };
  const before = webhooks.length;
  const start = performance.now();
  const run = await offered(asyncOne, start);
  // Let the queue drain (bounded), then count.
  // Offered past the plateau, the queue holds the rest: drain it while results keep coming (issue 34).
  const offeredEnd = performance.now();
  let lastCount = webhooks.length;
  let lastProgress = offeredEnd;
  while (
    webhooks.length - before < accepted.length &&
    performance.now() - lastProgress < CHECK_MS * 3 + 30_000
  ) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (webhooks.length > lastCount) [lastCount, lastProgress] = [webhooks.length, performance.now()];
  }
  const drainSeconds = (lastProgress - offeredEnd) / 1000;
  const window = steady(start);
  const events = webhooks.slice(before);
  const succeeded = events.filter((e) => e.type === 'check.succeeded');
  const inWindow = succeeded.filter((e) => e.at >= window.from && e.at <= window.to).length;
  const perMinute = inWindow / ((window.to - window.from) / 60_000);
  const refusals = run.results.filter((r) => r.status !== 202);
  const refused = refusals.length;
  const refusedCodes = {};
  for (const r of refusals) refusedCodes[r.code ?? r.status] = (refusedCodes[r.code ?? r.status] ?? 0) + 1;
  const memory = memoryFigures(run.samples, window);
  results.async = { perMinute, errors: refused + events.length - succeeded.length };
  console.log(
    `async, ${RATE}/min offered for ${SECONDS} s: ${accepted.length} accepted, ${refused} refused` +
      `${refused ? ` ${JSON.stringify(refusedCodes)}` : ''}; ` +
      `${succeeded.length} check.succeeded webhooks, ${events.length - succeeded.length} other events ` +
      `(${accepted.length - events.length} not delivered by the end); ${perMinute.toFixed(0)} results/min sustained; ` +
      `the queue drained ${drainSeconds.toFixed(0)} s after the offered load ended` +
      (walkBound ? ` (${(perMinute / walkBound).toFixed(2)} of the bare-walk bound)` : ''),
  );
  console.log(
    `  slots busy ${memory.busy.toFixed(1)} of ${SLOTS} on average in the steady window ` +
      `(offered load needs about ${((RATE / 60) * (CHECK_MS / 1000)).toFixed(0)}); PSS ${memory.pss.toFixed(0)} MB mean; ` +
      `event loop delay p99 ${run.loopP99.toFixed(0)} ms`,
  );
}
console.log(
  `load average at the start ${formatLoad(loadAtStart)}, at the end ${formatLoad(loadAverage())} (1 / 5 / 15 min)`,
);
console.log(validity.sentence);

if (scraper) clearInterval(scraper);
if (process.env.RTW_BENCH_RESULT_FILE)
  writeFileSync(process.env.RTW_BENCH_RESULT_FILE, JSON.stringify({ cpuBound, ...results }));
await memorySampler.terminate();
await server.close();
await database.close();
simChild.send({ type: 'stop' });
await new Promise((resolve) => receiver.close(resolve));
rmSync(dir, { recursive: true, force: true });
