#!/usr/bin/env node
// Releases the public packages from the pending changesets (.changeset/*.md):
//   1. `changeset version`: new versions, CHANGELOG.md files, ranges of internal dependents
//      (private packages such as portal-sim and the examples get their ranges moved, never a
//      version or a changelog: `privatePackages` in .changeset/config.json);
//   2. the lockfile refreshed for the new workspace versions (no download);
//   3. `npm run build`;
//   4. `changeset publish`: every public package whose version is not on the registry yet.
//
// --dry-run does steps 1 to 3 in a temporary copy of the repository (the files git tracks or
// would track, with the installed node_modules linked) and replaces step 4 with `npm publish --dry-run`
// for each public package: nothing in this tree changes and nothing is sent anywhere.
//
// Usage: node scripts/release.mjs [--dry-run [--dir DIR] [--keep]]
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const USAGE = `Usage: node scripts/release.mjs [--dry-run [--dir DIR] [--keep]]
  (no flag)   version, build and publish for real (needs npm login)
  --dry-run   do it all in a temporary copy, with npm publish --dry-run; this tree is untouched
  --dir DIR   the copy goes in DIR (must not exist or be empty) and is kept
  --keep      keep the temporary copy and print where it is`;

const root = fileURLToPath(new URL('..', import.meta.url));

class ReleaseError extends Error {
  constructor(message, exitCode) {
    super(message);
    this.exitCode = exitCode;
  }
}

let options;
try {
  ({ values: options } = parseArgs({
    options: {
      'dry-run': { type: 'boolean', default: false },
      dir: { type: 'string' },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  }));
} catch (error) {
  console.error(`release: ${error.message}\n${USAGE}`);
  process.exit(2);
}

try {
  if (options.help) console.log(USAGE);
  else if (!options['dry-run'] && (options.dir !== undefined || options.keep)) {
    fail(`--dir and --keep go with --dry-run.\n${USAGE}`, 2);
  } else if (options['dry-run']) dryRun();
  else release();
} catch (error) {
  if (!(error instanceof ReleaseError)) throw error;
  console.error(`release: ${error.message}`);
  process.exitCode = error.exitCode;
}

function release() {
  const unset = placeholderLinks(root);
  if (unset.length > 0) fail(`set the real repository address before publishing:\n${unset.join('\n')}`, 1);
  const before = publicPackages(root);
  versionAndBuild(root);
  report(before, publicPackages(root));
  step('changeset publish', 'npx', ['changeset', 'publish'], root);
  console.log('\nPublished. Commit the new versions and changelogs, and push the tags changeset created.');
}

function dryRun() {
  const copy = prepareCopyDir(options.dir);
  const keep = options.keep || options.dir !== undefined;
  console.log(`Dry run in a copy of the repository: ${copy}`);
  try {
    copyRepository(root, copy);
    for (const problem of placeholderLinks(copy))
      console.warn(`warning (a real release stops here): ${problem}`);
    const before = publicPackages(copy);
    versionAndBuild(copy);
    const after = publicPackages(copy);
    report(before, after);
    console.log('');
    for (const pkg of after) {
      const packed = publishDryRun(pkg);
      console.log(
        `would publish ${packed.name}@${packed.version} (${packed.entryCount} files, ${packed.size} B packed, ${packed.unpackedSize} B unpacked)`,
      );
    }
    console.log('\nDry run done: nothing was published, and this repository is unchanged.');
  } finally {
    if (keep) console.log(`The copy is kept in ${copy}`);
    else rmSync(copy, { recursive: true, force: true });
  }
}

function versionAndBuild(dir) {
  step('changeset version', 'npx', ['changeset', 'version'], dir);
  // Only the workspace versions changed, so everything is known already: no download.
  step(
    'refresh package-lock.json',
    'npm',
    ['install', '--package-lock-only', '--offline', '--no-audit', '--no-fund'],
    dir,
  );
  step('build', 'npm', ['run', 'build'], dir);
}

/** `npm publish --dry-run` of one package: what would be uploaded. Throws if npm refuses it. */
function publishDryRun(pkg) {
  const done = spawnSync('npm', ['publish', '--dry-run', '--json'], { cwd: pkg.dir, encoding: 'utf8' });
  if (done.status !== 0) {
    fail(`npm publish --dry-run failed for ${pkg.name}:\n${done.stdout}\n${done.stderr}`, 1);
  }
  // npm 11 prints the summary object (possibly keyed by the package name).
  const parsed = JSON.parse(done.stdout);
  return parsed[pkg.name] ?? parsed;
}

function report(before, after) {
  console.log('');
  for (const pkg of after) {
    const old = before.find((entry) => entry.name === pkg.name)?.version;
    const changelog = existsSync(join(pkg.dir, 'CHANGELOG.md')) ? 'CHANGELOG.md written' : 'no changelog';
    const change = old === pkg.version ? `${pkg.version} (unchanged)` : `${old} -> ${pkg.version}`;
    console.log(`${pkg.name}: ${change}, ${changelog}`);
  }
}

/** Links on the package pages that still point at the placeholder host (example.invalid). */
function placeholderLinks(dir) {
  return publicPackages(dir).flatMap((pkg) => {
    const manifest = JSON.parse(readFileSync(join(pkg.dir, 'package.json'), 'utf8'));
    const links = {
      repository: manifest.repository?.url,
      homepage: manifest.homepage,
      bugs: manifest.bugs?.url,
    };
    return Object.entries(links)
      .filter(([, url]) => typeof url === 'string' && url.includes('example.invalid'))
      .map(([field]) => `${pkg.name}: "${field}" points at example.invalid`);
  });
}

/** The workspace packages that are not private, with their folder and version. */
function publicPackages(dir) {
  return workspaceDirs(dir)
    .map((workspace) => {
      const manifest = JSON.parse(readFileSync(join(dir, workspace, 'package.json'), 'utf8'));
      return {
        name: manifest.name,
        version: manifest.version,
        private: manifest.private === true,
        dir: join(dir, workspace),
      };
    })
    .filter((pkg) => !pkg.private);
}

/** The folders of root package.json's `workspaces` (a trailing `/*` is expanded). */
function workspaceDirs(dir) {
  const { workspaces = [] } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return existsSync(join(dir, pattern, 'package.json')) ? [pattern] : [];
    const parent = pattern.slice(0, -2);
    if (!existsSync(join(dir, parent))) return [];
    return readdirSync(join(dir, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(dir, parent, entry.name, 'package.json')))
      .map((entry) => `${parent}/${entry.name}`);
  });
}

