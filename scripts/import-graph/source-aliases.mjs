// Workspace package specifiers -> their source files, so the graph follows imports across packages
// into sources (as the tests' aliases in vitest.config.ts do) and needs no build.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const FIXED = {
  '@sharecode/contract': 'packages/contract/src/index.ts',
  '@sharecode/sdk': 'packages/sdk/src/index.ts',
  '@sharecode/sdk/openapi': 'packages/sdk/src/openapi.ts',
  '@sharecode/sdk/node': 'packages/sdk/src/node.ts',
  '@sharecode/sdk/webhooks': 'packages/sdk/src/webhooks-entry.ts',
  '@sharecode/sandbox': 'packages/sandbox/src/index.ts',
  '@sharecode/sandbox/node': 'packages/sandbox/src/node.ts',
  '@sharecode/sandbox/register': 'packages/sandbox/src/register.ts',
  '@sharecode/register': 'packages/register/src/index.ts',
  '@sharecode/portal-sim': 'packages/portal-sim/src/index.ts',
  '@sharecode/server': 'packages/server/src/index.ts',
};

/** enhanced-resolve `alias` (exact matches) for the workspace packages under `root`. */
export async function sourceAliases(root) {
  const { CORE_ENTRIES } = await import(pathToFileURL(join(root, 'packages/core/entries.mjs')).href);
  const core = Object.fromEntries(
    Object.entries(CORE_ENTRIES).map(([subpath, file]) => [
      `@sharecode/core${subpath === '.' ? '' : subpath.slice(1)}`,
      `packages/core/${file}`,
    ]),
  );
  return Object.fromEntries(
    Object.entries({ ...FIXED, ...core }).map(([specifier, file]) => [`${specifier}$`, join(root, file)]),
  );
}
