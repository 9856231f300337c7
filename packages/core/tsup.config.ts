import { defineConfig } from 'tsup';
import { tsupEntries } from './entries.mjs';

export default defineConfig({
  entry: tsupEntries(),
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
});
