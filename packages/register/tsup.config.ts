import { defineConfig } from 'tsup';
import { libraryBuild } from '../../scripts/library-build.mjs';

export default defineConfig(
  libraryBuild({
    entry: { index: 'src/index.ts' },
    platform: 'node',
    // Core's duty rules and date helpers (`@sharecode/core/duties`, `@sharecode/core/util`) are
    // bundled, code and types, from those entries' sources (tsconfig.build.json maps them): as a
    // dependency, core would bring pdf-lib (its sandbox PDFs) into every install of the register
    // and of the CLI that uses it.
    tsconfig: 'tsconfig.build.json',
    noExternal: [/^@sharecode\/core(\/|$)/],
    external: [/^node:/],
    removeNodeProtocol: false,
  }),
);
