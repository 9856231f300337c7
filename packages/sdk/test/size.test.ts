// Bundle-size budget, measured as a user's bundler sees the SDK: the package is packed with
// `npm pack`, unpacked, and esbuild (minify, platform 'browser') bundles an import from its `dist`;
// the output is gzipped. The anchor is openai-node's ~22 kB; we stay far below it. Budgets carry
// some headroom over the measured size; raise them only with a reason in the change.
// Needs the built SDK (`npm run build`).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const sdkDir = fileURLToPath(new URL('..', import.meta.url));
let temp = '';
let dist = '';

beforeAll(() => {
  if (!existsSync(join(sdkDir, 'dist', 'index.js')))
    throw new Error('run `npm run build -w packages/sdk` first');
  temp = mkdtempSync(join(tmpdir(), 'sharecode-sdk-size-'));
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', temp], { cwd: sdkDir, encoding: 'utf8' }),
  ) as { filename: string }[];
  execFileSync('tar', ['-xzf', join(temp, packed?.filename ?? ''), '-C', temp]);
  dist = join(temp, 'package', 'dist');
}, 60_000);

afterAll(() => {
  if (temp) rmSync(temp, { recursive: true, force: true });
});

async function gzippedSize(contents: string): Promise<{ min: number; gzip: number }> {
  const result = await build({
    stdin: { contents, resolveDir: temp, loader: 'js' },
    // The unpacked files find their dependencies (standardwebhooks) where this workspace installed them.
    nodePaths: [join(sdkDir, 'node_modules'), join(sdkDir, '..', '..', 'node_modules')],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  return { min: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength };
}

const from = (file: string) => JSON.stringify(join(dist, file));

describe('bundle size of the packed @sharecode/sdk', () => {
  // Issue 35 added check requests (five methods, their record checks and the wait): about 1 200
  // bytes on each figure.
  it('the client alone (import { ShareCodeClient }) is at most 12 000 bytes gzipped', async () => {
    const size = await gzippedSize(`export { ShareCodeClient } from ${from('index.js')};`);
    console.log(`sdk size: client alone ${size.min} B minified, ${size.gzip} B gzipped (budget 12000)`);
    expect(size.gzip).toBeLessThanOrEqual(12_000);
  });

  it('the whole main entry (client, errors, evidence) stays under 13 200 bytes gzipped', async () => {
    const size = await gzippedSize(`export * from ${from('index.js')};`);
    console.log(`sdk size: whole entry ${size.min} B minified, ${size.gzip} B gzipped (budget 13200)`);
    expect(size.gzip).toBeLessThan(13_200);
  });

  // 15 746 bytes: the single entry before the split; plus about 700 for issue 28's checks that make
  // the narrowed types true at run time (records and results completed and checked, key errors).
  it('the main entry and @sharecode/sdk/webhooks together stay within 20 000 bytes gzipped', async () => {
    const size = await gzippedSize(
      `export * from ${from('index.js')};\nexport * from ${from('webhooks.js')};`,
    );
    console.log(
      `sdk size: main entry + webhooks ${size.min} B minified, ${size.gzip} B gzipped (budget 20000)`,
    );
    expect(size.gzip).toBeLessThanOrEqual(20_000);
  });
});
