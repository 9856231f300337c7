#!/usr/bin/env node
// `npm test`: every check the repository has, as timed stages, on a 2-core machine (the target is 5
// minutes; the journeys' CPU-seconds keep it above that: docs/decisions.md, "Test time").
// Stages are scheduled, not queued one by one: a stage starts as soon as the stages it needs have
// ended, with at most HEAVY_AT_ONCE heavy stages at a time (each vitest project runs two files at a
// time itself, and most of their time is spent waiting on processes, browsers and sockets, so two
// such stages keep 2 cores busy without starving either). Light stages (lint, the contract checks, the
// import graph and the runtimes' install) start at once, beside the build. Each stage's output is
// printed whole when it ends, so two never interleave. A failing stage does not stop the others, except that a stage whose prerequisite
// failed is not started; the failures are repeated at the end (CI keeps only the tail of the output),
// each stage's time and the total are printed, and the exit code is 1 if any failed.
// `test:runtimes` (Node 22/24, Bun, Deno, workerd) and its install run as stages when package.json
// defines them.
// Usage: node scripts/test-stages.mjs [stage names to run, e.g. unit integration]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failureSummary } from './support/vitest-failures.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const scripts = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts ?? {};
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// Each vitest stage also writes a JSON report, from which its failures are repeated at the end.
const reports = mkdtempSync(join(tmpdir(), 'rtw-test-stages-'));

/**
 * @typedef {{ name: string, command: string[], report?: string, heavy: boolean, after: string[] }} Stage
 * @param {string} name @param {{ heavy?: boolean, after?: string[] }} [how] @returns {Stage}
 */
const run = (name, how = {}) => ({
  name,
  command: [npm, 'run', '--silent', name],
  heavy: how.heavy ?? true,
  after: how.after ?? [],
});
/** @param {string} project @param {{ heavy?: boolean, after?: string[] }} [how] @returns {Stage} */
const vitest = (project, how = {}) => {
  const report = join(reports, `${project}.json`);
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  const command = ['npx', 'vitest', 'run', '--project', project, ...reporters];
  return { name: project, command, report, heavy: how.heavy ?? true, after: how.after ?? [] };
};

const BUILT = { after: ['build'] };
/** In order of priority: when a slot frees, the first stage that may start, starts. */
const STAGES = [
  run('build'),
  run('lint', { heavy: false }),
  run('lint:contract', { heavy: false }),
  run('generate:check', { heavy: false }),
  // The pinned runtimes need no build: installed beside it (mostly unpacking), so the suites that
  // run at the end do not wait for npm.
  ...(scripts['test:runtimes:install'] ? [run('test:runtimes:install', { heavy: false })] : []),
  // The import graph (scripts/**): one core's worth of parsing, no build needed.
  vitest('checks', { heavy: false }),
  // Everything else waits for the build, which runs fastest alone (the packaging and e2e files and
  // the CLI's few spawn tests need it; typecheck reads core's built types). Longest first: the
  // last to end should be a short one.
  vitest('integration', BUILT),
  vitest('unit', BUILT),
  // test/pack-install-engines.test.ts resolves the tarballs on the pinned Node 22 and 24 as well.
  vitest('packaging', {
    after: ['build', ...(scripts['test:runtimes:install'] ? ['test:runtimes:install'] : [])],
  }),
  vitest('e2e', BUILT),
  // One TypeScript program for every package: a few seconds on one core.
  run('typecheck', { heavy: false, ...BUILT }),
  ...(scripts['test:runtimes'] ? [run('test:runtimes', { after: ['build', 'test:runtimes:install'] })] : []),
];
const HEAVY_AT_ONCE = 2;
const TAIL_LINES = 40;

const only = process.argv.slice(2);
const wanted = STAGES.filter((stage) => only.length === 0 || only.includes(stage.name));
const wantedNames = new Set(wanted.map((stage) => stage.name));

// Rounded first, so that 419.6 s reads "7 min 0 s", not "6 min 60 s".
const format = (s) =>
  s >= 60 ? `${Math.floor(Math.round(s) / 60)} min ${Math.round(s) % 60} s` : `${s.toFixed(1)} s`;
const t0 = performance.now();

/** @param {Stage} stage */
function runStage(stage) {
  const started = performance.now();
  const chunks = [];
  console.log(`▶ ${stage.name} (at ${format((started - t0) / 1000)})`);
  return new Promise((resolve) => {
    const child = spawn(stage.command[0], stage.command.slice(1), {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    const end = (ok) => {
      const output = Buffer.concat(chunks).toString('utf8');
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(`\n── ${stage.name} ──\n${output}`);
      console.log(`${ok ? '✔' : '✘'} ${stage.name} ${format(seconds)}`);
      resolve({ ...stage, ok, output, seconds });
    };
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${stage.name}: ${error.message}\n`));
      end(false);
    });
    child.on('close', (code) => end(code === 0));
  });
}

/** Runs every wanted stage, each once its prerequisites (those that are wanted) have ended well. */
async function schedule() {
  const results = new Map();
  const running = new Map();
  const pending = [...wanted];
  while (pending.length > 0 || running.size > 0) {
    const heavyRunning = [...running.values()].filter((r) => r.stage.heavy).length;
    const needs = (stage) => stage.after.filter((name) => wantedNames.has(name));
    // A stage whose prerequisite failed ends as failed without running.
    for (const stage of pending.filter((s) => needs(s).some((n) => results.get(n)?.ok === false))) {
      pending.splice(pending.indexOf(stage), 1);
      const output = `not run: ${needs(stage).join(', ')} failed\n`;
      results.set(stage.name, { ...stage, ok: false, output, seconds: 0 });
      console.log(`✘ ${stage.name} ${output.trim()}`);
    }
    const ready = pending.find(
      (s) => needs(s).every((n) => results.get(n)?.ok) && (!s.heavy || heavyRunning < HEAVY_AT_ONCE),
    );
    if (ready) {
      pending.splice(pending.indexOf(ready), 1);
      running.set(ready.name, { stage: ready, done: runStage(ready) });
      continue;
    }
    if (running.size === 0) break;
    const ended = await Promise.race([...running.values()].map((r) => r.done));
    running.delete(ended.name);
    results.set(ended.name, ended);
  }
  return wanted.map((stage) => results.get(stage.name));
}

const results = await schedule();
const total = (performance.now() - t0) / 1000;

/** What to repeat of a failed stage: its failed tests, or else the end of its output. */
function failureOf(result) {
  const summary = result.report ? failureSummary(result.report) : null;
  if (summary) return summary;
  return result.output.trimEnd().split('\n').slice(-TAIL_LINES).join('\n');
}

const failed = results.filter((r) => !r.ok);
for (const result of failed) console.error(`\n✘ ${result.name}:\n${failureOf(result)}`);
rmSync(reports, { recursive: true, force: true });

console.log('\nstage times:');
const width = Math.max(...results.map((r) => r.name.length));
for (const r of results)
  console.log(`  ${r.ok ? '✔' : '✘'} ${r.name.padEnd(width)} ${format(r.seconds).padStart(10)}`);
console.log(`  ${'total'.padEnd(width + 2)} ${format(total).padStart(10)}`);
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.map((r) => r.name).join(', ')}`);
  process.exit(1);
}
