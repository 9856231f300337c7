#!/usr/bin/env node
// Writes packages/sdk/src/generated/openapi.ts from openapi.json with openapi-typescript.
// With --check it writes nothing and fails when the committed file differs (the drift check).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const root = new URL('../', import.meta.url);
const source = new URL('openapi.json', root);
const target = new URL('packages/sdk/src/generated/openapi.ts', root);
const header = [
  '// GENERATED FILE: do not edit. Source: openapi.json. Regenerate with `npm run generate`.',
  '// The test command fails when this file differs from what openapi.json generates.',
  '',
].join('\n');

const ast = await openapiTS(source, { exportType: false, rootTypes: false, alphabetize: false });
const expected = header + astToString(ast);

if (process.argv.includes('--check')) {
  const actual = await readFile(target, 'utf8').catch(() => '');
  if (actual !== expected) {
    console.error(
      'Drift: packages/sdk/src/generated/openapi.ts does not match openapi.json.\n' +
        'Run `npm run generate` and commit the result.',
    );
    process.exit(1);
  }
  console.log('generated types match openapi.json');
} else {
  await mkdir(dirname(fileURLToPath(target)), { recursive: true });
  await writeFile(target, expected);
  console.log(`wrote ${fileURLToPath(target)}`);
}
