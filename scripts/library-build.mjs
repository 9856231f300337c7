// The build the library packages share (core, sdk, sandbox, portal-sim): ES modules and CommonJS
// with type declarations and source maps, for ES2022. Each package's tsup.config.ts adds its own
// entries and what stays external.

/**
 * @param {import('tsup').Options} options the package's own options; they win.
 * @returns {import('tsup').Options}
 */
export function libraryBuild(options) {
  return { format: ['esm', 'cjs'], dts: true, clean: true, sourcemap: true, target: 'es2022', ...options };
}
