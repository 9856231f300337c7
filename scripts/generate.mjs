#!/usr/bin/env node
// Writes the generated code from openapi.json into @sharecode/contract: packages/contract/src/generated/
// openapi.ts (types, by openapi-typescript) and contract-values.ts (the contract's enums and each error
// code's HTTP status). Core, the SDK and the sandbox take them from that package (issue 28). With
// --check it writes nothing and fails when a committed file differs (the drift check).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { contractValuesModule } from './generate/contract-values.mjs';

const root = new URL('../', import.meta.url);
const source = new URL('openapi.json', root);
const header = [
  '// GENERATED FILE: do not edit. Source: openapi.json. Regenerate with `npm run generate`.',
  '// The test command fails when this file differs from what openapi.json generates.',
  '',
].join('\n');

const ast = await openapiTS(source, { exportType: false, rootTypes: false, alphabetize: false });
const spec = JSON.parse(await readFile(source, 'utf8'));
const files = [
  {
    target: new URL('packages/contract/src/generated/openapi.ts', root),
    expected: header + astToString(ast),
  },
  {
    target: new URL('packages/contract/src/generated/contract-values.ts', root),
    expected: contractValuesModule(spec, header),
  },
];

if (process.argv.includes('--check')) {
  let drift = false;
  for (const { target, expected } of files) {
    const actual = await readFile(target, 'utf8').catch(() => '');
    if (actual === expected) continue;
    drift = true;
    console.error(`Drift: ${fileURLToPath(target)} does not match openapi.json.`);
  }
  if (drift) {
    console.error('Run `npm run generate` and commit the result.');
    process.exit(1);
  }
  console.log('generated code matches openapi.json');
} else {
  for (const { target, expected } of files) {
    await mkdir(dirname(fileURLToPath(target)), { recursive: true });
    await writeFile(target, expected);
    console.log(`wrote ${fileURLToPath(target)}`);
  }
}
