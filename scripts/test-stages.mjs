#!/usr/bin/env node
// `npm test`: every check the repository has, as timed stages, on a 2-core machine in under 5 minutes.
// A group of stages runs side by side (they share nothing, and most of their time is spent waiting on
// processes, browsers and sockets rather than on the CPU); a lone stage streams its output, a stage in
// a group prints its output whole when it ends, so two never interleave. A failing stage does not stop
// the others, so one run reports everything; the failures are repeated at the end (CI keeps only the
// tail of the output), and the exit code is 1 if any failed.
// `test:runtimes` (Node 22/24, Bun, Deno, workerd) runs as a stage when package.json defines it.
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
const run = (name) => ({ name, command: [npm, 'run', '--silent', name] });
// Each vitest stage also writes a JSON report, from which its failures are repeated at the end.
const reports = mkdtempSync(join(tmpdir(), 'rtw-test-stages-'));
const vitest = (project) => {
  const report = join(reports, `${project}.json`);
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  return { name: project, report, command: ['npx', 'vitest', 'run', '--project', project, ...reporters] };
};

/** Each entry is a stage; an array is a group whose stages run side by side. */
const STAGES = [
  run('build'),
  // The CLI's unit tests spawn its built bin a few times, and typecheck reads core's built types.
  [run('lint'), run('lint:contract'), run('generate:check'), run('typecheck'), vitest('unit')],
  [vitest('integration'), vitest('e2e')],
  [vitest('packaging'), ...(scripts['test:runtimes'] ? [run('test:runtimes')] : [])],
];

const only = process.argv.slice(2);
const wanted = (stage) => only.length === 0 || only.includes(stage.name);
const TAIL_LINES = 40;

function runStage(stage, streamed) {
  const started = performance.now();
  const chunks = [];
  return new Promise((resolve) => {
    const child = spawn(stage.command[0], stage.command.slice(1), {
      cwd: root,
      stdio: ['inherit', 'pipe', 'pipe'],
    });
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      from.on('data', (chunk) => {
        chunks.push(chunk);
        if (streamed) to.write(chunk);
      });
    }
    const end = (ok, extra = {}) => {
      const output = Buffer.concat(chunks).toString('utf8');
      if (!streamed) process.stdout.write(`\n── ${stage.name} ──\n${output}`);
      resolve({ ...stage, ok, output, seconds: (performance.now() - started) / 1000, ...extra });
    };
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${stage.name}: ${error.message}\n`));
      end(false);
    });
    child.on('close', (code, signal) => end(code === 0, { code, signal }));
  });
}

/** What to repeat of a failed stage: its failed tests, or else the end of its output. */
function failureOf(result) {
  const summary = result.report ? failureSummary(result.report) : null;
  if (summary) return summary;
  const lines = result.output.trimEnd().split('\n');
  return lines.slice(-TAIL_LINES).join('\n');
}

const format = (s) => (s >= 60 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${s.toFixed(1)} s`);
const results = [];
const t0 = performance.now();
for (const entry of STAGES) {
  const group = (Array.isArray(entry) ? entry : [entry]).filter(wanted);
  if (group.length === 0) continue;
  console.log(`\n▶ ${group.map((s) => s.name).join(' + ')}`);
  const done = await Promise.all(group.map((stage) => runStage(stage, group.length === 1)));
  for (const result of done) {
    results.push(result);
    console.log(`${result.ok ? '✔' : '✘'} ${result.name} ${format(result.seconds)}`);
  }
}
const total = (performance.now() - t0) / 1000;

const failed = results.filter((r) => !r.ok);
for (const result of failed) console.error(`\n✘ ${result.name}:\n${failureOf(result)}`);
rmSync(reports, { recursive: true, force: true });

console.log('\nstage times:');
for (const r of results)
  console.log(`  ${r.ok ? '✔' : '✘'} ${r.name.padEnd(16)} ${format(r.seconds).padStart(10)}`);
console.log(`  ${'total'.padEnd(18)} ${format(total).padStart(10)}`);
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.map((r) => r.name).join(', ')}`);
  process.exit(1);
}
