// The published shape, proven the way a user meets it: every publishable package is packed with
// `npm pack`, the tarballs are installed (once) into a fresh project under the OS temp folder, far
// from this workspace's links, and then:
// - every file a manifest points at is in the tarball, and every package imports only what it
//   declares (a flat install would hide an undeclared dependency another package happens to bring);
// - every example's own test suite runs there, unchanged, against the installed packages
//   (`node --import @sharecode/sandbox/register` included), so a file missing from a package's
//   `files` or a wrong `exports` entry fails an example; so does @sharecode/register's README example;
// - the `rtw` bin runs a sandbox check, and `rtw-server` from its tarball creates an account and a
//   test key and serves checks to `rtw` and to the sync-check example, and its /docs page.
// Needs the built packages (`npm run build`, which the root test command runs first) and the npm
// registry (or a warm npm cache) for the examples' third-party dependencies.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CommandResult,
  declaredForConsumers,
  existingFile,
  exportSpecifiers,
  listFiles,
  type Manifest,
  PUBLISHABLE,
  pointedAtFiles,
  readManifest,
  run,
  startBackground,
  undeclaredImports,
} from './pack-install-helpers.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const examples = readdirSync(join(root, 'examples'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(root, 'examples', entry.name, 'package.json')))
  .map((entry) => entry.name)
  .sort();

interface Packed {
  name: string;
  filename: string;
  size: number;
  unpackedSize: number;
  entryCount: number;
}

let project = '';
let packed: Packed[] = [];
const installed = (pkg: string) => join(project, 'node_modules', '@sharecode', pkg);
const output = (result: CommandResult) => `exit ${result.code}\n${result.stdout}\n${result.stderr}`;

