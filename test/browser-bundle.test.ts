// The SDK (main entry and /webhooks) and the sandbox (main entry, MSW handlers) must work in a
// browser: esbuild bundles the BUILT files for platform 'browser', where a Node built-in cannot be
// resolved and fails the build. Replaces a regex scan for Node imports, which missed re-exports,
// dependencies' own imports and anything spelled differently.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = (pkg: string, file: string) => `${root}packages/${pkg}/dist/${file}`;

async function browserBundle(contents: string) {
  return build({
    stdin: { contents, resolveDir: root, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
}

describe('browser bundles of the built packages', () => {
  it.each([
    ['@sharecode/sdk', dist('sdk', 'index.js')],
    ['@sharecode/sdk/webhooks', dist('sdk', 'webhooks.js')],
    ['@sharecode/sandbox', dist('sandbox', 'index.js')],
  ])('%s bundles for the browser with no Node built-in', async (_name, file) => {
    expect(existsSync(file), `${file}: run \`npm run build\` first`).toBe(true);
    const result = await browserBundle(`export * from ${JSON.stringify(file)};`);
    expect(result.errors).toEqual([]);
    expect(result.outputFiles[0]?.text.length).toBeGreaterThan(1000);
  });

  it('fails for an entry that reaches a Node built-in (the check can fail)', async () => {
    await expect(browserBundle(`export * from ${JSON.stringify(dist('sdk', 'node.js'))};`)).rejects.toThrow(
      /node:/,
    );
  });
});
