#!/usr/bin/env node
// The cost of Prometheus metrics (issue 26): capacity-throughput.bench.mjs run twice in this session,
// metrics off, then on (RTW_METRICS_PORT, scraped every 5 s as a busy Prometheus would), and the
// ratio of on to off of its two figures: the CPU bound (checks a minute that the service's CPU time
// per check allows, at zero latency) and the sustained synchronous checks a minute. Goal >= 0.98.
//
// Its options are the capacity benchmark's (env or --flag=value, passed on). By default it compares
// the CPU bound only (60 s of zero-latency checks each way: the metrics' cost is CPU a check), so
// `npm run bench` stays under 20 minutes; --phases=sync adds the sustained comparison (5 minutes
// each way at the capacity benchmark's defaults). A short run: --seconds=40 --rate=30 --check-ms=10000.
// Build first: `npm run build -w @sharecode/core -w @sharecode/portal-sim -w @sharecode/server`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bench = fileURLToPath(new URL('./capacity-throughput.bench.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'rtw-metrics-bench-'));
const args = process.argv.slice(2);
if (!args.some((a) => a.startsWith('--phases=')))
  args.push(`--phases=${process.env.RTW_BENCH_CAPACITY_PHASES ?? ''}`);
if (!args.some((a) => a.startsWith('--cpu-seconds=')) && !process.env.RTW_BENCH_CAPACITY_CPU_SECONDS)
  args.push('--cpu-seconds=60');

const run = (metrics) => {
  console.log(`\n-- metrics ${metrics}`);
  const resultFile = join(dir, `${metrics}.json`);
  const { status } = spawnSync(process.execPath, [bench, ...args], {
    stdio: 'inherit',
    env: { ...process.env, RTW_BENCH_CAPACITY_METRICS: metrics, RTW_BENCH_RESULT_FILE: resultFile },
  });
  if (status !== 0) throw new Error(`the capacity benchmark with metrics ${metrics} exited with ${status}`);
  return JSON.parse(readFileSync(resultFile, 'utf8'));
};

try {
  const off = run('off');
  const on = run('on');
  const ratio = (a, b) => (Number.isFinite(a / b) ? (a / b).toFixed(3) : 'n/a');
  const sustained = off.sync
    ? `; sustained sync ${ratio(on.sync?.perMinute, off.sync?.perMinute)} ` +
      `(${on.sync?.perMinute?.toFixed(0)} / ${off.sync?.perMinute?.toFixed(0)} checks/min, ` +
      `errors ${on.sync?.errors} / ${off.sync?.errors})`
    : '';
  console.log(
    `\nmetrics on / off (goal >= 0.98): CPU bound ${ratio(on.cpuBound, off.cpuBound)} ` +
      `(${on.cpuBound.toFixed(0)} / ${off.cpuBound.toFixed(0)} checks/min)${sustained}`,
  );
  console.log(
    `  (load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}: other work on the machine skews the two runs differently)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
