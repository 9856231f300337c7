#!/usr/bin/env node
// 503 BUSY under a burst (issue 15, item 7): when every check slot is taken, a live check must be
// refused before any per-account work (key lookup, rate limit, quota), so a burst of refusals stays
// as fast as one refusal alone. Measured in the same run, on the same PGlite server and key set:
//   early: the slot pool refuses at admission (LiveCheckRunner.hold), as rtw-server now does;
//   late:  the same pool refusing only when the check would run, after the account work (as before);
//   bare:  a fastify route answering the same 503 with nothing behind it (the floor).
// Each sends BURSTS rounds of BURST concurrent requests from a worker thread and prints p50/p99;
// the ratios are early p99 to bare p99 and late p99 to early p99. Target: early p99 near the floor.
// Build first: `npm run build -w @sharecode/server` (this imports packages/server/dist).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { postJson } from './support/post-json.mjs';

const BURST = Number(process.env.RTW_BENCH_BURST ?? 200);
const BURSTS = Number(process.env.RTW_BENCH_BURSTS ?? 10);
const KEYS = 20;
const BODY = JSON.stringify({
  share_code: 'W ACPT 0001',
  date_of_birth: '1990-01-01',
  company_name: 'Bench Ltd',
});

if (!isMainThread) {
  // The load: BURSTS rounds, each BURST requests sent at once on fresh sockets, as a burst arrives.
  const { url, keys } = workerData;
  const target = new URL(url);
  const latencies = [];
  const statuses = {};
  const one = (key) => postJson(target, { body: BODY, key, agent: false, latencies, statuses });
  for (let round = 0; round < BURSTS; round += 1) {
    await Promise.all(Array.from({ length: BURST }, (_, i) => one(keys[i % keys.length])));
  }
  latencies.sort((a, b) => a - b);
  parentPort.postMessage({ latencies, statuses });
} else {
  const { default: Fastify } = await import('fastify');
  const { checkError, fail } = await import('../packages/core/dist/index.js');
  const { startServer } = await import('../packages/server/dist/index.js');

  const busy = () => fail(checkError('BUSY', undefined, { retryAfter: 5 }));
  const burst = (url, keys) =>
    new Promise((resolve, reject) => {
      const worker = new Worker(new URL(import.meta.url), { workerData: { url, keys } });
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
  const describe = (name, run) => {
    const other = Object.entries(run.statuses)
      .map(([status, n]) => `${status}x${n}`)
      .join(' ');
    return `${name}: p50 ${pct(run.latencies, 0.5).toFixed(1)} ms, p99 ${pct(run.latencies, 0.99).toFixed(1)} ms (${other})`;
  };

  /** A server whose every slot is taken: `early` refuses at admission, else only when the check runs. */
  async function fullServer(early) {
    const dataDir = mkdtempSync(join(tmpdir(), 'rtw-bench-busy-'));
    const liveRunner = early ? { run: async () => busy(), hold: busy } : { run: async () => busy() };
    const server = await startServer({
      dataDir,
      port: 0,
      env: {},
      logLevelOverride: 'silent',
      sweepIntervalMs: 0,
      liveRunner,
    });
    const account = await server.admin.createAccount({ email: 'bench@example.com', plan: 'scale' });
    if (!account.ok) throw new Error(account.error);
    const keys = [];
    for (let i = 0; i < KEYS; i += 1) {
      const key = await server.admin.createApiKey(account.value.id, 'live');
      if (!key.ok) throw new Error(key.error);
      keys.push(key.value.key);
    }
    return {
      url: `${server.url}/api/check`,
      keys,
      close: async () => {
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  const bare = Fastify({ logger: false });
  bare.post('/api/check', async (_req, reply) =>
    reply
      .code(503)
      .header('retry-after', '5')
      .send({ error: { code: 'BUSY', message: 'All check slots are busy.' } }),
  );
  const bareUrl = `${await bare.listen({ host: '127.0.0.1', port: 0 })}/api/check`;
  const early = await fullServer(true);
  const late = await fullServer(false);
  try {
    // A warm-up burst each, then the measured ones, alternating so outside load hits all alike.
    for (const target of [bareUrl, early.url, late.url]) await burst(target, early.keys);
    const runs = { bare: [], early: [], late: [] };
    for (let i = 0; i < 2; i += 1) {
      runs.bare.push(await burst(bareUrl, ['none']));
      runs.early.push(await burst(early.url, early.keys));
      runs.late.push(await burst(late.url, late.keys));
    }
    const merge = (list) => ({
      latencies: list.flatMap((r) => r.latencies).sort((a, b) => a - b),
      statuses: list.reduce((all, r) => {
        for (const [s, n] of Object.entries(r.statuses)) all[s] = (all[s] ?? 0) + n;
        return all;
      }, {}),
    });
    const [b, e, l] = [merge(runs.bare), merge(runs.early), merge(runs.late)];
    console.log(`busy-burst: ${BURSTS} bursts of ${BURST} live checks at once, every slot taken`);
    console.log(`  ${describe('bare fastify 503 (floor)', b)}`);
    console.log(`  ${describe('rtw-server, refused at admission', e)}`);
    console.log(`  ${describe('rtw-server, refused after the account work (before)', l)}`);
    console.log(
      `  ratio: admission p99 / floor p99 ${(pct(e.latencies, 0.99) / pct(b.latencies, 0.99)).toFixed(2)}x; ` +
        `after-account-work p99 / admission p99 ${(pct(l.latencies, 0.99) / pct(e.latencies, 0.99)).toFixed(2)}x`,
    );
  } finally {
    await bare.close();
    await early.close();
    await late.close();
  }
}
