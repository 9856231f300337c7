// "A package imports only what its package.json declares", checked on dependency-cruiser's module
// list: each bare import of a file is looked up in the package.json nearest to that file.
// (dependency-cruiser's own npm-no-pkg types read one manifest for the whole run, not one per
// workspace package, so this rule is ours.)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Test-only imports that cannot be declared without a package circle (docs/decisions.md). */
export const UNDECLARED_ALLOWED = [
  // The SDK's end-to-end tests run against the sandbox and read core's scenario table; declaring
  // either would close a circle (both depend on the SDK).
  { from: /^packages\/sdk\/test\//, packages: ['@sharecode/core', '@sharecode/sandbox'] },
];

const TEST_FILE = /(^|\/)test\/|\.test(-d)?\.[cm]?[jt]s$/;

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** `@types/x` for `x`, `@types/scope__x` for `@scope/x`. */
function typesPackage(name) {
  return `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;
}

function declared(manifest) {
  return new Set([
    manifest.name,
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.devDependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
    ...Object.keys(manifest.optionalDependencies ?? {}),
  ]);
}

function readManifest(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The workspace's member folders (root `workspaces`, one trailing `*` expanded). */
function workspaceMembers(root, manifest) {
  return (manifest.workspaces ?? []).flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(join(root, pattern.slice(0, -2)))
          .map((name) => `${pattern.slice(0, -2)}/${name}`)
          .filter((dir) => existsSync(join(root, dir, 'package.json')))
      : [pattern],
  );
}

/**
 * Violations of the rule among `modules` (dependency-cruiser's output, sources relative to `root`).
 * A file belongs to the workspace member it is in, else to the root. Tests may also use the root's
 * tools (vitest, fast-check ...). Root files (test/, bench/, scripts/) may use the workspace's
 * packages and whatever a member declares: the workspace installs them.
 */
export function undeclaredPackages(root, modules) {
  const rootManifest = readManifest(join(root, 'package.json'));
  const rootTools = declared(rootManifest);
  const members = workspaceMembers(root, rootManifest).map((dir) => ({
    dir,
    names: declared(readManifest(join(root, dir, 'package.json'))),
  }));
  const workspaceWide = new Set([...rootTools, ...members.flatMap((m) => [...m.names])]);
  const rootOwner = { dir: '.', names: workspaceWide };
  // A package outside the workspace (test/runtimes pins runtimes) adds its own declarations.
  const outsiders = new Map();
  const outsiderOf = (file) => {
    for (let dir = dirname(file); dir !== '.' && dir !== '/' && dir !== ''; dir = dirname(dir)) {
      const manifest = join(root, dir, 'package.json');
      if (!existsSync(manifest)) continue;
      if (!outsiders.has(dir)) {
        outsiders.set(dir, { dir, names: new Set([...workspaceWide, ...declared(readManifest(manifest))]) });
      }
      return outsiders.get(dir);
    }
    return rootOwner;
  };
  const ownerOf = (file) => members.find((m) => file.startsWith(`${m.dir}/`)) ?? outsiderOf(file);

  const violations = [];
  for (const module of modules) {
    if (module.coreModule || module.source.startsWith('node_modules/')) continue;
    const owner = ownerOf(module.source);
    const isTest = TEST_FILE.test(module.source);
    for (const dep of module.dependencies) {
      if (dep.coreModule || dep.dependencyTypes.includes('core') || /^[./]/.test(dep.module)) continue;
      const name = packageName(dep.module);
      if (owner.names.has(name) || owner.names.has(typesPackage(name))) continue;
      if (isTest && (rootTools.has(name) || rootTools.has(typesPackage(name)))) continue;
      if (UNDECLARED_ALLOWED.some((a) => a.from.test(module.source) && a.packages.includes(name))) continue;
      violations.push({
        rule: 'declared-packages-only',
        from: module.source,
        to: dep.module,
        detail: `${name} is not declared in ${join(owner.dir, 'package.json')}`,
      });
    }
  }
  return violations;
}

/** Circles among the workspace packages' declared dependencies (all kinds). */
export function packageCircles(manifests) {
  const graph = new Map(manifests.map((m) => [m.name, [...declared(m)].filter((d) => d !== m.name)]));
  const violations = [];
  const visit = (name, path) => {
    for (const next of graph.get(name) ?? []) {
      if (!graph.has(next)) continue;
      if (next === path[0])
        violations.push({
          rule: 'no-circular-packages',
          from: path[0],
          to: next,
          detail: [...path, next].join(' -> '),
        });
      else if (!path.includes(next) && next > path[0]) visit(next, [...path, next]);
    }
  };
  for (const name of graph.keys()) visit(name, [name]);
  return violations;
}
