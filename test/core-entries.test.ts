// Core's public entries: one table (packages/core/entries.mjs) behind the build, the test aliases
// and the CLI bundle, and the `exports` map that publishes them; the built code never loads the
// SDK (core uses only its generated contract types).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CORE_ENTRIES } from '../packages/core/entries.mjs';

const core = fileURLToPath(new URL('../packages/core/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${core}package.json`, 'utf8'));

describe('@sharecode/core entries', () => {
  it('package.json `exports` publishes exactly the entries of entries.mjs (and package.json)', () => {
    expect(Object.keys(manifest.exports).sort()).toEqual(
      [...Object.keys(CORE_ENTRIES), './package.json'].sort(),
    );
  });

  it('typesVersions names every subpath, for TypeScript without `exports` (node10 resolution)', () => {
    const subpaths = Object.keys(CORE_ENTRIES).filter((s) => s !== '.');
    expect(Object.keys(manifest.typesVersions['*']).sort()).toEqual(subpaths.map((s) => s.slice(2)).sort());
  });

  it('the built JavaScript never imports @sharecode/sdk', () => {
    const built = readdirSync(`${core}dist`).filter((f) => /\.(c?js)$/.test(f));
    expect(built.length, 'run `npm run build` first').toBeGreaterThan(0);
    for (const file of built) {
      expect(readFileSync(`${core}dist/${file}`, 'utf8'), file).not.toMatch(/@sharecode\/sdk/);
    }
  });
});
