#!/usr/bin/env node
// The import-graph check: dependency-cruiser's rules (rules.mjs), declared packages and package
// circles (undeclared-packages.mjs), SQL outside store/ (sql-outside-store.mjs).
// `npm run check:imports` prints the violations; scripts/import-graph/import-graph.test.ts runs the same check.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import { FORBIDDEN } from './rules.mjs';
import { sourceAliases } from './source-aliases.mjs';
import { sqlOutsideStore } from './sql-outside-store.mjs';
import { packageCircles, undeclaredPackages } from './undeclared-packages.mjs';

const SCANNED = ['packages', 'examples', 'test', 'bench', 'scripts'];

function workspaceManifests(root) {
  return ['packages', 'examples'].flatMap((dir) =>
    existsSync(join(root, dir))
      ? readdirSync(join(root, dir))
          .map((name) => join(root, dir, name, 'package.json'))
          .filter((file) => existsSync(file))
          .map((file) => JSON.parse(readFileSync(file, 'utf8')))
      : [],
  );
}

/** Every violation under `root` (the repository, or a fixture tree laid out like it). */
export async function checkImportGraph(rootDir = process.cwd()) {
  const root = resolve(rootDir);
  const scanned = SCANNED.filter((dir) => existsSync(join(root, dir)));
  const result = await cruise(
    scanned,
    {
      baseDir: root,
      validate: true,
      ruleSet: { forbidden: FORBIDDEN },
      tsPreCompilationDeps: true,
      exclude: {
        path: '(^|/)(dist|coverage|\\.rtw-data)/|^scripts/import-graph/fixtures/|^test/\\.docs-work/',
      },
      doNotFollow: { path: '(^|/)node_modules/' },
      moduleSystems: ['es6', 'cjs'],
      enhancedResolveOptions: {
        exportsFields: ['exports'],
        conditionNames: ['import', 'require', 'node', 'types', 'default'],
        mainFields: ['module', 'main', 'types'],
        extensions: ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
      },
    },
    { alias: await sourceAliases(root), bustTheCache: true },
  );
  const output = result.output;
  // A wrong base folder cruises nothing and finds nothing: say so instead of passing.
  if (output.summary.totalCruised < 10)
    throw new Error(`cruised only ${output.summary.totalCruised} modules under ${root}`);
  const cruised = output.summary.violations.map((v) => ({
    rule: v.rule.name,
    from: v.from,
    to: v.to,
    detail: v.cycle ? v.cycle.map((step) => step.name ?? step).join(' -> ') : '',
  }));
  return [
    ...cruised,
    ...undeclaredPackages(root, output.modules),
    ...packageCircles(workspaceManifests(root)),
    ...sqlOutsideStore(root),
  ];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const violations = await checkImportGraph(resolve(process.argv[2] ?? '.'));
  for (const v of violations)
    console.log(`${v.rule}: ${v.from}${v.to ? ` -> ${v.to}` : ''}${v.detail ? ` (${v.detail})` : ''}`);
  console.log(
    violations.length === 0
      ? 'import graph: no violations'
      : `import graph: ${violations.length} violation(s)`,
  );
  process.exitCode = violations.length === 0 ? 0 : 1;
}
