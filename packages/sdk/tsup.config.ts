import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsup';
import { libraryBuild } from '../../scripts/library-build.mjs';

export default defineConfig(
  libraryBuild({
    entry: {
      index: 'src/index.ts',
      openapi: 'src/openapi.ts',
      node: 'src/node.ts',
      webhooks: 'src/webhooks-entry.ts',
    },
    platform: 'neutral',
    // openapi-fetch ships only a default export; bundling it (6 kB) avoids the CJS default-import
    // interop trap. It stays a dependency for its types.
    // Core's key rule (`@sharecode/core/validation`) is bundled from its source, as the CLI bundles
    // core: only that rule comes in (core as a dependency would pull pdf-lib into every install).
    noExternal: ['openapi-fetch', /^@sharecode\/core(\/|$)/],
    // Only the `node` entry imports Node built-ins; they stay `node:` imports, never bundled.
    external: [/^node:/],
    removeNodeProtocol: false,
    esbuildOptions(options) {
      options.alias = {
        '@sharecode/core/validation': fileURLToPath(
          new URL('../core/src/validation/index.ts', import.meta.url),
        ),
      };
    },
  }),
);
