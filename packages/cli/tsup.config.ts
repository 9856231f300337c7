import { defineConfig } from 'tsup';

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
  // Dependencies (commander, msw, the @sharecode packages) stay external: tsup's default.
});
