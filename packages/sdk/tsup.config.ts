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
    noExternal: ['openapi-fetch'],
    // Only the `node` entry imports Node built-ins; they stay `node:` imports, never bundled.
    external: [/^node:/],
    removeNodeProtocol: false,
  }),
);
