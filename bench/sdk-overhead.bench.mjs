#!/usr/bin/env node
// What the SDK costs per call on top of a bare fetch: same request (POST /api/check with a JSON body
// and the same headers), same local server, same JSON parsing of the answer. Rounds alternate
// which variant goes first, to spread GC and JIT noise evenly. Prints one summary line; never fails
// on timing (wall-clock on shared machines is not a test). Needs the built SDK:
//   npm run build -w @sharecode/sdk && node bench/sdk-overhead.bench.mjs
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';

const dist = new URL('../packages/sdk/dist/index.js', import.meta.url);
if (!existsSync(dist)) {
  console.error('sdk-overhead: packages/sdk/dist is missing; run `npm run build -w @sharecode/sdk` first.');
  process.exit(1);
}
const { ShareCodeClient } = await import(dist.href);

const WARMUP = 300;
const ROUNDS = 10;
const PER_ROUND = 200;

const result = JSON.stringify({
  outcome: 'ACCEPTED',
  title: 'Right to work',
  name: 'Test Person',
  date_of_birth: '1990-01-01',
  nationality: 'Testland',
  permission_type: 'Settled status',
  start_date: null,
  expiry_date: null,
  conditions: [],
  restrictions: [],
  reference: 'REF-BENCH-1',
  share_code: 'W12345678',
  photo_data_url: null,
  pdf_data_url: null,
  checked_at: '2026-01-01T12:00:00Z',
});

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.method !== 'POST' || req.url !== '/api/check') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_bench' });
    res.end(result);
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${server.address().port}`;

const apiKey = 'rtw_test_bench00000000000000000000000000000000000';
const body = { share_code: 'W12345678', date_of_birth: '1990-01-01', company_name: 'Bench Ltd' };
const client = new ShareCodeClient({ apiKey, baseUrl });

const variants = {
  fetch: async () => {
    const response = await fetch(`${baseUrl}/api/check`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
        'user-agent': 'bench',
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.json();
  },
  sdk: () => client.checkRightToWork(body),
};

async function timed(fn, count, into) {
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await fn();
    into?.push(performance.now() - start);
  }
}

const samples = { fetch: [], sdk: [] };
await timed(variants.fetch, WARMUP);
await timed(variants.sdk, WARMUP);
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? ['fetch', 'sdk'] : ['sdk', 'fetch'];
  for (const name of order) await timed(variants[name], PER_ROUND, samples[name]);
}
server.closeAllConnections();
server.close();

const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const us = (ms) => Math.round(ms * 1000);

const stats = Object.fromEntries(
  Object.entries(samples).map(([name, xs]) => [name, { mean: mean(xs), median: median(xs) }]),
);
const ratio = stats.sdk.median / stats.fetch.median;
console.log(
  `sdk-overhead: ${ROUNDS * PER_ROUND} calls each; mean sdk ${us(stats.sdk.mean)}µs, fetch ${us(stats.fetch.mean)}µs (${(stats.sdk.mean / stats.fetch.mean).toFixed(2)}x)`,
);
console.log(
  `sdk-overhead: ratio ${ratio.toFixed(2)}x (sdk ${us(stats.sdk.median)}µs, fetch ${us(stats.fetch.median)}µs median; target <= 1.15x)`,
);
