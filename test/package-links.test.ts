// The project's address lives in one place (the root package.json's repository.url); every
// package's repository, homepage and bugs links derive from it, and the public packages publish
// with provenance. `node scripts/package-links.mjs --write` fixes a drift this test reports.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, shared with the --write fixer.
import { expectedLinks, packageDirs, projectUrl } from '../scripts/package-links.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (file: string) => JSON.parse(readFileSync(`${root}${file}`, 'utf8')) as Record<string, unknown>;
const rootManifest = read('package.json');

describe('package links', () => {
  it('the project URL is a real https address, not a placeholder', () => {
    const url = projectUrl(rootManifest) as string;
    expect(url).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]+\/[\w.-]+\/[\w.-]+$/);
    expect(url).not.toContain('example.invalid');
  });

  it.each(packageDirs() as string[])('%s derives its links (and publishConfig) from it', (dir) => {
    const manifest = read(`${dir}/package.json`);
    expect(manifest).toMatchObject(expectedLinks(rootManifest, dir, manifest));
  });
});
