import { defineConfig } from 'tsup';
import { libraryBuild } from '../../scripts/library-build.mjs';
import { tsupEntries } from './entries.mjs';

export default defineConfig(libraryBuild({ entry: tsupEntries() }));
