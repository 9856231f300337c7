import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const pkg = (name: string) => fileURLToPath(new URL(`./packages/${name}/src/index.ts`, import.meta.url));

// Tests run against each package's source; the built output is exercised by the packaging tests.
export default defineConfig({
  resolve: {
    alias: [
      {
        find: /^@sharecode\/sdk\/openapi$/,
        replacement: fileURLToPath(new URL('./packages/sdk/src/generated/openapi.ts', import.meta.url)),
      },
      {
        find: /^@sharecode\/sandbox\/node$/,
        replacement: fileURLToPath(new URL('./packages/sandbox/src/node.ts', import.meta.url)),
      },
      {
        find: /^@sharecode\/sdk\/node$/,
        replacement: fileURLToPath(new URL('./packages/sdk/src/node.ts', import.meta.url)),
      },
      { find: /^@sharecode\/core$/, replacement: pkg('core') },
      { find: /^@sharecode\/sdk$/, replacement: pkg('sdk') },
      { find: /^@sharecode\/sandbox$/, replacement: pkg('sandbox') },
    ],
  },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'test/**/*.test.ts',
      'examples/*/test/**/*.test.ts',
      'examples/*/src/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    typecheck: {
      enabled: true,
      tsconfig: 'tsconfig.vitest.json',
      include: ['packages/*/test/**/*.test-d.ts', 'packages/*/src/**/*.test-d.ts'],
    },
  },
});
