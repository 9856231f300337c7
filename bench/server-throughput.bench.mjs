#!/usr/bin/env node
// Sandbox-key synchronous checks per second through the whole rtw-server gate (request id, key lookup,
// per-key rate limit, core validation, core sandbox scenario with photo and PDF, JSON reply of ~30 KB)
// on the embedded PGlite store, against a bare fastify route that parses the same JSON body and
// answers a same-size JSON body (one sandbox result, serialised per request as the gate does),
// measured in the same run with the same bounded loopback load. Target: at least 0.3x.
// Build first: `npm run build -w @sharecode/server` (this imports packages/server/dist).
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { postJson } from './support/post-json.mjs';

const CONNECTIONS = 16;
const WARMUP_MS = 1_500;
// Rounds alternate baseline and gate so that load from other processes on the machine hits both alike.
const ROUNDS = 3;
const ROUND_MS = 2_000;
const BODY = JSON.stringify({
  share_code: 'W ACPT 0001',
  date_of_birth: '1990-01-01',
  company_name: 'Bench Ltd',
});

if (!isMainThread) {
  // The load generator: its own thread (the machine's second core), keep-alive connections, a fixed
  // number of requests in flight. Keys rotate so no key passes its per-second limit.
  const { url, keys, durationMs } = workerData;
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const target = new URL(url);
  const latencies = [];
  const statuses = {};
  let next = 0;
  const deadline = Date.now() + durationMs;
  const one = () =>
    postJson(target, { body: BODY, key: keys[next++ % keys.length], agent, latencies, statuses });
  const loop = async () => {
    while (Date.now() < deadline) await one();
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const ok = statuses[200] ?? 0;
  parentPort.postMessage({ ok, elapsed, latencies, statuses });
} else {
  const { default: Fastify } = await import('fastify');
  const { startServer } = await import('../packages/server/dist/index.js');

  const load = (url, keys, durationMs) =>
    new Promise((resolve, reject) => {
      const worker = new Worker(new URL(import.meta.url), { workerData: { url, keys, durationMs } });
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  const summarise = (runs) => {
    const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
    const statuses = {};
    for (const run of runs) {
      for (const [status, n] of Object.entries(run.statuses)) statuses[status] = (statuses[status] ?? 0) + n;
    }
    return {
      okPerSecond:
        runs.reduce((sum, run) => sum + run.ok, 0) / runs.reduce((sum, run) => sum + run.elapsed, 0),
      p99: latencies[Math.floor(latencies.length * 0.99)] ?? Number.NaN,
      statuses,
    };
  };

  const dataDir = mkdtempSync(join(tmpdir(), 'rtw-bench-'));
  const server = await startServer({
    dataDir,
    port: 0,
    env: {},
    logLevelOverride: 'silent',
    sweepIntervalMs: 0,
  });
  try {
    // Enough sandbox keys that the load never meets the 25-a-second limit of one key.
    const keys = [];
    const account = await server.admin.createAccount({ email: 'bench@example.com', plan: 'free' });
    if (!account.ok) throw new Error(account.error);
    for (let i = 0; i < 400; i += 1) {
      const key = await server.admin.createApiKey(account.value.id, 'test');
      if (!key.ok) throw new Error(key.error);
      keys.push(key.value.key);
    }
    const sample = await fetch(`${server.url}/api/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${keys[0]}` },
      body: BODY,
    });
    if (sample.status !== 200) throw new Error(`the gate answered ${sample.status}: ${await sample.text()}`);
    const result = await sample.json();

    // Baseline: fastify, one POST route, the same JSON body parsed, a same-size JSON answer.
    const bare = Fastify({ logger: false });
    bare.post('/api/check', async (req) => (typeof req.body === 'object' ? result : null));
    const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
    const bareTarget = `${bareUrl}/api/check`;
    const gateTarget = `${server.url}/api/check`;
    await load(bareTarget, ['none'], WARMUP_MS);
    await load(gateTarget, keys, WARMUP_MS);
    const bareRuns = [];
    const gateRuns = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      bareRuns.push(await load(bareTarget, ['none'], ROUND_MS));
      gateRuns.push(await load(gateTarget, keys, ROUND_MS));
    }
    await bare.close();
    const baseline = summarise(bareRuns);
    const gate = summarise(gateRuns);
    const ratio = gate.okPerSecond / baseline.okPerSecond;
    const others = Object.entries(gate.statuses)
      .filter(([status]) => status !== '200')
      .map(([status, n]) => `${status}x${n}`)
      .join(' ');
    console.log(
      `server-throughput: ${gate.okPerSecond.toFixed(0)} sandbox checks/s through the gate (PGlite), p99 ${gate.p99.toFixed(1)} ms; ` +
        `bare fastify ${baseline.okPerSecond.toFixed(0)} req/s, p99 ${baseline.p99.toFixed(1)} ms; ratio ${ratio.toFixed(2)}x (target >= 0.3x)` +
        (others ? `; non-200: ${others}` : ''),
    );
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
