import { defineConfig } from 'tsup';
import { libraryBuild } from '../../scripts/library-build.mjs';

export default defineConfig(libraryBuild({ entry: { index: 'src/index.ts' } }));
