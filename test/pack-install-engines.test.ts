// Every publishable package, installed from its packed tarball into a fresh project of its own on
// Node 20 (this machine's), 22 and 24 (test/runtimes' pinned builds), resolves a tree that supports
// the Node it runs on: npm prints no EBADENGINE. A published package carries no root `overrides`, so
// a dependency that needs a newer Node must be avoided by the package's own dependency ranges.
// npm resolves with `--package-lock-only`: the same tree and engine check as a full install, without
// unpacking it (test/pack-install.test.ts installs and runs the packages for real on Node 20).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHABLE, run } from './pack-install-helpers.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const runtimes = join(root, 'test', 'runtimes', 'node_modules');
const NODES = [
  { name: 'Node 20', node: process.execPath },
  { name: 'Node 22', node: join(runtimes, 'node22', 'bin', 'node') },
  { name: 'Node 24', node: join(runtimes, 'node24', 'bin', 'node') },
];
// The npm installed beside this Node (npm 11 runs on all three).
const NPM_CLI = join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');

let work = '';
const tarballs = new Map<string, string>();

beforeAll(async () => {
  const missing = NODES.filter((entry) => !existsSync(entry.node)).map((entry) => entry.name);
  if (missing.length > 0) {
    throw new Error(`${missing.join(' and ')} missing: run \`npm run test:runtimes:install\` first.`);
  }
  if (!existsSync(NPM_CLI)) throw new Error(`npm not found at ${NPM_CLI}`);
  work = mkdtempSync(join(tmpdir(), 'sharecode-pack-engines-'));
  const pack = await run(
    'npm',
    [
      'pack',
      '--json',
      '--pack-destination',
      work,
      ...PUBLISHABLE.flatMap((pkg) => ['-w', `@sharecode/${pkg}`]),
    ],
    { cwd: root },
  );
  if (pack.code !== 0) throw new Error(`npm pack failed:\n${pack.stdout}\n${pack.stderr}`);
  for (const entry of JSON.parse(pack.stdout) as { name: string; filename: string }[]) {
    tarballs.set(entry.name, join(work, entry.filename));
  }
}, 120_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A fresh project depending on every tarball (each package's siblings come from their tarballs). */
function freshProject(nodeName: string): string {
  const dir = join(work, nodeName.replace(' ', '-'));
  mkdirSync(dir);
  const files = Object.fromEntries([...tarballs].map(([pkg, file]) => [pkg, `file:${file}`]));
  const manifest = { name: 'fresh', private: true, dependencies: files, overrides: files };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return dir;
}

/** npm on the given Node, in a fresh project: what it printed and the tree it resolved. */
async function resolveOn(nodeName: string, node: string) {
  const dir = freshProject(nodeName);
  const version = (await run(node, ['--version'], { cwd: dir })).stdout.trim();
  const args = [
    'install',
    '--package-lock-only',
    '--ignore-scripts',
    '--no-audit',
    '--no-fund',
    '--prefer-offline',
  ];
  const install = await run(node, [NPM_CLI, ...args], { cwd: dir, timeout: 150_000 });
  const lockFile = join(dir, 'package-lock.json');
  const lock = existsSync(lockFile)
    ? (JSON.parse(readFileSync(lockFile, 'utf8')) as { packages: Record<string, { version?: string }> })
    : null;
  return { version, install, lock };
}

let resolved: Map<string, Awaited<ReturnType<typeof resolveOn>>>;

describe('every tarball in a fresh project', () => {
  beforeAll(async () => {
    // The three resolutions mostly wait on the registry: at once.
    const all = await Promise.all(
      NODES.map(async (entry) => [entry.name, await resolveOn(entry.name, entry.node)] as const),
    );
    resolved = new Map(all);
  }, 180_000);

  it.each(NODES)('resolves on $name with no EBADENGINE', ({ name }) => {
    const result = resolved.get(name);
    if (!result) throw new Error(`${name} did not run`);
    const said = `${result.install.stdout}\n${result.install.stderr}`;
    expect(result.install.code, `${result.version}:\n${said}`).toBe(0);
    expect(said, result.version).not.toMatch(/EBADENGINE/);
    for (const pkg of PUBLISHABLE)
      expect(result.lock?.packages[`node_modules/@sharecode/${pkg}`]).toBeDefined();
    // The server's pinned light-my-request, whose cookie supports Node 20 (fastify's newest needs 22).
    expect(result.lock?.packages['node_modules/light-my-request']?.version).toMatch(/^6\.6\./);
  });
});
