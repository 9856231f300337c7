#!/usr/bin/env node
// Time of one admin command on the embedded database (`rtw-server accounts usage`, a read, on a data
// folder created beforehand: the first command of all also creates the database, several seconds
// once), against the floor measured in the same run: a bare `node` that opens the same PGlite folder,
// runs one query and closes it. The two alternate so that load from other processes hits both alike.
// Target: a median under 2 s. Why it took 4 to 12 s: the bin loaded the HTTP stack and the browser
// driver (playwright-core, fastify, ...) for every command, a second and more before any work.
// Build first: `npm run build -w @sharecode/server` (this runs packages/server/dist/bin.js).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../packages/server/dist/bin.js', import.meta.url));
const PGLITE = fileURLToPath(new URL('../node_modules/@electric-sql/pglite/dist/index.js', import.meta.url));
const RUNS = 7;
const TARGET_MS = 2_000;

if (!existsSync(BIN)) {
  console.error('admin-command: packages/server/dist/bin.js is missing: run npm run build first.');
  process.exit(1);
}

function run(args) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) {
    console.error(`admin-command: node ${args.join(' ')} exited with ${result.status}:\n${result.stderr}`);
    process.exit(1);
  }
  return { ms, stdout: result.stdout.trim() };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const dir = mkdtempSync(join(tmpdir(), 'rtw-admin-bench-'));
try {
  const created = run([
    BIN,
    'accounts',
    'create',
    '--email',
    'bench@example.com',
    '--plan',
    'pro',
    '--data-dir',
    dir,
  ]);
  const account = created.stdout.split('\n').pop();
  const command = [BIN, 'accounts', 'usage', '--account', account, '--data-dir', dir];
  const floor = [
    '--input-type=module',
    '-e',
    `const { PGlite } = await import(${JSON.stringify(PGLITE)});
     const db = await PGlite.create(${JSON.stringify(join(dir, 'pgdata'))});
     await db.query('select 1');
     await db.close();`,
  ];
  run(command);
  run(floor);
  const commandTimes = [];
  const floorTimes = [];
  for (let i = 0; i < RUNS; i++) {
    commandTimes.push(run(command).ms);
    floorTimes.push(run(floor).ms);
  }
  const commandMs = median(commandTimes);
  const floorMs = median(floorTimes);
  console.log(
    `admin-command: rtw-server accounts usage median ${commandMs.toFixed(0)} ms (open PGlite + one query: ${floorMs.toFixed(0)} ms, ratio ${(commandMs / floorMs).toFixed(2)}x; first command, creating the database: ${created.ms.toFixed(0)} ms) — target < ${TARGET_MS} ms`,
  );
  process.exitCode = commandMs < TARGET_MS ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
