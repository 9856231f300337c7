#!/usr/bin/env node
// `npm run build`: every workspace's own `build`, each as soon as the workspaces it depends on are
// built, two at a time. Most of a build is tsup's type declarations, which read the declarations of
// the packages it depends on (so those go first) and keep one core busy: one after another the
// seven took 56 s on a quiet 2-core machine. Side by side, the longest chain goes first: a ready
// workspace with more source below it (itself and what waits on it) starts before one with less,
// so the server's build (the largest) starts as soon as the simulator's has ended. Each workspace's
// output is printed whole when it ends; a failure stops what depends on it, and the exit code is 1.
// Usage: node scripts/build-workspaces.mjs [--jobs N]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCollected } from './support/run-collected.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const jobsFlag = process.argv.indexOf('--jobs');
const JOBS = jobsFlag > 0 ? Number(process.argv[jobsFlag + 1]) : Math.min(2, availableParallelism());
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const read = (dir) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
/** The workspaces (globs of the form `dir/*` included) that have a build script. */
function workspaces() {
  const dirs = read('.').workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return readdirNames(join(root, parent)).map((name) => `${parent}/${name}`);
  });
  const found = dirs
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .map((dir) => ({ dir, m: read(dir) }));
  const names = new Set(found.map(({ m }) => m.name));
  return found
    .filter(({ m }) => m.scripts?.build)
    .map(({ dir, m }) => ({
      name: m.name,
      dir,
      needs: Object.keys({ ...m.dependencies, ...m.peerDependencies, ...m.devDependencies }).filter((n) =>
        names.has(n),
      ),
    }));
}

/** Bytes of TypeScript under `dir` (tests aside): a build's rough cost. */
function sourceBytes(dir) {
  let bytes = 0;
  for (const entry of existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : []) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) bytes += sourceBytes(path);
    else if (/\.[cm]?ts$/.test(entry.name) && !/\.test(-d)?\.ts$/.test(entry.name))
      bytes += statSync(path).size;
  }
  return bytes;
}

function readdirNames(dir) {
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

/** @param {string} name @returns {Promise<{ name: string, ok: boolean }>} */
async function build(name) {
  const { ok, output, seconds } = await runCollected(npm, ['run', 'build', '-w', name], { cwd: root });
  process.stdout.write(output);
  console.log(
    ok ? `✔ ${name} built in ${seconds.toFixed(1)} s` : `✘ ${name} failed after ${seconds.toFixed(1)} s`,
  );
  return { name, ok };
}

const all = workspaces();
const built = new Set(all.map((w) => w.name));
/** @type {Map<string, number>} a workspace's own cost plus the costliest chain that waits on it */
const chain = new Map();
const chainOf = (w) => {
  if (!chain.has(w.name)) {
    const below = all.filter((other) => other.needs.includes(w.name)).map(chainOf);
    chain.set(w.name, sourceBytes(join(root, w.dir, 'src')) + Math.max(0, ...below));
  }
  return chain.get(w.name) ?? 0;
};
all.sort((a, b) => chainOf(b) - chainOf(a));
console.log(
  `building ${all.map((w) => w.name).join(', ')} (${JOBS} at a time, as each one's dependencies end)`,
);
const done = new Map();
const running = new Map();
const pending = [...all];
while (pending.length > 0 || running.size > 0) {
  // A workspace whose dependency failed is not built.
  for (const w of pending.filter((p) => p.needs.some((n) => done.get(n) === false))) {
    pending.splice(pending.indexOf(w), 1);
    done.set(w.name, false);
    console.log(`✘ ${w.name} not built: ${w.needs.filter((n) => done.get(n) === false).join(', ')} failed`);
  }
  const ready = pending.find((w) => w.needs.every((n) => !built.has(n) || done.get(n) === true));
  if (ready && running.size < JOBS) {
    pending.splice(pending.indexOf(ready), 1);
    running.set(ready.name, build(ready.name));
    continue;
  }
  if (running.size === 0) break;
  const ended = await Promise.race(running.values());
  running.delete(ended.name);
  done.set(ended.name, ended.ok);
}
// Left over only if the workspaces depend on each other in a circle.
for (const w of pending) done.set(w.name, false);
const failed = [...done].filter(([, ok]) => !ok).map(([name]) => name);
if (failed.length > 0) {
  console.error(`build failed: ${failed.join(', ')}`);
  process.exit(1);
}