/**
 * The files git tracks or would track (so no dist, no data folders), then the installed
 * node_modules of the root and of each workspace, linked (see linkModules).
 */
function copyRepository(from, to) {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: from,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const file of listed.split('\0').filter(Boolean)) {
    const source = join(from, file);
    if (!existsSync(source)) continue; // deleted in the work tree
    mkdirSync(dirname(join(to, file)), { recursive: true });
    copyFileSync(source, join(to, file));
  }
  for (const dir of ['.', ...workspaceDirs(from)]) {
    const modules = join(from, dir, 'node_modules');
    if (existsSync(modules)) linkModules(modules, join(to, dir, 'node_modules'));
  }
}

/**
 * A node_modules folder for the copy without copying its hundreds of megabytes: each installed
 * package is a link to this tree's (nothing in a release writes into an installed package), npm's
 * workspace links (relative) are copied as they are so they point at the copy's packages, `.bin` is
 * copied (its links are relative too) and so is npm's hidden lockfile. Other dot folders are tools'
 * caches (`.vite`): left out, so nothing the copy runs can write into this tree through them.
 */
function linkModules(from, to) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.name === '.bin' || entry.name === '.package-lock.json') {
      cpSync(source, target, { recursive: true, verbatimSymlinks: true });
    } else if (entry.name.startsWith('.')) {
      // A cache: left out.
    } else if (entry.isSymbolicLink()) {
      symlinkSync(readlinkSync(source), target);
    } else if (entry.name.startsWith('@') && entry.isDirectory()) {
      linkModules(source, target);
    } else {
      symlinkSync(source, target, 'junction');
    }
  }
}

function prepareCopyDir(dir) {
  if (dir === undefined) return mkdtempSync(join(tmpdir(), 'sharecode-release-'));
  const target = resolve(dir);
  if (target === root || target.startsWith(`${root}/`)) fail('--dir must be outside this repository.', 2);
  if (existsSync(target) && readdirSync(target).length > 0) {
    fail(`${target} is not empty: pass a new or empty folder to --dir.`, 2);
  }
  mkdirSync(target, { recursive: true });
  return target;
}

function step(label, command, args, cwd) {
  console.log(`\n== ${label}`);
  const done = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (done.status !== 0)
    fail(`${label} failed (${command} ${args.join(' ')} exited ${done.status ?? done.signal}).`, 1);
}

function fail(message, exitCode) {
  throw new ReleaseError(message, exitCode);
}
