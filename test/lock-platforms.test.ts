// The lock must install with `npm ci` on every platform users and CI run: it records every
// platform build of each native tool (biome, rollup, esbuild, rolldown, lightningcss, ...).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, shared with `npm run check:lock`.
import { checkLock, PLATFORMS } from '../scripts/check-lock-platforms.mjs';

const lockPath = fileURLToPath(new URL('../package-lock.json', import.meta.url));
// The engines floor and the Node running this test (npm warns EBADENGINE for a required package
// whose range leaves either out; optional platform builds are skipped silently instead).
const NODES = ['20.19.0', process.version];
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));

describe('package-lock.json', () => {
  it('lists every optional dependency and a linux, darwin and win32 (x64, arm64) build of each native tool', () => {
    const { problems, tools } = checkLock(lock);
    expect(problems).toEqual([]);
    expect(tools).toEqual(expect.arrayContaining(['@biomejs/biome', 'esbuild', 'rollup']));
  });

  it.each(['@biomejs/cli', '@esbuild/', '@rollup/rollup-'])('names each platform package of %s', (prefix) => {
    const entries = Object.entries(lock.packages as Record<string, { os?: string[]; cpu?: string[] }>).filter(
      ([path]) => path.includes(`node_modules/${prefix}`),
    );
    for (const { os, cpu } of PLATFORMS as { os: string; cpu: string }[]) {
      const build = entries.find(([, e]) => e.os?.includes(os) && e.cpu?.includes(cpu));
      expect(build, `${prefix} ${os}-${cpu}`).toBeDefined();
    }
  });

  it('is rejected by the check when a platform build is missing', () => {
    const broken = structuredClone(lock);
    delete broken.packages['node_modules/@biomejs/cli-darwin-arm64'];
    const { problems } = checkLock(broken);
    expect(problems).toContain(
      'node_modules/@biomejs/biome: the lock lacks its optional dependency @biomejs/cli-darwin-arm64',
    );
    expect(problems.some((p: string) => p.includes('no darwin-arm64 build'))).toBe(true);
  });

  it('is rejected by the check when a required dependency is missing (npm ci would not install it)', () => {
    const broken = structuredClone(lock);
    delete broken.packages['node_modules/@fastify/deepmerge'];
    expect(checkLock(broken).problems).toContain(
      'node_modules/light-my-request: the lock lacks its dependency @fastify/deepmerge',
    );
  });

  it('has no package that needs a newer Node than the engines floor (no EBADENGINE)', () => {
    const tooNew = Object.entries(
      lock.packages as Record<string, { engines?: { node?: string }; optional?: boolean }>,
    )
      .filter(
        ([, e]) =>
          !e.optional && e.engines?.node && !NODES.every((v) => semver.satisfies(v, e.engines?.node ?? '*')),
      )
      .map(([path, e]) => `${path} ${e.engines?.node}`);
    expect(tooNew).toEqual([]);
  });
});
