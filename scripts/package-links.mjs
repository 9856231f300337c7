#!/usr/bin/env node
// The project's address is set in ONE place: `repository.url` in the root package.json. Every
// package's repository, homepage and bugs links (what npm shows on its page) derive from it, with
// provenance-ready publishConfig for the public ones. `node scripts/package-links.mjs --write`
// rewrites the packages' fields after a change; test/package-links.test.ts fails when they drift.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** https://host/owner/name from the root manifest's git+https://host/owner/name.git. */
export function projectUrl(rootManifest) {
  const url = rootManifest.repository?.url;
  if (typeof url !== 'string') throw new Error('the root package.json has no repository.url');
  return url.replace(/^git\+/, '').replace(/\.git$/, '');
}

/** The fields a package's manifest must carry, derived from the project URL. */
export function expectedLinks(rootManifest, directory, manifest) {
  const base = projectUrl(rootManifest);
  const links = {
    repository: { type: 'git', url: rootManifest.repository.url, directory },
    homepage: `${base}/tree/main/${directory}#readme`,
    bugs: { url: `${base}/issues` },
  };
  // Provenance: `npm publish` from CI (GitHub Actions with id-token: write) signs where it was built.
  if (!manifest.private) links.publishConfig = { access: 'public', provenance: true };
  return links;
}

export function packageDirs() {
  return readdirSync(join(root, 'packages')).map((name) => `packages/${name}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const write = process.argv.includes('--write');
  let drift = 0;
  for (const directory of packageDirs()) {
    const file = join(root, directory, 'package.json');
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    const expected = expectedLinks(rootManifest, directory, manifest);
    const next = { ...manifest, ...expected };
    if (JSON.stringify(next) === JSON.stringify(manifest)) continue;
    drift += 1;
    if (write) writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`);
    console.log(`${write ? 'updated' : 'out of date'}: ${directory}/package.json`);
  }
  if (drift > 0 && !write) process.exitCode = 1;
}
