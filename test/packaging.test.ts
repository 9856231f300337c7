// publint (package.json against the packed files) and @arethetypeswrong/cli (types under every
// module resolution a consumer may use) on the BUILT packages, as packages/sdk/test/packaging.test.ts
// does for the SDK. How each package is judged:
// - core, sandbox and register: dual ESM + CJS libraries, so attw's default (strict) profile.
// - server: an ESM-only library behind its rtw-server bin, so attw's esm-only profile (CJS
//   consumers on Node >= 20.19, our engines floor, can still require() it: Node loads ESM there).
// - cli: a bin with no exports and no types, so attw has nothing to check; publint still runs,
//   and the test checks there is indeed nothing a consumer could import.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));

const PACKAGES = [
  { name: 'contract', attw: ['--profile', 'strict'] },
  { name: 'core', attw: ['--profile', 'strict'] },
  { name: 'sandbox', attw: ['--profile', 'strict'] },
  { name: 'register', attw: ['--profile', 'strict'] },
  { name: 'server', attw: ['--profile', 'esm-only'] },
  { name: 'cli', attw: null },
] as const;

describe.each(PACKAGES)('the built @sharecode/$name package', ({ name, attw }) => {
  const dir = `${root}packages/${name}`;

  it('is built', () => {
    expect(existsSync(`${dir}/dist`), `run \`npm run build -w @sharecode/${name}\` first`).toBe(true);
  });

  it('passes publint', async () => {
    const { stdout } = await run('npx', ['publint', dir], { cwd: root });
    expect(stdout).toMatch(/All good/);
  }, 60_000);

  if (attw) {
    it(`passes @arethetypeswrong/cli (${attw.join(' ')})`, async () => {
      // attw exits non-zero on any problem, which rejects here with its report.
      const { stdout } = await run('npx', ['attw', '--pack', dir, '--no-color', ...attw], { cwd: root });
      expect(stdout).toContain(`@sharecode/${name} v`);
    }, 120_000);
  } else {
    it('has no exports, main or types for attw to check: only its bin', () => {
      const manifest = JSON.parse(readFileSync(`${dir}/package.json`, 'utf8')) as Record<string, unknown>;
      expect(manifest.exports ?? manifest.main ?? manifest.types ?? null).toBeNull();
      expect(Object.keys(manifest.bin as Record<string, string>)).toEqual(['rtw']);
    });
  }

  it('is complete for the registry: metadata a user sees on the package page', () => {
    const manifest = JSON.parse(readFileSync(`${dir}/package.json`, 'utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      license: 'MIT',
      repository: { type: 'git', directory: `packages/${name}` },
      engines: { node: expect.stringMatching(/^>=\s*20/) },
      publishConfig: { access: 'public' },
    });
    for (const field of ['description', 'keywords', 'files', 'sideEffects', 'homepage', 'bugs']) {
      expect(manifest[field], field).toBeDefined();
    }
    expect(manifest.private).toBeUndefined();
  });
});
