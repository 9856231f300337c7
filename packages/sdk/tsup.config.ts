import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    openapi: 'src/openapi.ts',
    node: 'src/node.ts',
    webhooks: 'src/webhooks-entry.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
  // openapi-fetch ships only a default export; bundling it (6 kB) avoids the CJS default-import
  // interop trap. It stays a dependency for its types.
  noExternal: ['openapi-fetch'],
  // Only the `node` entry imports Node built-ins; they stay `node:` imports, never bundled.
  external: [/^node:/],
  removeNodeProtocol: false,
});
