// The image's build context (.dockerignore) is an allow-list (issue 38): a root .env, a key or a data
// folder of any name lying in the checkout never reaches the build stage's layers, and every
// workspace the build's `npm ci` needs is there. With podman, a real builder lists the context.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const patterns = readFileSync(join(root, '.dockerignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

/** The workspace folders of the root package.json, its `dir/*` globs expanded. */
function workspaces(): string[] {
  const globs = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] })
    .workspaces;
  return globs.flatMap((glob) =>
    glob.endsWith('/*')
      ? readdirSync(join(root, glob.slice(0, -2)))
          .map((name) => `${glob.slice(0, -2)}/${name}`)
          .filter((dir) => statSync(join(root, dir, 'package.json'), { throwIfNoEntry: false })?.isFile())
      : [glob],
  );
}

describe('the image build context', () => {
  it('leaves everything out, then lets in by name what the build reads', () => {
    expect(patterns[0]).toBe('*');
    for (const dir of workspaces()) expect(patterns, dir).toContain(`!${dir}/package.json`);
    for (const dir of workspaces().filter((d) => d.startsWith('packages/'))) {
      for (const part of ['src', 'tsup.config.ts', 'tsconfig*.json', 'README.md', 'LICENSE']) {
        expect(patterns, dir).toContain(`!${dir}/${part}`);
      }
    }
    // Whatever is let in, these never are.
    for (const secret of ['**/.env', '**/.env.*', '**/*.key', '**/*.pem', '**/node_modules', '**/dist']) {
      expect(patterns.slice(patterns.findLastIndex((p) => p.startsWith('!')))).toContain(secret);
    }
  });

  const podman = spawnSync('podman', ['--version']).status === 0;
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
    if (podman) spawnSync('podman', ['rmi', '-f', 'localhost/rtw-build-context-probe']);
  });

  it.skipIf(!podman)('sends a builder no .env, key or data folder, whatever its name', () => {
    // A checkout in miniature: the real .dockerignore, files the build needs, and what must stay out.
    const context = mkdtempSync(join(tmpdir(), 'rtw-build-context-'));
    made.push(context);
    cpSync(join(root, '.dockerignore'), join(context, '.dockerignore'));
    const files = {
      kept: [
        'package.json',
        'package-lock.json',
        'packages/server/package.json',
        'packages/server/src/index.ts',
        'packages/server/bin/rtw-server.js',
        'packages/portal-sim/templates/layout.njk',
        'examples/register/package.json',
      ],
      left: [
        '.env',
        'deploy/.env',
        'register.key',
        'packages/server/.env.production',
        'packages/server/src/stray.key',
        'packages/server/server.pem',
        'rtw-data/pgdata/PG_VERSION',
        'rtw-data/encryption.key',
        'packages/server/data/pgdata/PG_VERSION',
        'my-register/receipts/000001.json',
        'evidence/WE-1.pdf',
        'packages/server/src/foo.test.ts',
        'packages/server/node_modules/x/index.js',
        'packages/server/dist/index.js',
      ],
    };
    for (const path of [...files.kept, ...files.left]) {
      mkdirSync(dirname(join(context, path)), { recursive: true });
      writeFileSync(join(context, path), path);
    }
    writeFileSync(join(context, 'Containerfile.probe'), 'FROM scratch\nCOPY . /ctx\n');
    const built = spawnSync(
      'podman',
      ['build', '-q', '-f', 'Containerfile.probe', '-t', 'localhost/rtw-build-context-probe', '.'],
      { cwd: context, encoding: 'utf8' },
    );
    expect(built.status, built.stderr).toBe(0);
    const mounted = spawnSync('podman', ['image', 'mount', 'localhost/rtw-build-context-probe'], {
      encoding: 'utf8',
    });
    expect(mounted.status, mounted.stderr).toBe(0);
    const ctx = join(mounted.stdout.trim(), 'ctx');
    try {
      const sent = (readdirSync(ctx, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name).slice(ctx.length + 1))
        .sort();
      expect(sent).toEqual([...files.kept].sort());
    } finally {
      spawnSync('podman', ['image', 'unmount', 'localhost/rtw-build-context-probe']);
    }
  });
});
