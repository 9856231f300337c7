#!/usr/bin/env node
// Runs every benchmark in bench/ in turn (each prints its own ratio against a baseline measured in
// the same run), capacity-throughput.bench.mjs included (about 13 minutes at its defaults: the walk
// ratio, then 5 minutes each of sync and async; the others take about 4 together, so `npm run bench`
// stays under 20; set RTW_BENCH_CAPACITY_SECONDS for a shorter run). Build first: benchmarks import
// the packages' built output. `node bench/run-all.mjs capacity webhook` runs the benchmarks whose names contain those words.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n== ${file}`);
  const { status } = spawnSync(process.execPath, [`${dir}${file}`], { stdio: 'inherit' });
  if (status !== 0) {
    failed += 1;
    console.error(`${file} exited with ${status}`);
  }
}
if (benches.length === 0) console.log('no benchmarks found');
process.exit(failed === 0 ? 0 : 1);
