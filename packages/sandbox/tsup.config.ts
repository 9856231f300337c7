import { defineConfig } from 'tsup';

export default defineConfig({
  // `index` is browser-safe (msw's `http` handlers); `node` adds msw/node's setupServer;
  // `register` is a preload (`node --import`) that answers a whole script's API calls.
  entry: { index: 'src/index.ts', node: 'src/node.ts', register: 'src/register.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
  // msw is a peer dependency and must stay the integrator's own copy (one interceptor per process).
  external: ['msw', 'msw/node', /^node:/],
});
