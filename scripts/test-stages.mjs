#!/usr/bin/env node
// `npm test`: every check the repository has, as timed stages, on a 2-core machine in under 5 minutes.
// Stages run one after another (the static checks two at a time, as they share nothing); a failing
// stage does not stop the others, so one run reports everything, and the exit code is 1 if any failed.
// `test:runtimes` (Node 22/24, Bun, Deno, workerd) runs as a stage when package.json defines it.
// Usage: node scripts/test-stages.mjs [stage names to run, e.g. unit integration]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const scripts = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts ?? {};
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (name) => ({ name, command: [npm, 'run', '--silent', name] });
const vitest = (project) => ({ name: project, command: ['npx', 'vitest', 'run', '--project', project] });

/** Each entry is a stage; an array is a group whose stages run side by side. */
const STAGES = [
  run('build'),
  [run('lint'), run('typecheck')],
  [run('lint:contract'), run('generate:check')],
  vitest('unit'),
  vitest('integration'),
  vitest('e2e'),
  vitest('packaging'),
  ...(scripts['test:runtimes'] ? [run('test:runtimes')] : []),
];

const only = process.argv.slice(2);
const wanted = (stage) => only.length === 0 || only.includes(stage.name);

function runStage(stage) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(stage.command[0], stage.command.slice(1), { cwd: root, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`${stage.name}: ${error.message}`);
      resolve({ name: stage.name, ok: false, seconds: (performance.now() - started) / 1000 });
    });
    child.on('close', (code, signal) => {
      resolve({
        name: stage.name,
        ok: code === 0,
        seconds: (performance.now() - started) / 1000,
        code,
        signal,
      });
    });
  });
}

const format = (s) => (s >= 60 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${s.toFixed(1)} s`);
const results = [];
const t0 = performance.now();
for (const entry of STAGES) {
  const group = (Array.isArray(entry) ? entry : [entry]).filter(wanted);
  if (group.length === 0) continue;
  console.log(`\n▶ ${group.map((s) => s.name).join(' + ')}`);
  const done = await Promise.all(group.map(runStage));
  for (const result of done) {
    results.push(result);
    console.log(`${result.ok ? '✔' : '✘'} ${result.name} ${format(result.seconds)}`);
  }
}
const total = (performance.now() - t0) / 1000;

console.log('\nstage times:');
for (const r of results)
  console.log(`  ${r.ok ? '✔' : '✘'} ${r.name.padEnd(16)} ${format(r.seconds).padStart(10)}`);
console.log(`  ${'total'.padEnd(18)} ${format(total).padStart(10)}`);
const failed = results.filter((r) => !r.ok);
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.map((r) => r.name).join(', ')}`);
  process.exit(1);
}
