import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = '@sharecode/portal-sim';

/**
 * The package's own folder, found by walking up from this module: the same code runs from
 * `src/**` under vitest and from the flat `dist/` bundle, so a fixed relative path would break.
 */
function findPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const parsed: unknown = JSON.parse(readFileSync(manifest, 'utf8'));
      if (typeof parsed === 'object' && parsed !== null && 'name' in parsed && parsed.name === PACKAGE_NAME) {
        return dir;
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return dirname(fileURLToPath(import.meta.url));
    dir = parent;
  }
}

const packageRoot = findPackageRoot();

export interface PackagePaths {
  /** Our nunjucks templates. */
  readonly templates: string;
  /** Our own static files: assets/portal-sim/*, served at /assets/portal-sim/*. */
  readonly assets: string;
  /** The default seed file. */
  readonly defaultSeed: string;
  /** govuk-frontend's `dist` folder: the nunjucks search root for `govuk/...`. */
  readonly govukDist: string;
}

export function packagePaths(): PackagePaths {
  const require = createRequire(import.meta.url);
  const govukManifest = require.resolve('govuk-frontend/package.json');
  return {
    templates: join(packageRoot, 'templates'),
    assets: join(packageRoot, 'assets'),
    defaultSeed: join(packageRoot, 'seed', 'people.json'),
    govukDist: join(dirname(govukManifest), 'dist'),
  };
}
