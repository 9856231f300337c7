// `npm install -g` of the packed CLI, as a user without a project does it: into a temporary
// prefix, from the tarballs. The CLI must come without the sandbox's heavy dependencies (msw,
// @sharecode/sandbox): they are optional peers, loaded only by --sandbox, which then says how to
// install them. pdf-lib comes with it since `rtw register pack` writes the evidence pack's PDF
// (loaded by that command only). The tarballs of the workspace packages the CLI depends on (the SDK, the
// register, and theirs in turn) are installed alongside, as the registry would serve them.
// Needs the built packages (`npm run build`) and the npm registry or a warm cache (commander).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommandResult, readManifest, run } from './pack-install-helpers.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const output = (result: CommandResult) => `exit ${result.code}\n${result.stdout}\n${result.stderr}`;
let temp = '';

/** Every installed package's folder below `dir`, nested node_modules included. */
function installedPackages(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const names = entry.name.startsWith('@')
      ? readdirSync(join(dir, entry.name)).map((name) => `${entry.name}/${name}`)
      : [entry.name];
    for (const name of names) {
      found.push(`${dir}/${name}`);
      const nested = join(dir, name, 'node_modules');
      if (existsSync(nested)) found.push(...installedPackages(nested));
    }
  }
  return found;
}
/**
 * The workspace packages `pkg` needs at run time, itself included, read from the manifests: a
 * global install from tarballs has no registry copy of an unpublished sibling to fall back on.
 */
function workspaceClosure(pkg: string, seen = new Set<string>()): Set<string> {
  if (seen.has(pkg)) return seen;
  seen.add(pkg);
  for (const name of Object.keys(readManifest(join(root, 'packages', pkg)).dependencies ?? {})) {
    if (name.startsWith('@sharecode/')) workspaceClosure(name.slice('@sharecode/'.length), seen);
  }
  return seen;
}
const cliPackages = [...workspaceClosure('cli')];
const prefix = () => join(temp, 'prefix');
const rtw = () => join(prefix(), 'bin', 'rtw');

beforeAll(async () => {
  for (const pkg of cliPackages) {
    if (!existsSync(join(root, 'packages', pkg, 'dist'))) throw new Error('run `npm run build` first');
  }
  temp = mkdtempSync(join(tmpdir(), 'sharecode-cli-global-'));
  const tarballs = join(temp, 'tarballs');
  mkdirSync(tarballs);
  const pack = await run(
    'npm',
    [
      'pack',
      '--json',
      '--pack-destination',
      tarballs,
      ...cliPackages.flatMap((pkg) => ['-w', `@sharecode/${pkg}`]),
    ],
    { cwd: root },
  );
  if (pack.code !== 0) throw new Error(`npm pack failed:\n${output(pack)}`);
  const files = (JSON.parse(pack.stdout) as { filename: string }[]).map((entry) =>
    join(tarballs, entry.filename),
  );
  const install = await run(
    'npm',
    ['install', '-g', '--prefix', prefix(), '--no-audit', '--no-fund', '--prefer-offline', ...files],
    { cwd: temp, timeout: 180_000 },
  );
  if (install.code !== 0) throw new Error(`npm install -g failed:\n${output(install)}`);
}, 240_000);

afterAll(() => {
  if (temp) rmSync(temp, { recursive: true, force: true });
});

describe('npm install -g of the packed CLI', { timeout: 60_000 }, () => {
  it('pulls no msw and no sandbox; pdf-lib for the evidence pack', () => {
    const installed = installedPackages(join(prefix(), 'lib', 'node_modules'));
    expect(
      installed.some((dir) => dir.endsWith('node_modules/commander')),
      'commander is installed',
    ).toBe(true);
    expect(
      installed.some((dir) => dir.endsWith('node_modules/@sharecode/register')),
      'the register is installed',
    ).toBe(true);
    expect(
      installed.some((dir) => dir.endsWith('node_modules/pdf-lib')),
      'pdf-lib is installed (rtw register pack)',
    ).toBe(true);
    for (const heavy of ['msw', '@sharecode/sandbox', '@sharecode/core']) {
      expect(installed.filter((dir) => dir.endsWith(`node_modules/${heavy}`))).toEqual([]);
    }
  });

  it('runs `rtw --help` from the linked bin', async () => {
    const help = await run(rtw(), ['--help'], { cwd: temp });
    expect(help.code, output(help)).toBe(0);
    expect(help.stdout).toMatch(/^Usage: rtw /m);
  });

  it('checks the input with the rules bundled from core, without the sandbox', async () => {
    const bad = await run(
      rtw(),
      ['check', 'right-to-work', '--share-code', 'nope', '--dob', '1990-01-01', '--company', 'Acme'],
      {
        cwd: temp,
        env: {
          RTW_API_KEY: 'rtw_test_0000000000000000000000000000000000000000',
          RTW_BASE_URL: 'http://127.0.0.1:9',
        },
      },
    );
    expect(bad.code, output(bad)).toBe(2);
    expect(bad.stderr).toContain('Error INVALID_INPUT: 1 thing to put right before the check can run:');
    expect(bad.stderr).toMatch(/- --share-code must be 9 letters/);
  });

  it('says how to install the sandbox when --sandbox is used without it', async () => {
    const check = await run(
      rtw(),
      [
        'check',
        'right-to-work',
        '--sandbox',
        '--share-code',
        'WACPT0001',
        '--dob',
        '1990-01-01',
        '--company',
        'Acme Ltd',
      ],
      { cwd: temp },
    );
    expect(check.code, output(check)).toBe(2);
    expect(check.stderr).toContain('npm install -g @sharecode/sandbox msw');
    expect(check.stderr).not.toMatch(/ERR_MODULE_NOT_FOUND|at .*\.js:\d+/);
  });
});