beforeAll(async () => {
  const missing = PUBLISHABLE.filter((pkg) => !existsSync(join(root, 'packages', pkg, 'dist')));
  if (missing.length > 0) {
    throw new Error(`packages/{${missing.join(',')}}/dist is missing: run \`npm run build\` first.`);
  }
  project = mkdtempSync(join(tmpdir(), 'sharecode-pack-install-'));
  const tarballs = join(project, 'tarballs');
  mkdirSync(tarballs);

  // One `npm pack` for every package: exactly what `npm publish` would upload.
  const pack = await run(
    'npm',
    [
      'pack',
      '--json',
      '--pack-destination',
      tarballs,
      ...PUBLISHABLE.flatMap((pkg) => ['-w', `@sharecode/${pkg}`]),
    ],
    { cwd: root },
  );
  if (pack.code !== 0) throw new Error(`npm pack failed:\n${output(pack)}`);
  packed = JSON.parse(pack.stdout) as Packed[];

  // A user's project: the tarballs, plus the third-party packages the examples declare, from the
  // registry. The overrides make the packages' dependencies on each other use the tarballs too.
  const dependencies: Record<string, string> = {};
  const overrides: Record<string, string> = {};
  for (const entry of packed) {
    dependencies[entry.name] = `file:tarballs/${entry.filename}`;
    overrides[entry.name] = `$${entry.name}`;
  }
  for (const example of examples) {
    const manifest = readManifest(join(root, 'examples', example));
    for (const [name, range] of Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })) {
      if (!name.startsWith('@sharecode/')) dependencies[name] ??= range;
    }
  }
  // The examples' tests are run with vitest, as the workspace runs them.
  dependencies.vitest ??= readManifest(root).devDependencies?.vitest ?? 'latest';
  writeFileSync(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'sharecode-pack-install', private: true, type: 'module', dependencies, overrides }, null, 2)}\n`,
  );
  const install = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: project,
    timeout: 240_000,
  });
  if (install.code !== 0) throw new Error(`npm install of the tarballs failed:\n${output(install)}`);

  // The examples' files as a user would copy them (no node_modules: they resolve from the
  // project's). integrator-tests' tsconfig extends ../../tsconfig.json, as in this repository.
  for (const example of examples) {
    cpSync(join(root, 'examples', example), join(project, 'examples', example), {
      recursive: true,
      filter: (source) => !source.includes('node_modules'),
    });
  }
  cpSync(join(root, 'tsconfig.json'), join(project, 'tsconfig.json'));
}, 300_000);

afterAll(() => {
  // PACK_INSTALL_KEEP=1 keeps the project for a look after a failure.
  if (project && process.env.PACK_INSTALL_KEEP !== '1') rmSync(project, { recursive: true, force: true });
  else if (project) console.log(`pack-install project kept at ${project}`);
});

describe('packed packages installed outside the workspace', { timeout: 180_000 }, () => {
  it('packs every publishable package and no private one', () => {
    expect(packed.map((entry) => entry.name).sort()).toEqual(
      PUBLISHABLE.map((pkg) => `@sharecode/${pkg}`).sort(),
    );
    for (const entry of packed) {
      console.log(
        `pack: ${entry.name} ${entry.filename} ${entry.size} B packed, ${entry.unpackedSize} B unpacked, ${entry.entryCount} files`,
      );
    }
  });

  describe.each(PUBLISHABLE)('@sharecode/%s as installed from its tarball', (pkg) => {
    let manifest: Manifest;
    beforeAll(() => {
      manifest = readManifest(installed(pkg));
    });

    it('contains every file its package.json points at', () => {
      const absent = pointedAtFiles(manifest).filter((path) => !existingFile(join(installed(pkg), path)));
      expect(absent, `missing from the tarball (check "files" in packages/${pkg}/package.json)`).toEqual([]);
      expect(listFiles(installed(pkg))).toContain('README.md');
    });

    it('imports only the packages it declares as dependencies or peers', () => {
      const undeclared = Object.fromEntries(
        // Swagger UI's browser bundle (served by /docs, never loaded by Node) names the modules it
        // bundled in its own require() calls.
        undeclaredImports(
          installed(pkg),
          declaredForConsumers(manifest),
          (file) => !file.startsWith('dist/swagger-ui/'),
        ),
      );
      expect(undeclared, `add these to "dependencies" of packages/${pkg}/package.json`).toEqual({});
    });

    it('loads every export from ESM and from CJS', async () => {
      const specifiers = exportSpecifiers(manifest);
      if (specifiers.length === 0) return; // bins only (cli)
      const list = JSON.stringify(specifiers);
      const esm = await run(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `for (const s of ${list}) console.log(s, Object.keys(await import(s)).length)`,
        ],
        { cwd: project },
      );
      expect(esm.code, output(esm)).toBe(0);
      if (manifest.exports && JSON.stringify(manifest.exports).includes('"require"')) {
        const cjs = await run(
          process.execPath,
          ['-e', `for (const s of ${list}) console.log(s, Object.keys(require(s)).length)`],
          { cwd: project },
        );
        expect(cjs.code, output(cjs)).toBe(0);
        expect(cjs.stdout).toBe(esm.stdout);
      }
    });
  });

  describe.each(examples)('examples/%s', (example) => {
    it('imports only what its package.json declares', () => {
      const manifest = readManifest(join(root, 'examples', example));
      const dir = join(project, 'examples', example);
      const runtime = new Set([...declaredForConsumers(manifest)]);
      // Tests may also use devDependencies, and vitest (the workspace's test runner).
      const tests = new Set([...runtime, ...Object.keys(manifest.devDependencies ?? {}), 'vitest']);
      const isTest = (file: string) => file.startsWith('test/') || /\.test\.[cm]?[jt]s$/.test(file);
      const undeclared = {
        ...Object.fromEntries(undeclaredImports(dir, runtime, (file) => !isTest(file))),
        ...Object.fromEntries(undeclaredImports(dir, tests, isTest)),
      };
      expect(undeclared, `declare these in examples/${example}/package.json`).toEqual({});
    });
  });

  it('runs every example test suite against the installed packages', async () => {
    const results = join(project, 'vitest-results.json');
    const suite = await run(
      'npx',
      // Two workers: the examples' files mostly wait on the Node processes they start and on their
      // retry timers (about 20 CPU-seconds in 90 s of wall on one worker), so a second one halves the
      // wall for little CPU beside the rest of the test command. The workspace's per-test timeout
      // too (vitest.config.ts), not vitest's 5 s default, since other stages share the cores.
      [
        'vitest',
        'run',
        '--dir',
        'examples',
        '--maxWorkers=2',
        '--testTimeout=20000',
        '--reporter=json',
        `--outputFile=${results}`,
      ],
      // The examples grew with issues 24 and 28 (evidence saved twice, the Hono receiver, the
      // register): about 170 s on one worker beside two heavy stages, so the budget is 280 s.
      { cwd: project, timeout: 280_000 },
    );
    const report = existsSync(results)
      ? (JSON.parse(readFileSync(results, 'utf8')) as {
          testResults: Array<{
            name: string;
            status: string;
            message?: string;
            assertionResults: Array<{ fullName: string; status: string; failureMessages: string[] }>;
          }>;
        })
      : { testResults: [] };
    const failures = report.testResults.flatMap((file) => [
      ...(file.status === 'passed' ? [] : [`${file.name}: ${file.message ?? file.status}`]),
      ...file.assertionResults
        .filter((test) => test.status !== 'passed')
        .map((test) => `${test.fullName}: ${test.failureMessages.join('\n').slice(0, 1500)}`),
    ]);
    expect(failures, output(suite)).toEqual([]);
    expect(suite.code, output(suite)).toBe(0);
    for (const example of examples) {
      const files = report.testResults.filter((file) => file.name.includes(`/examples/${example}/`));
      const tests = files.flatMap((file) => file.assertionResults);
      expect(tests.length, `examples/${example} ran no test`).toBeGreaterThan(0);
    }
  }, 300_000);

  it("@sharecode/register's README example runs as written against the installed packages", async () => {
    // The first `js` block of the README, as installed: a user pastes it into a module of their own.
    const readme = readFileSync(join(installed('register'), 'README.md'), 'utf8');
    const code = /```js\n([\s\S]*?)\n```/.exec(readme)?.[1];
    expect(code, 'the README has a js example').toBeDefined();
    const dir = join(project, 'register-readme');
    mkdirSync(dir);
    writeFileSync(join(dir, 'example.mjs'), `${code}\n`);
    const env = {
      RTW_API_KEY: 'rtw_test_0000000000000000000000000000000000000000',
      RTW_BASE_URL: '',
      RTW_REGISTER: join(dir, 'register'),
      XDG_CONFIG_HOME: join(dir, 'config'),
      XDG_STATE_HOME: join(dir, 'state'),
    };
    // The sandbox answers in process (as the README says), so the example needs no server.
    const args = ['--import', '@sharecode/sandbox/register', 'example.mjs'];
    const first = await run(process.execPath, args, { cwd: dir, env });
    expect(first.code, output(first)).toBe(0);
    expect(first.stdout).toMatch(/^register \S+register, sealed with key [0-9a-f]{16}$/m);
    expect(first.stdout).toMatch(/^filed as receipt 1 \(sandbox\)/m);
    expect(first.stdout).toMatch(/^EMP-0042: follow-up \S+, keep until \d{4}-03-31$/m);
    expect(first.stdout).toContain('register intact: 2 receipts');
    // Its key was made once, outside the register, and the register files are its owner's only.
    expect(listFiles(join(dir, 'config'))).toEqual(['rtw/register.key']);
    expect(statSync(join(dir, 'register', 'receipts', '000001.json')).mode & 0o777).toBe(0o600);
    // Run again: the same register and key, the same check recognised as a repeat.
    const again = await run(process.execPath, args, { cwd: dir, env });
    expect(again.code, output(again)).toBe(0);
    expect(again.stdout).toContain('register intact: 4 receipts');
  });

  it('rtw from the installed CLI runs a sandbox check and saves the evidence', async () => {
    const evidence = join(project, 'cli-evidence');
    const check = await run(
      'npx',
      [
        'rtw',
        'check',
        'right-to-work',
        '--sandbox',
        '--share-code',
        'WACPT0001',
        '--dob',
        '1990-01-01',
        '--company',
        'Acme Ltd',
        '--out',
        evidence,
      ],
      { cwd: project },
    );
    expect(check.code, output(check)).toBe(0);
    expect(check.stdout).toMatch(/^ACCEPTED\s+Right to work$/m);
    expect(
      listFiles(evidence)
        .map((file) => file.replace(/^.*\./, ''))
        .sort(),
    ).toEqual(['jpg', 'pdf']);
  });

  it("installs no swagger-ui-dist and no @scarf/scarf: /docs's files and their licence are in the server's own tarball", async () => {
    // swagger-ui-dist depends on @scarf/scarf, an install-time analytics script (issue 36).
    const ls = await run('npm', ['ls', '@scarf/scarf', 'swagger-ui-dist', '--all', '--json'], {
      cwd: project,
    });
    const tree = JSON.parse(ls.stdout || '{}') as { dependencies?: Record<string, unknown> };
    expect(tree.dependencies ?? {}, output(ls)).toEqual({});
    for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'LICENSE', 'NOTICE']) {
      expect(existsSync(join(installed('server'), 'dist', 'swagger-ui', file)), file).toBe(true);
    }
  });

  it('rtw-server from its tarball: an account, a test key, then rtw and the sync-check example against it', async () => {
    const data = join(project, 'rtw-data');
    const account = await run(
      'npx',
      [
        'rtw-server',
        'accounts',
        'create',
        '--email',
        'owner@example.com',
        '--plan',
        'free',
        '--data-dir',
        data,
      ],
      { cwd: project },
    );
    expect(account.code, output(account)).toBe(0);
    const accountId = account.stdout.trim();
    expect(accountId).toMatch(/^acc_\w+$/);
    const key = await run(
      'npx',
      ['rtw-server', 'keys', 'create', '--account', accountId, '--mode', 'test', '--data-dir', data],
      { cwd: project },
    );
    expect(key.code, output(key)).toBe(0);
    const apiKey = key.stdout.trim();
    expect(apiKey).toMatch(/^rtw_test_\w+$/);

    const server = startBackground(
      'npx',
      ['rtw-server', 'start', '--port', '0', '--data-dir', data, '--no-portal-driver'],
      { cwd: project },
    );
    try {
      const [, baseUrl = ''] = await server.waitFor(
        /"url":"(http:[^"]+)"[^\n]*"msg":"rtw-server listening"/,
        60_000,
      );
      expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

      // The reference page's renderer comes from the server's own tarball, not from a CDN.
      const docs = await fetch(`${baseUrl}/docs`);
      expect(docs.status).toBe(200);
      expect(await docs.text()).toContain('/docs/assets/swagger-ui-bundle.js');
      const renderer = await fetch(`${baseUrl}/docs/assets/swagger-ui-bundle.js`);
      expect(renderer.status).toBe(200);
      expect(await renderer.text()).toContain('SwaggerUIBundle');
      const env = { RTW_API_KEY: apiKey, RTW_BASE_URL: baseUrl };

      const cli = await run(
        'npx',
        [
          'rtw',
          'check',
          'right-to-work',
          '--share-code',
          'W ACPT 0001',
          '--dob',
          '1990-01-01',
          '--company',
          'Acme Ltd',
          '--no-evidence',
        ],
        { cwd: project, env },
      );
      expect(cli.code, output(cli)).toBe(0);
      expect(cli.stdout).toMatch(/^ACCEPTED\s+Right to work$/m);

      const example = await run(process.execPath, ['check.mjs', 'WNFND0001', '1990-01-01', 'Acme Ltd'], {
        cwd: join(project, 'examples', 'sync-check'),
        env,
      });
      expect(example.code, output(example)).toBe(4);
      expect(example.stderr).toMatch(/^NOT_FOUND: /);
    } finally {
      await server.stop();
    }
  });
});
