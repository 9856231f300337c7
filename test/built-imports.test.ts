// Each library package, as built, loads from ESM (`import`) and from CJS (`require`), resolving
// through its own `exports` map exactly as an installed copy would.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const libraries = ['contract', 'sdk', 'core', 'sandbox', 'register'] as const;

function exportedNames(pkg: string): string[] {
  const manifest = JSON.parse(readFileSync(`${root}/packages/${pkg}/package.json`, 'utf8'));
  return Object.keys(manifest.exports ?? {}).filter((k) => k !== './package.json');
}

describe.each(libraries)('@sharecode/%s as built', (pkg) => {
  for (const subpath of exportedNames(pkg)) {
    const specifier = `@sharecode/${pkg}${subpath === '.' ? '' : subpath.slice(1)}`;
    it(`${specifier} imports from ESM and requires from CJS`, async () => {
      expect(existsSync(`${root}/packages/${pkg}/dist`), 'run `npm run build` first').toBe(true);
      const esm = await run(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const m = await import('${specifier}'); console.log(Object.keys(m).length)`,
        ],
        { cwd: root },
      );
      const cjs = await run(
        process.execPath,
        ['-e', `console.log(Object.keys(require('${specifier}')).length)`],
        {
          cwd: root,
        },
      );
      expect(Number(esm.stdout.trim())).toBe(Number(cjs.stdout.trim()));
      if (subpath === '.') expect(Number(esm.stdout.trim())).toBeGreaterThan(0);
    });
  }
});
