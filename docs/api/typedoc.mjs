// TypeDoc settings for the SDK's API reference: `npm run docs:api` writes Markdown to docs/api/sdk/
// (not committed: see docs/api/README.md). Warnings are errors, so a broken {@link} or a public
// type that refers to one the SDK does not export fails the test that generates it.
import { OptionDefaults } from 'typedoc';

/** @type {Partial<import('typedoc').TypeDocOptions & import('typedoc-plugin-markdown').PluginOptions>} */
const config = {
  name: '@sharecode/sdk',
  // `@sharecode/sdk`, `@sharecode/sdk/webhooks` and `@sharecode/sdk/node`. The fourth entry, `@sharecode/sdk/openapi`, is the
  // contract's generated types: the contract itself (openapi.json, rendered at the server's /docs)
  // documents them better than a megabyte of expanded type literals would.
  entryPoints: [
    '../../packages/sdk/src/index.ts',
    '../../packages/sdk/src/webhooks-entry.ts',
    '../../packages/sdk/src/node.ts',
  ],
  tsconfig: '../../packages/sdk/tsconfig.json',
  plugin: ['typedoc-plugin-markdown'],
  out: 'sdk',
  readme: 'none',
  excludePrivate: true,
  excludeInternal: true,
  // No "Defined in file:line": the reference changes only when the API does.
  disableSources: true,
  treatWarningsAsErrors: true,
  validation: { notExported: true, invalidLink: true, notDocumented: false },
  // Types that public signatures mention but these entries do not export: internal helpers whose
  // shape is shown where they are used. (`paths` and the other contract types come from the
  // @sharecode/contract package, re-exported by `@sharecode/sdk/openapi`.)
  intentionallyNotExported: ['ResultWithEvidence', 'Wire', 'Complete', 'RequestOf', 'ByKind', 'Sent', 'Flat'],
  // openapi-typescript writes these JSDoc tags into the contract's generated types.
  blockTags: [...OptionDefaults.blockTags, '@description', '@constant'],
};

export default config;
