// The deployment files, checked without running them (`npm run test:container` runs them): the
// systemd unit parses, every command block of docs/operations.md is one the container test runs,
// and the Containerfile keeps the promises docs/operations.md makes about the image.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { guideBlocks } from './container/guide.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const hasSystemdAnalyze = spawnSync('sh', ['-c', 'command -v systemd-analyze']).status === 0;

describe('deployment files', () => {
  it.skipIf(!hasSystemdAnalyze)(
    'deploy/rtw-server.service is a unit systemd reads without a complaint',
    () => {
      const said = spawnSync('systemd-analyze', ['verify', join(root, 'deploy', 'rtw-server.service')], {
        encoding: 'utf8',
      });
      expect(said.status).toBe(0);
      expect(`${said.stdout}${said.stderr}`.trim()).toBe('');
    },
  );

  it("has every command block of docs/operations.md run by the container test, by its marker's name", () => {
    const blocks = guideBlocks();
    expect(blocks.length).toBeGreaterThan(5);
    expect(blocks.filter((b) => b.name === null).map((b) => b.body)).toEqual([]);
    const runner = read('test/container/container.test.ts');
    for (const { name } of blocks) expect(runner, `block ${name}`).toContain(`runGuide('${name}'`);
  });

  it('builds the image on the public base, as a non-root user, with a liveness health check', () => {
    const file = read('Containerfile');
    const bases = [...file.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(new Set(bases)).toEqual(new Set(['docker.io/library/node:22-bookworm-slim']));
    expect(file).toMatch(/^USER rtw$/m);
    expect(file).toMatch(/^HEALTHCHECK [\s\S]*\/livez/m);
    expect(file).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "--"/m);
    expect(file).toMatch(/^VOLUME \/var\/lib\/rtw-server$/m);
    expect(file).toContain('chromium-headless-shell');
  });

  it('sets the slot count wherever the compose file limits memory', () => {
    const compose = read('deploy/compose.yaml');
    expect(compose).toMatch(/mem_limit:/);
    expect(compose).toMatch(/RTW_CHECK_SLOTS: \$\{RTW_CHECK_SLOTS:-\d+\}/);
    expect(read('deploy/example.env')).toMatch(/^RTW_CHECK_SLOTS=\d+$/m);
    // deploy/.env holds the key: never committed.
    expect(execFileSync('git', ['check-ignore', 'deploy/.env'], { cwd: root, encoding: 'utf8' }).trim()).toBe(
      'deploy/.env',
    );
  });
});
