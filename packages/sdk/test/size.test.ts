// Bundle-size budget: the anchor is openai-node's ~22 kB; we stay far below it. Budgets carry about
// 20% headroom over the measured size; raise them only with a reason in the change.
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));

async function gzippedSize(contents: string): Promise<{ min: number; gzip: number }> {
  const result = await build({
    stdin: { contents, resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    // 'browser' also proves the main entry pulls in no Node built-in: esbuild would fail to resolve one.
    platform: 'browser',
    target: 'es2022',
    write: false,
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  return { min: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength };
}

describe('bundle size of @sharecode/sdk', () => {
  it('whole main entry (client, errors, webhooks, evidence) stays under 19 000 bytes gzipped', async () => {
    const size = await gzippedSize(`export * from ${JSON.stringify(entry)};`);
    console.log(`sdk size: whole entry ${size.min} B minified, ${size.gzip} B gzipped (budget 19000)`);
    expect(size.gzip).toBeLessThan(19_000);
  });

  it('the client alone (tree-shaken) stays under 9 500 bytes gzipped', async () => {
    const size = await gzippedSize(`export { ShareCodeClient } from ${JSON.stringify(entry)};`);
    console.log(`sdk size: client only ${size.min} B minified, ${size.gzip} B gzipped (budget 9500)`);
    expect(size.gzip).toBeLessThan(9_500);
  });
});
