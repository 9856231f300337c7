import { defineConfig } from 'tsup';
import { libraryBuild } from '../../scripts/library-build.mjs';

// Types and constants only: nothing to bundle, nothing imported at run time.
export default defineConfig(libraryBuild({ entry: { index: 'src/index.ts' }, platform: 'neutral' }));
