import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsup';
import { CORE_ENTRIES } from '../core/entries.mjs';

// Each core entry (`@sharecode/core`, `@sharecode/core/validation` ...) bundled from its source file.
const coreAliases = Object.fromEntries(
  Object.entries(CORE_ENTRIES as Record<string, string>).map(([subpath, file]) => [
    `@sharecode/core${subpath === '.' ? '' : subpath.slice(1)}`,
    fileURLToPath(new URL(`../core/${file}`, import.meta.url)),
  ]),
);

export default defineConfig({
  // One entry; command bodies are split into chunks that `bin` imports on use, so `rtw --help`
  // loads commander and little else.
  entry: { bin: 'src/bin.ts' },
  format: ['esm'],
  splitting: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  platform: 'node',
  removeNodeProtocol: false,
  // Dependencies (commander, the SDK, the optional sandbox and msw) stay external. Core is bundled
  // from its sources, so only the rules the CLI uses come in: as a dependency, core would pull
  // the sandbox's code into every install of the CLI. pdf-lib (a dependency, for `rtw register
  // pack` only, imported on use) stays external rather than 400 kB inlined.
  noExternal: [/^@sharecode\/core(\/|$)/],
  external: ['pdf-lib'],
  esbuildOptions(options) {
    options.alias = coreAliases;
  },
});
