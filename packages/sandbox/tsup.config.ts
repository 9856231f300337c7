import { defineConfig } from 'tsup';
import { libraryBuild } from '../../scripts/library-build.mjs';

export default defineConfig(
  libraryBuild({
    // `index` is browser-safe (msw's `http` handlers); `node` adds msw/node's setupServer;
    // `register` is a preload (`node --import`) that answers a whole script's API calls.
    entry: { index: 'src/index.ts', node: 'src/node.ts', register: 'src/register.ts' },
    platform: 'neutral',
    // msw is a peer dependency and must stay the integrator's own copy (one interceptor per process).
    external: ['msw', 'msw/node', /^node:/],
  }),
);
