#!/usr/bin/env node
// Asynchronous sandbox-key checks through the built rtw-server, on the embedded PGlite and on
// PostgreSQL (127.0.0.1:5432, a database created and dropped here), with the worker's default settings:
// - throughput: how many queued checks a second go from POST to their final state, under a steady
//   load of POSTs (success codes only, so no retry waits);
// - pickup: the median delay from the POST to the start of the first attempt (the row's
//   first_started_at - created_at), one check at a time, so it is the queue's own delay, not a backlog.
// Build first: `npm run build -w @sharecode/server` (this imports packages/server/dist).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startServer } from '../packages/server/dist/index.js';

const CHECKS = 400;
const WARMUP_CHECKS = 40;
const PICKUP_CHECKS = 60;
const IN_FLIGHT = 16;
// Sandbox keys take 25 requests a second and an account 100 checks in progress: spread the load.
const ACCOUNTS = 10;
const KEYS_PER_ACCOUNT = 2;
const ADMIN_URL = process.env.RTW_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PATHS = [
  ['/api/check/async', { share_code: 'W ACPT 0001', date_of_birth: '1990-01-01', company_name: 'Bench Ltd' }],
  [
    '/api/check/right-to-rent/async',
    {
      share_code: 'RACPT0002',
      date_of_birth: '1990-01-01',
      checker_name: 'Bench Lettings',
      checker_type: 'agent',
    },
  ],
  [
    '/api/check/immigration-status/async',
    {
      share_code: 'SNOEX0001',
      date_of_birth: '1990-01-01',
      company_name: 'Bench Bank, Leeds',
      job_title: 'Adviser',
      purpose: 'personal_finance',
    },
  ],
];

async function withPostgresDatabase(fn) {
  const name = `rtw_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    const dropper = new pg.Client({ connectionString: ADMIN_URL });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  }
}

async function keysOf(server) {
  const keys = [];
  for (let a = 0; a < ACCOUNTS; a += 1) {
    const account = await server.admin.createAccount({ email: `bench-${a}@example.com`, plan: 'pro' });
    if (!account.ok) throw new Error(account.error);
    for (let k = 0; k < KEYS_PER_ACCOUNT; k += 1) {
      const key = await server.admin.createApiKey(account.value.id, 'test');
      if (!key.ok) throw new Error(key.error);
      keys.push(key.value.key);
    }
  }
  return keys;
}

/** POSTs `count` checks, `inFlight` at a time; returns their ids and when the first POST left. */
async function queue(server, keys, count, offset, inFlight) {
  const ids = [];
  let next = 0;
  const firstPostAt = performance.now();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const [path, body] = PATHS[i % PATHS.length];
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${keys[(offset + i) % keys.length]}`,
        },
        body: JSON.stringify(body),
      });
      const record = await response.json();
      if (response.status !== 202)
        throw new Error(`POST answered ${response.status}: ${JSON.stringify(record)}`);
      ids.push(record.id);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return { ids, firstPostAt };
}

async function untilEnded(db, ids) {
  for (;;) {
    const { rows } = await db.query(
      "SELECT count(*)::integer AS n FROM async_checks WHERE id = ANY($1) AND status IN ('succeeded', 'failed')",
      [ids],
    );
    if (rows[0].n === ids.length) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function measure(label, options) {
  const server = await startServer({ port: 0, logLevelOverride: 'silent', sweepIntervalMs: 0, ...options });
  try {
    const keys = await keysOf(server);
    const db = server.database.db;
    const warm = await queue(server, keys, WARMUP_CHECKS, 0, IN_FLIGHT);
    await untilEnded(db, warm.ids);
    // A new second of the rate-limit windows before the measured load.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { ids, firstPostAt } = await queue(server, keys, CHECKS, WARMUP_CHECKS, IN_FLIGHT);
    const lastEndAt = await untilEnded(db, ids);
    const failed = await db.query(
      "SELECT count(*)::integer AS n FROM async_checks WHERE id = ANY($1) AND status <> 'succeeded'",
      [ids],
    );
    if (failed.rows[0].n > 0) throw new Error(`${failed.rows[0].n} checks did not succeed`);
    const perSecond = CHECKS / ((lastEndAt - firstPostAt) / 1000);
    console.log(
      `async-throughput: ${label}: ${perSecond.toFixed(1)} sandbox checks/s from POST to final state (${CHECKS} checks, ${IN_FLIGHT} POSTs in flight)`,
    );

    await new Promise((resolve) => setTimeout(resolve, 1000));
    const pickup = await queue(server, keys, PICKUP_CHECKS, WARMUP_CHECKS + CHECKS, 1);
    await untilEnded(db, pickup.ids);
    const { rows } = await db.query(
      `SELECT extract(epoch FROM (first_started_at - created_at)) * 1000 AS delay_ms
         FROM async_checks WHERE id = ANY($1)`,
      [pickup.ids],
    );
    const delays = rows.map((row) => Number(row.delay_ms)).sort((a, b) => a - b);
    const median = delays[Math.floor(delays.length / 2)];
    console.log(
      `async-throughput: ${label}: median ${median.toFixed(1)} ms from POST to the start of the first attempt (${PICKUP_CHECKS} checks, one POST at a time)`,
    );
  } finally {
    await server.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'rtw-async-bench-'));
try {
  await measure('PGlite', { dataDir, env: {} });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
await withPostgresDatabase((databaseUrl) =>
  measure('PostgreSQL', { databaseUrl, env: { RTW_ENCRYPTION_KEY: randomBytes(32).toString('base64') } }),
);
