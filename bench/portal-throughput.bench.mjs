#!/usr/bin/env node
// Live checks per minute through the portal driver (Playwright + Chromium) against the portal
// simulator with no added latency, with 1, 2 and 4 check slots; seconds per check (median, p95);
// and the browser's memory per slot (VmRSS and PSS of the browser's process tree, from /proc).
// Targets: median under 1.5 s per check (1 slot), and 4 slots giving at least 2.5x the 1-slot
// throughput. The simulator runs in its own process, as the real portal is remote.
// As a same-run baseline for the slot ratio, a bare Chromium doing the least a check can do (a fresh
// context and page, five loads of a small static form page, close) at 1 and 4 at once: what two
// cores allow any driver that opens a context per check, whatever it does in the page.
// Build first: `npm run build -w @sharecode/core -w @sharecode/portal-sim -w @sharecode/server`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { validateCheckRequest } from '../packages/core/dist/validation.js';
import { CHROMIUM_ARGS, findChromium, loadPortalConfig, startPortal } from '../packages/server/dist/index.js';
import { cpuSeconds, quantile, treeMemory } from './support/proc-stats.mjs';

const SLOT_COUNTS = [1, 2, 4];
const RUN_MS = 14_000;
// For comparison only: a portal that takes 300 ms to answer each request, as a remote one does.
const REMOTE_LATENCY_MS = 300;
const SIM_BIN = fileURLToPath(new URL('../packages/portal-sim/dist/bin.js', import.meta.url));

// Successful checks of all three kinds from the simulator's packaged seed, in rotation.
const REQUESTS = [
  ['right_to_work', { share_code: 'W7K2M9P4Q', date_of_birth: '1990-04-27', company_name: 'Bench Ltd' }],
  [
    'right_to_rent',
    {
      share_code: 'R6T3Q9H5B',
      date_of_birth: '1992-09-14',
      checker_name: 'Bench Lettings',
      checker_type: 'agent',
    },
  ],
  [
    'immigration_status',
    {
      share_code: 'S5N2P8R4X',
      date_of_birth: '2001-05-04',
      company_name: 'Bench Bank',
      job_title: 'Officer',
      purpose: 'personal_finance',
    },
  ],
  ['right_to_work', { share_code: 'W5R1N8C3V', date_of_birth: '2003-08-19', company_name: 'Bench Ltd' }],
].map(([kind, body]) => {
  const validated = validateCheckRequest(kind, body, { async: false, now: new Date() });
  if (!validated.ok) throw new Error(`bench request invalid: ${validated.error.message}`);
  return validated.value;
});

function startSim() {
  const child = spawn(process.execPath, [SIM_BIN, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve({ url: match[1], pid: child.pid, stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => reject(new Error(`portal-sim exited with ${code}`)));
  });
}

/** RSS and PSS (MB) of the browser's process tree. */
const browserMemory = (pid) => treeMemory(pid);

async function measure(sim, slots, runMs = RUN_MS) {
  const config = loadPortalConfig({ portalSimUrl: sim.url, checkSlots: slots }, process.env);
  if (!config.ok) throw new Error(config.error.join('\n'));
  const started = await startPortal(config.value);
  if (!started.ok) throw new Error(started.error.join('\n'));
  const { runner, slots: pool } = started.value;
  let next = 0;
  const context = () => ({
    attempt: 1,
    now: new Date(),
    checkId: `chk_bench${next}`,
    requestId: `bench-${next}`,
  });
  const one = async () => {
    const request = REQUESTS[next++ % REQUESTS.length];
    const t0 = performance.now();
    const outcome = await runner.run(request, context());
    if (!outcome.ok) throw new Error(`bench check failed: ${outcome.error.code} ${outcome.error.message}`);
    return (performance.now() - t0) / 1000;
  };
  try {
    // Warm-up: every slot opens a context once; then idle memory.
    await Promise.all(Array.from({ length: slots }, () => one()));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const idle = browserMemory(pool.testHooks.browserPid());
    let peak = { ...idle };
    const sampler = setInterval(() => {
      const now = browserMemory(pool.testHooks.browserPid());
      peak = { rss: Math.max(peak.rss, now.rss), pss: Math.max(peak.pss, now.pss) };
    }, 250);
    const latencies = [];
    const browserPid = pool.testHooks.browserPid();
    const cpuBefore = { node: process.cpuUsage(), sim: cpuSeconds(sim.pid), browser: cpuSeconds(browserPid) };
    const start = performance.now();
    const deadline = start + runMs;
    await Promise.all(
      Array.from({ length: slots }, async () => {
        while (performance.now() < deadline) latencies.push(await one());
      }),
    );
    const elapsed = (performance.now() - start) / 1000;
    clearInterval(sampler);
    const nodeCpu = process.cpuUsage(cpuBefore.node);
    const cpu = {
      driver: (nodeCpu.user + nodeCpu.system) / 1e6 / latencies.length,
      sim: (cpuSeconds(sim.pid) - cpuBefore.sim) / latencies.length,
      browser: (cpuSeconds(browserPid) - cpuBefore.browser) / latencies.length,
    };
    latencies.sort((a, b) => a - b);
    return {
      slots,
      checks: latencies.length,
      perMinute: (latencies.length / elapsed) * 60,
      median: quantile(latencies, 0.5),
      p95: quantile(latencies, 0.95),
      idle,
      peak,
      cpu,
    };
  } finally {
    await started.value.close();
  }
}

const FLOOR_PAGE =
  '<!doctype html><html lang="en"><title>Step</title><main><h1>Enter the share code</h1>' +
  '<form method="post"><label for="c">Share code</label><input id="c" name="c">' +
  '<button type="submit">Continue</button></form></main></html>';
const FLOOR_LOADS = 5;
const FLOOR_RUN_MS = 8_000;

/** Checks per minute of the bare-Chromium floor task, with `slots` at once. */
async function measureFloor(slots) {
  const found = findChromium({
    configuredPath: process.env.RTW_CHROMIUM_PATH ?? null,
    playwrightPath: () => null,
    exists: existsSync,
  });
  if (!found.ok) throw new Error(found.error);
  const server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end(FLOOR_PAGE),
  );
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({ executablePath: found.value.path, args: [...CHROMIUM_ARGS] });
  const task = async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (let i = 0; i < FLOOR_LOADS; i++) await page.goto(url, { waitUntil: 'domcontentloaded' });
    await context.close();
  };
  try {
    await Promise.all(Array.from({ length: slots }, task));
    let done = 0;
    const start = performance.now();
    const deadline = start + FLOOR_RUN_MS;
    await Promise.all(
      Array.from({ length: slots }, async () => {
        while (performance.now() < deadline) {
          await task();
          done += 1;
        }
      }),
    );
    return (done / ((performance.now() - start) / 1000)) * 60;
  } finally {
    await browser.close();
    server.close();
  }
}

