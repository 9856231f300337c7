#!/usr/bin/env node
// API reports (api-extractor) for the published entries of @sharecode/contract, sdk, core and register: one
// `<package>/api/<entry>.api.md` per `exports` subpath, from the built `.d.ts` (run `npm run build`
// first). Any change of a public surface then shows as a diff of these files.
//
//   node scripts/api-report.mjs            check: exit 1 and name the reports that differ
//   node scripts/api-report.mjs --update   rewrite the reports (`npm run api:update`)
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const root = fileURLToPath(new URL('..', import.meta.url));
export const REPORTED_PACKAGES = ['contract', 'sdk', 'core', 'register'];

/** [report name, .d.ts of the ESM build] for each public subpath of `packages/<pkg>`. */
export function reportedEntries(pkg) {
  const manifest = JSON.parse(readFileSync(join(root, 'packages', pkg, 'package.json'), 'utf8'));
  return Object.entries(manifest.exports)
    .filter(([subpath]) => subpath !== './package.json')
    .map(([subpath, target]) => [subpath === '.' ? 'index' : subpath.slice(2), target.import.types]);
}

function configFor(pkg, entry, dts, tempFolder) {
  const projectFolder = join(root, 'packages', pkg);
  return ExtractorConfig.prepare({
    configObjectFullPath: undefined,
    packageJsonFullPath: join(projectFolder, 'package.json'),
    configObject: {
      projectFolder,
      mainEntryPointFilePath: resolve(projectFolder, dts),
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            target: 'ES2022',
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            lib: ['ES2023', 'DOM'],
            types: ['node'],
            skipLibCheck: true,
            strict: true,
          },
          files: [resolve(projectFolder, dts)],
        },
      },
      // Types an entry uses but does not export (its own or another entry's) are written out too,
      // so a change of their shape also shows; no warnings, whose file:line of tsup's hashed chunks
      // would change with every build.
      apiReport: {
        enabled: true,
        includeForgottenExports: true,
        reportFileName: `${entry}.api.md`,
        reportFolder: join(projectFolder, 'api'),
        reportTempFolder: tempFolder,
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        extractorMessageReporting: { default: { logLevel: 'none', addToApiReportFile: false } },
        tsdocMessageReporting: { default: { logLevel: 'none', addToApiReportFile: false } },
        compilerMessageReporting: { default: { logLevel: 'error' } },
      },
    },
  });
}

/** Checks (or with `update`, rewrites) every report; returns the names of those that differ. */
export function apiReports({ update = false } = {}) {
  const tempFolder = mkdtempSync(join(tmpdir(), 'api-report-'));
  const differing = [];
  try {
    for (const pkg of REPORTED_PACKAGES) {
      for (const [entry, dts] of reportedEntries(pkg)) {
        const file = join(root, 'packages', pkg, dts);
        if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
        if (update) mkdirSync(join(root, 'packages', pkg, 'api'), { recursive: true });
        const result = Extractor.invoke(configFor(pkg, entry, dts, tempFolder), {
          localBuild: update,
          messageCallback: (message) => {
            if (message.logLevel !== 'error') message.handled = true;
          },
        });
        if (result.errorCount > 0)
          throw new Error(`api-extractor failed on ${pkg}/${entry} (${result.errorCount} errors)`);
        if (result.apiReportChanged) differing.push(`packages/${pkg}/api/${entry}.api.md`);
      }
    }
  } finally {
    rmSync(tempFolder, { recursive: true, force: true });
  }
  return differing;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const update = process.argv.includes('--update');
  const differing = apiReports({ update });
  if (differing.length === 0) console.log('API reports: unchanged');
  else if (update) console.log(`API reports updated:\n  ${differing.join('\n  ')}`);
  else {
    console.error(
      `The public API differs from its report (run \`npm run api:update\` and commit the diff):\n  ${differing.join('\n  ')}`,
    );
    process.exitCode = 1;
  }
}
