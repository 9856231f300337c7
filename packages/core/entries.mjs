// Core's public entries: subpath -> source file. One table for the build (tsup.config.ts), the
// workspace's test aliases (vitest.config.ts), the CLI's bundling of core and the API reports;
// package.json `exports` must list the same subpaths (test/built-imports.test.ts checks it).
export const CORE_ENTRIES = {
  '.': 'src/index.ts',
  './validation': 'src/validation/index.ts',
  './sandbox': 'src/sandbox/index.ts',
  './util': 'src/util/index.ts',
  './duties': 'src/duties/index.ts',
  './check-requests': 'src/check-requests/index.ts',
};

/** tsup's entry names: `index` for the main entry, the subpath otherwise (dist/validation.js ...). */
export function tsupEntries() {
  return Object.fromEntries(
    Object.entries(CORE_ENTRIES).map(([subpath, file]) => [
      subpath === '.' ? 'index' : subpath.slice(2),
      file,
    ]),
  );
}
