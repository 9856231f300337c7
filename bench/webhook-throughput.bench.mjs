#!/usr/bin/env node
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSecureContext, rootCertificates } from 'node:tls';
import { openDatabase, startServer } from '../packages/server/dist/index.js';
import { selfSignedCertificate } from '../scripts/support/self-signed-certificate.mjs';

const DELIVERIES = Number(process.env.RTW_BENCH_WEBHOOKS ?? 400);
const CONCURRENCY = 16;

const dir = mkdtempSync(join(tmpdir(), 'rtw-webhook-bench-'));
const certificate = () => selfSignedCertificate({ commonName: 'bench' });

const tls = certificate();
let received = 0;
const receiver = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
  req.resume();
  req.on('end', () => {
    received += 1;
    res.writeHead(204).end();
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const port = receiver.address().port;

const encryptionKey = randomBytes(32);
const opened = await openDatabase({ dataDir: join(dir, 'data'), databaseUrl: null, encryptionKey });
if (!opened.ok) throw new Error(opened.error);
const database = opened.value;
const server = await startServer({
  host: '127.0.0.1',
  port: 0,
  env: {
    RTW_WEBHOOKS_UNSAFE_ALLOW_HOSTS: '127.0.0.1',
    RTW_WEBHOOKS_CA_FILE: tls.certFile,
    RTW_WEBHOOKS_CONCURRENCY: String(CONCURRENCY),
  },
  database,
  logLevelOverride: 'silent',
  sweepIntervalMs: 0,
});

// Checks that have ended (poll-only), whose deliveries the benchmark then queues itself.
const account = await server.admin.createAccount({ email: 'bench@example.com', plan: 'free' });
if (!account.ok) throw new Error(account.error);
const accountId = account.value.id;
const checkIds = [];
for (let k = 0; k < 4 && checkIds.length < 40; k++) {
  const key = await server.admin.createApiKey(accountId, 'test');
  if (!key.ok) throw new Error(key.error);
  for (let i = 0; i < 10; i++) {
    const response = await fetch(`${server.url}/api/check/async`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.value.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        share_code: 'WACPT0001',
        date_of_birth: '1990-01-01',
        company_name: 'Bench Ltd',
      }),
    });
    checkIds.push((await response.json()).id);
  }
}
const records = [];
for (const id of checkIds) {
  for (;;) {
    const { rows } = await database.db.query('SELECT status FROM async_checks WHERE id = $1', [id]);
    if (rows[0]?.status === 'succeeded') break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const { rows } = await database.db.query(
    'SELECT completed_at, result_expires_at FROM async_checks WHERE id = $1',
    [id],
  );
  records.push({
    id,
    status: 'succeeded',
    completed_at: rows[0].completed_at.toISOString(),
    result_expires_at: rows[0].result_expires_at.toISOString(),
  });
}
const callbackUrl = `https://127.0.0.1:${port}/hooks`;

async function queue(n) {
  await database.db.transaction(async (tx) => {
    for (let i = 0; i < n; i++) {
      await server.webhooks.listener.onCheckEnded(
        records[i % records.length],
        { accountId, mode: 'test', kind: 'right_to_work', callbackUrl },
        tx,
      );
    }
  });
}

async function drain(total) {
  const started = performance.now();
  for (;;) {
    const { rows } = await database.db.query(
      "SELECT count(*)::integer AS n FROM webhook_deliveries WHERE state = 'delivered' AND event_type <> 'check.test'",
    );
    if (rows[0].n >= total) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Warm-up, then the measured runs (ROUNDS of them, alternating with the baselines below, best of
// each kept: on a shared machine the load changes between two runs more than the code does).
const ROUNDS = Number(process.env.RTW_BENCH_WEBHOOK_ROUNDS ?? 3);
await queue(40);
await drain(40);
let deliveredSoFar = 40;
async function serviceRun() {
  const before = received;
  const t0 = performance.now();
  await queue(DELIVERIES);
  deliveredSoFar += DELIVERIES;
  await drain(deliveredSoFar);
  const deliveryMs = performance.now() - t0;
  if (received - before !== DELIVERIES)
    throw new Error(`expected ${DELIVERIES} requests, got ${received - before}`);
  return (DELIVERIES / deliveryMs) * 1000;
}

// Baseline: the same signed POSTs, straight from here.
const secretKey = randomBytes(32);
const body = JSON.stringify({
  type: 'check.succeeded',
  created_at: new Date().toISOString(),
  data: { id: checkIds[0] },
});
const bodyOfSize = body.padEnd(
  (await database.db.query('SELECT length(result_sealed) AS n FROM async_checks LIMIT 1')).rows[0].n,
  ' ',
);
// The same trust store as the server's (Node's roots plus the test CA), built once, as the server does.
const secureContext = createSecureContext({ ca: [...rootCertificates, tls.cert] });
const keepAlive = new Agent({ keepAlive: true, secureContext });
function plainPost(agent) {
  return new Promise((resolve, reject) => {
    const timestamp = Math.floor(Date.now() / 1000);
    const id = `evt_${randomBytes(16).toString('hex')}`;
    const signature = createHmac('sha256', secretKey)
      .update(`${id}.${timestamp}.`)
      .update(bodyOfSize)
      .digest('base64');
    const req = request({
      host: '127.0.0.1',
      port,
      path: '/hooks',
      method: 'POST',
      agent,
      secureContext,
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': `v1,${signature}`,
        'content-length': Buffer.byteLength(bodyOfSize),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    req.end(bodyOfSize);
  });
}
async function baseline(n, agent) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n) {
        next += 1;
        await plainPost(agent);
      }
    }),
  );
  return performance.now() - started;
}
await baseline(40, keepAlive);
await baseline(40, false);
let deliveriesPerSecond = 0;
let baselinePerSecond = 0;
let freshPerSecond = 0;
for (let round = 0; round < ROUNDS; round++) {
  deliveriesPerSecond = Math.max(deliveriesPerSecond, await serviceRun());
  freshPerSecond = Math.max(freshPerSecond, (DELIVERIES / (await baseline(DELIVERIES, false))) * 1000);
  baselinePerSecond = Math.max(
    baselinePerSecond,
    (DELIVERIES / (await baseline(DELIVERIES, keepAlive))) * 1000,
  );
}
keepAlive.destroy();

console.log(
  `webhook deliveries: ${deliveriesPerSecond.toFixed(0)}/s through rtw-server on PGlite ` +
    `(${DELIVERIES} deliveries, concurrency ${CONCURRENCY}, best of ${ROUNDS} alternating runs); plain signed POSTs: ${freshPerSecond.toFixed(0)}/s ` +
    `with a new connection each, ratio ${(deliveriesPerSecond / freshPerSecond).toFixed(2)} (target 0.8); ` +
    `${baselinePerSecond.toFixed(0)}/s reusing one connection pool, ratio ${(deliveriesPerSecond / baselinePerSecond).toFixed(2)}`,
);

await server.close();
await database.close();
await new Promise((resolve) => receiver.close(resolve));
rmSync(dir, { recursive: true, force: true });
