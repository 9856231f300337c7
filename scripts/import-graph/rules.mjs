// The import rules of the repository, in dependency-cruiser's format (paths relative to the root).
// `KNOWN_VIOLATIONS` lists what is allowed today only because another change is fixing it: delete an
// entry once that change has landed and the rule holds for it too.

/**
 * Server files that wire the layers together (the only ones besides store/ that may name store/): the
 * entry files, and `commands/`, the bin's subcommands (admin commands open the database themselves).
 */
export const SERVER_WIRING = ['index.ts', 'bin.ts', 'start-server.ts', 'app.ts', 'config.ts', 'commands/'];

/** Files that still break a rule, each with the rule and why it is tolerated for now. */
/** @type {{ rule: string, from: string }[]} */
export const KNOWN_VIOLATIONS = [];

/** Tests next to sources (`*.test.ts`) may reach anything they exercise. */
const TEST_FILES = '\\.test(-d)?\\.[cm]?[jt]s$';

const escapeRegExp = (path) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const knownFrom = (rule) =>
  KNOWN_VIOLATIONS.filter((v) => v.rule === rule).map((v) => `^${escapeRegExp(v.from)}$`);

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
export const FORBIDDEN = [
  {
    name: 'no-circular',
    comment: 'A module may not reach itself again through its imports (type-only imports included).',
    severity: 'error',
    from: {},
    to: { circular: true },
  },
  {
    name: 'resolvable-imports',
    comment: 'Every import names a file or package that exists (for example an entry core still publishes).',
    severity: 'error',
    // The simulator's browser scripts import by URL; test/runtimes installs its own packages.
    from: { pathNot: ['^packages/portal-sim/assets/', '^test/runtimes/'] },
    to: { couldNotResolve: true },
  },
  {
    name: 'http-not-store',
    comment: "The server's HTTP layer calls the domain; it never imports storage.",
    severity: 'error',
    from: { path: '^packages/server/src/http/' },
    to: { path: '^packages/server/src/store/' },
  },
  {
    name: 'store-only-through-ports',
    comment: 'Storage implements ports the domain owns: only store/ itself and the wiring files name it.',
    severity: 'error',
    from: {
      path: '^packages/server/src/',
      pathNot: [
        '^packages/server/src/store/',
        TEST_FILES,
        ...SERVER_WIRING.map((f) => `^packages/server/src/${escapeRegExp(f)}${f.endsWith('/') ? '' : '$'}`),
        ...knownFrom('store-only-through-ports'),
      ],
    },
    to: { path: '^packages/server/src/store/' },
  },
  {
    name: 'db-drivers-only-in-store',
    comment:
      'pg and PGlite (and their types) are imported by server/src/store/ only: SQL never leaves store/.',
    severity: 'error',
    from: { path: '^packages/[^/]+/src/', pathNot: ['^packages/server/src/store/', TEST_FILES] },
    to: { path: '(^|/)node_modules/(pg|pg-[^/]+|@types/pg|@electric-sql/pglite)/' },
  },
  {
    name: 'playwright-only-in-portal',
    comment: "Playwright (and its types) stays inside the server's portal/ driver.",
    severity: 'error',
    from: { path: '^packages/[^/]+/src/', pathNot: ['^packages/server/src/portal/', TEST_FILES] },
    to: { path: '(^|/)node_modules/(playwright|playwright-core)/' },
  },
  {
    name: 'prom-client-only-in-metrics',
    comment:
      "prom-client stays inside the server's metrics/ (wired by start-server.ts); the rest reports to the observer port.",
    severity: 'error',
    from: { path: '^packages/[^/]+/src/', pathNot: ['^packages/server/src/metrics/', TEST_FILES] },
    to: { path: '(^|/)node_modules/prom-client/' },
  },
  {
    name: 'core-not-sdk',
    comment:
      "Core takes the contract's types and values from @sharecode/contract; it never imports the SDK (the SDK and core both stand on the contract, neither on the other).",
    severity: 'error',
    from: { path: '^packages/core/' },
    to: { path: '^packages/sdk/' },
  },
  {
    name: 'contract-imports-nothing',
    comment:
      '@sharecode/contract is types and constants generated from openapi.json: it imports no other package, and no runtime dependency.',
    severity: 'error',
    from: { path: '^packages/contract/src/' },
    to: { pathNot: '^packages/contract/src/' },
  },
  {
    name: 'no-imports-of-another-package-src',
    comment:
      "A package (or example) uses another package by its name and public entries (`@sharecode/core/duties`), never by a path into that package's src/: what it reaches must be what the other package publishes.",
    severity: 'error',
    from: { path: '^((?:packages|examples)/[^/]+)/' },
    // Relative imports only: a package specifier resolves to its sources through the workspace's
    // aliases (source-aliases.mjs), which is the allowed way in.
    to: { path: '^packages/[^/]+/src/', pathNot: '^$1/', dependencyTypes: ['local'] },
  },
];
