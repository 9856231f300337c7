#!/usr/bin/env node
// Start-up time of `rtw --help` (the CLI's bin with commander only; command bodies, the SDK, core,
// the sandbox and msw load on use), against `node -e 0` measured in the same run, alternating the
// two so that load from other processes hits both alike. Target: a median under 300 ms.
// Build first: `npm run build -w @sharecode/cli` (this runs packages/cli/dist/bin.js).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const WARMUP = 3;
const RUNS = 21;
const TARGET_MS = 300;

if (!existsSync(BIN)) {
  console.error('cli-startup: packages/cli/dist/bin.js is missing: run npm run build first.');
  process.exit(1);
}

function timeOnce(args) {
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (run.status !== 0) {
    console.error(`cli-startup: node ${args.join(' ')} exited with ${run.status}:\n${run.stderr}`);
    process.exit(1);
  }
  return ms;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const help = [BIN, '--help'];
const baseline = ['-e', '0'];
for (let i = 0; i < WARMUP; i++) {
  timeOnce(help);
  timeOnce(baseline);
}
const helpTimes = [];
const baseTimes = [];
for (let i = 0; i < RUNS; i++) {
  helpTimes.push(timeOnce(help));
  baseTimes.push(timeOnce(baseline));
}
const helpMs = median(helpTimes);
const baseMs = median(baseTimes);
console.log(
  `cli-startup: rtw --help median ${helpMs.toFixed(0)} ms (node -e 0: ${baseMs.toFixed(0)} ms, ratio ${(helpMs / baseMs).toFixed(1)}x) — target < ${TARGET_MS} ms`,
);
process.exit(helpMs < TARGET_MS ? 0 : 1);
