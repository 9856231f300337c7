import { defineConfig } from 'tsup';
import { libraryBuild } from '../../scripts/library-build.mjs';

export default defineConfig([
  libraryBuild({
    entry: { index: 'src/index.ts' },
    // The bin build runs alongside this one: never wipe its output.
    clean: ['!bin.js', '!bin.js.map'],
    // import.meta.url locates templates, seed and assets at run time; shimmed in the CJS build.
    shims: true,
  }),
  {
    entry: { bin: 'src/bin.ts' },
    format: ['esm'],
    sourcemap: true,
    target: 'es2022',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
