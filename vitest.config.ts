import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { CORE_ENTRIES } from './packages/core/entries.mjs';
import FileOrder from './test/support/file-order.js';

const pkg = (name: string) => fileURLToPath(new URL(`./packages/${name}/src/index.ts`, import.meta.url));

// Core's subpath entries (`@sharecode/core/validation` ...) map to their sources, from core's one table.
const coreEntries = Object.entries(CORE_ENTRIES as Record<string, string>)
  .filter(([subpath]) => subpath !== '.')
  .map(([subpath, file]) => ({
    find: new RegExp(`^@sharecode/core/${subpath.slice(2)}$`),
    replacement: fileURLToPath(new URL(`./packages/core/${file}`, import.meta.url)),
  }));

/**
 * Test projects, by folder and name so that a new file joins one without editing this file:
 *
 * - unit: core, sdk, sandbox, register and cli (src and test) and the repository's own test helpers; no
 *   browser, database server or build. `npm run test:unit`: the developer loop.
 * - checks: the repository's own checks (scripts/**: the import graph, a whole-repository cruise of
 *   26 CPU-seconds, a quarter of unit's): out of the developer loop, beside the build in `npm test`.
 * - integration: the server and the portal simulator (src and test): PGlite and PostgreSQL, HTTP on
 *   loopback, no browser, no build (so `npm test` starts it while the build runs).
 * - e2e: what drives Chromium or starts several processes: the server's portal-*, live-* and
 *   *process* tests, and every test/browser.test.ts.
 * - The examples' own tests are run once, by the packaging project (test/pack-install.test.ts),
 *   against the packed and installed packages, as a user runs them: running them here too against
 *   the sources proved nothing more and cost a minute of CPU.
 * - packaging: the built packages (root test/, packaging and size tests): needs `npm run build`.
 *
 * Worker counts are set for 2 cores: two files at a time in each project. Files start in the same
 * order on every run, each project's known-long files first (test/support/file-order.ts): vitest's
 * own order, from its record of the last run, leaves out beforeAll time and started the release dry
 * run last on a second run. A file that grows long belongs in LONG_FILES there.
 * `scripts/test-stages.mjs` (`npm test`) runs the projects as timed stages.
 */
const E2E = [
  'packages/server/test/portal-*.test.ts',
  'packages/server/test/live-*.test.ts',
  'packages/server/test/*process*.test.ts',
  'packages/*/test/browser.test.ts',
  // Kills the built rtw-server mid-check: needs the build, like every process test.
  'packages/server/test/browser-crash-privacy.test.ts',
  // The applicant's page in Chromium against rtw-server in process (issue 35).
  'packages/server/test/browser-applicant.test.ts',
];
const PACKAGING = ['test/*.test.ts', 'packages/*/test/packaging.test.ts', 'packages/*/test/size.test.ts'];
const SUPPORT = 'test/support/**/*.test.ts';
// The repository's own checks (scripts/import-graph ...): no build needed.
const SCRIPTS = 'scripts/**/*.test.ts';
// The benchmarks' own measuring tools (bench/support): plain modules, tested on synthetic /proc readings.
const BENCH = 'bench/support/**/*.test.ts';
const EXCLUDE = ['**/node_modules/**', '**/dist/**'];

// Tests run against each package's source; the built output is exercised by the packaging tests.
export default defineConfig({
  resolve: {
    alias: [
      {
        find: /^@sharecode\/sdk\/openapi$/,
        replacement: fileURLToPath(new URL('./packages/sdk/src/openapi.ts', import.meta.url)),
      },
      {
        find: /^@sharecode\/sandbox\/node$/,
        replacement: fileURLToPath(new URL('./packages/sandbox/src/node.ts', import.meta.url)),
      },
      {
        find: /^@sharecode\/sdk\/webhooks$/,
        replacement: fileURLToPath(new URL('./packages/sdk/src/webhooks-entry.ts', import.meta.url)),
      },
      {
        find: /^@sharecode\/sdk\/node$/,
        replacement: fileURLToPath(new URL('./packages/sdk/src/node.ts', import.meta.url)),
      },
      ...coreEntries,
      { find: /^@sharecode\/contract$/, replacement: pkg('contract') },
      { find: /^@sharecode\/core$/, replacement: pkg('core') },
      { find: /^@sharecode\/sdk$/, replacement: pkg('sdk') },
      { find: /^@sharecode\/sandbox$/, replacement: pkg('sandbox') },
      { find: /^@sharecode\/register$/, replacement: pkg('register') },
    ],
  },
  test: {
    exclude: EXCLUDE,
    // Each project's known-long files first, then the rest by size, on every run (test/support/file-order.ts).
    sequence: { sequencer: FileOrder },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'packages/{contract,core,sdk,sandbox,cli,register}/src/**/*.test.ts',
            'packages/{contract,core,sdk,sandbox,cli,register}/test/**/*.test.ts',
            SUPPORT,
          ],
          // A package's browser test (the sandbox's, issue 35) is e2e's alone: Chromium, once.
          exclude: [...EXCLUDE, ...E2E, ...PACKAGING],
          // Worker threads start faster than processes; these files share no process state.
          pool: 'threads',
          maxWorkers: 2,
          // Files share a worker's loaded modules: 51 CPU-seconds instead of 85 for the project,
          // which passes the same either way (each file sets up and tears down what it uses).
          isolate: false,
          // A file that leaves the global fetch patched fails, not the next file's HTTP test.
          setupFiles: ['test/support/fetch-guard.ts'],
          typecheck: {
            enabled: true,
            tsconfig: 'tsconfig.vitest.json',
            include: ['packages/*/test/**/*.test-d.ts', 'packages/*/src/**/*.test-d.ts'],
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'checks',
          include: [SCRIPTS, BENCH],
          pool: 'threads',
          maxWorkers: 1,
          // The cruise parses ~700 files: tens of seconds on a loaded machine.
          testTimeout: 90_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: [
            'packages/{server,portal-sim}/src/**/*.test.ts',
            'packages/{server,portal-sim}/test/**/*.test.ts',
          ],
          exclude: [...EXCLUDE, ...E2E, ...PACKAGING],
          pool: 'forks',
          maxWorkers: 2,
          // Files share a worker's loaded modules (the server's graph is large): 92 CPU-seconds
          // instead of 138, and 60 s instead of 85 on 2 cores. Each file starts its own servers and
          // databases and closes them.
          isolate: false,
          // Servers on PGlite start in 1 s on a quiet machine and in 10 s on a loaded one (seen: a
          // 3 s webhook test timed out at 20 s with the load average at 19). A hang still fails.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: E2E,
          exclude: [...EXCLUDE, ...PACKAGING],
          // These files mostly wait (leases running out, processes starting, a portal's latency):
          // 93 CPU-seconds in 310 s of wall time when run one by one, so two at a time.
          pool: 'forks',
          maxWorkers: 2,
          // As in integration: files share a worker's modules (Playwright, the server, PGlite); each
          // launches and closes its own browsers, servers and processes. 104 CPU-seconds instead
          // of 150, 78 s instead of 104 alone.
          isolate: false,
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'packaging',
          include: PACKAGING,
          exclude: EXCLUDE,
          pool: 'forks',
          // The two long files (pack and install; a release dry run in a copy) mostly wait on npm.
          maxWorkers: 2,
        },
      },
    ],
  },
});
