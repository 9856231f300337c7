#!/usr/bin/env node
// The `rtw-server` command. This small file is committed so npm can link the bin at install time, before
// anything is built; it loads the built code from dist/ (as changesets and vitest ship theirs).
import { existsSync } from 'node:fs';

const built = new URL('../dist/bin.js', import.meta.url);
if (!existsSync(built)) {
  process.stderr.write(
    'rtw-server: @sharecode/server has not been built yet (dist/bin.js is missing). In the repository, run `npm run build` at its root first.\n',
  );
  process.exit(1);
}
await import(built.href);
