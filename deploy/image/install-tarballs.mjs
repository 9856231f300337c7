// Used by Containerfile: installs one package from the tarballs `npm pack` made, with production
// dependencies only, into a folder of its own, as a user's `npm install` of the published package
// would. Its dependencies on the other @sharecode packages resolve to their tarballs.
// Usage: node install-tarballs.mjs TARBALL_DIR @sharecode/NAME TARGET_DIR
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [tarballs, name, target] = process.argv.slice(2);
if (!tarballs || !name || !target)
  throw new Error('usage: install-tarballs.mjs TARBALL_DIR @sharecode/NAME TARGET_DIR');
const files = Object.fromEntries(
  readdirSync(tarballs)
    .filter((file) => file.endsWith('.tgz'))
    .map((file) => [
      `@sharecode/${file.replace(/^sharecode-/, '').replace(/-\d+\.\d+\.\d+\S*\.tgz$/, '')}`,
      `file:${join(tarballs, file)}`,
    ]),
);
if (!files[name]) throw new Error(`no tarball for ${name} in ${tarballs}`);
mkdirSync(target, { recursive: true });
const manifest = { private: true, dependencies: { [name]: files[name] }, overrides: files };
writeFileSync(join(target, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
execFileSync(
  'npm',
  ['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--no-update-notifier'],
  {
    cwd: target,
    stdio: 'inherit',
  },
);
rmSync(join(target, 'package-lock.json'));
