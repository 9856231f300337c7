#!/usr/bin/env node
// Checks that package-lock.json can be installed by `npm ci` on every platform we support:
// 1. every optional dependency a locked package declares is itself in the lock (npm ci refuses a
//    lock that lacks one, e.g. @biomejs/cli-darwin-arm64 when the lock was made where the registry
//    did not serve it);
// 2. every dependency a locked package declares resolves to a lock entry (a lock edited by hand once
//    lost @fastify/deepmerge, and npm install does not put it back: only a clean install notices);
// 3. every native tool (a package whose optional dependencies are platform builds) has a build for
//    linux, darwin and win32 on x64 and arm64.
// Adding a dependency without losing the other platforms' entries: `npm install PKG@VERSION -w
// packages/X` on the committed lock (never delete the lock or node_modules to regenerate it, never a
// wholesale `npm update`), then `npm run check:lock`. The full recipe is in docs/decisions.md.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const PLATFORMS = ['linux', 'darwin', 'win32'].flatMap((os) =>
  ['x64', 'arm64'].map((cpu) => ({ os, cpu })),
);

/** The lock entry a dependency of `from` resolves to, walking up node_modules as Node does. */
function resolveEntry(packages, from, name) {
  let base = from;
  for (;;) {
    const key = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[key]) return packages[key];
    if (!base) return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
    // A workspace folder (packages/sdk) resolves from the root next.
    if (base && !base.includes('node_modules')) base = '';
  }
}

const matches = (list, value) => !list || list.includes(value);

/** Problems with the lock's platform coverage; an empty list means npm ci works everywhere. */
export function checkLock(lock) {
  const packages = lock.packages ?? {};
  const problems = [];
  const tools = [];
  for (const [path, entry] of Object.entries(packages)) {
    if (!entry.link) {
      for (const dep of Object.keys(entry.dependencies ?? {})) {
        if (!resolveEntry(packages, path, dep))
          problems.push(`${path || 'root'}: the lock lacks its dependency ${dep}`);
      }
    }
    const optional = Object.keys(entry.optionalDependencies ?? {});
    if (optional.length === 0 || entry.link) continue;
    const builds = [];
    for (const dep of optional) {
      const found = resolveEntry(packages, path, dep);
      if (!found) problems.push(`${path || 'root'}: the lock lacks its optional dependency ${dep}`);
      else if (found.os || found.cpu) builds.push(found);
    }
    // fsevents alone (darwin's file watcher) is no native tool; a tool ships a build per platform.
    if (builds.length < 2) continue;
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    tools.push(name);
    for (const { os, cpu } of PLATFORMS) {
      if (!builds.some((b) => matches(b.os, os) && matches(b.cpu, cpu))) {
        problems.push(`${name}@${entry.version}: no ${os}-${cpu} build in the lock`);
      }
    }
  }
  return { problems, tools: [...new Set(tools)].sort() };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lockPath = fileURLToPath(new URL('../package-lock.json', import.meta.url));
  const { problems, tools } = checkLock(JSON.parse(readFileSync(lockPath, 'utf8')));
  if (problems.length > 0) {
    console.error(`package-lock.json cannot be installed on every platform:\n  ${problems.join('\n  ')}`);
    console.error('Pick versions whose platform packages the registry serves (see docs/decisions.md).');
    process.exit(1);
  }
  console.log(`package-lock.json has linux, darwin and win32 (x64, arm64) builds of: ${tools.join(', ')}`);
}