const floorOne = await measureFloor(1);
const floorFour = await measureFloor(4);

const sim = await startSim();
const results = [];
const remote = [];
try {
  for (const slots of SLOT_COUNTS) results.push(await measure(sim, slots));
  const faults = await fetch(`${sim.url}/__sim/faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ latency: { ms: REMOTE_LATENCY_MS } }),
  });
  if (!faults.ok) throw new Error(`could not set the simulator's latency: ${faults.status}`);
  for (const slots of [1, 4]) remote.push(await measure(sim, slots, 10_000));
} finally {
  sim.stop();
}

const base = results[0];
const fmt = (n, digits = 2) => n.toFixed(digits);
console.log(
  `portal driver against the simulator, no added latency (load average ${loadavg()
    .map((l) => fmt(l))
    .join(' ')})`,
);
for (const r of results) {
  console.log(
    `slots=${r.slots}: ${r.checks} checks, median ${fmt(r.median)} s, p95 ${fmt(r.p95)} s per check, ` +
      `${fmt(r.perMinute, 1)} checks/min (${fmt(r.perMinute / base.perMinute)}x the 1-slot figure)`,
  );
}
const four = results.find((r) => r.slots === 4);
const perSlotRss = (four.peak.rss - base.idle.rss) / 4;
const perSlotPss = (four.peak.pss - base.idle.pss) / 4;
console.log(
  `browser memory: idle ${fmt(base.idle.rss, 0)} MB RSS / ${fmt(base.idle.pss, 0)} MB PSS; ` +
    `4 slots busy peak ${fmt(four.peak.rss, 0)} MB RSS / ${fmt(four.peak.pss, 0)} MB PSS; ` +
    `per slot ${fmt(perSlotRss, 0)} MB RSS / ${fmt(perSlotPss, 0)} MB PSS over idle`,
);
const cpuPerCheck = base.cpu.browser + base.cpu.driver + base.cpu.sim;
const ceiling = (2 / cpuPerCheck) * 60;
console.log(
  `CPU per check (1 slot): ${fmt(cpuPerCheck)} s (browser ${fmt(base.cpu.browser)}, driver ${fmt(base.cpu.driver)}, ` +
    `simulator ${fmt(base.cpu.sim)}) against ${fmt(base.median)} s of wall time: 2 idle cores top out near ` +
    `${fmt(ceiling, 0)} checks/min, ${fmt(ceiling / base.perMinute)}x the 1-slot figure`,
);
console.log(
  `same-run baseline, a bare Chromium doing the least a check can do (fresh context, ${FLOOR_LOADS} page loads): ` +
    `1 at once ${fmt(floorOne, 1)}/min, 4 at once ${fmt(floorFour, 1)}/min (${fmt(floorFour / floorOne)}x): ` +
    `the slot ratio two cores allow with no latency to wait on`,
);
const [remoteOne, remoteFour] = remote;
console.log(
  `for comparison, ${REMOTE_LATENCY_MS} ms per portal request: 1 slot ${fmt(remoteOne.perMinute, 1)} checks/min ` +
    `(median ${fmt(remoteOne.median)} s), 4 slots ${fmt(remoteFour.perMinute, 1)} checks/min ` +
    `(${fmt(remoteFour.perMinute / remoteOne.perMinute)}x)`,
);
const medianMet = base.median < 1.5;
const ratio = four.perMinute / base.perMinute;
const ratioMet = ratio >= 2.5;
console.log(
  `target median < 1.5 s per check (1 slot): ${fmt(base.median)} s — ${medianMet ? 'met' : 'NOT met'}`,
);
console.log(`target 4 slots >= 2.5x the 1-slot throughput: ${fmt(ratio)}x — ${ratioMet ? 'met' : 'NOT met'}`);
