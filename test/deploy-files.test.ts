// The deployment files, checked without running them (`npm run test:container` runs them): the
// systemd unit parses, every command block of docs/operations.md is one the container test runs,
// and the Containerfile keeps the promises docs/operations.md makes about the image.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

  it('passes every setting of deploy/.env to the instances, the simulator only from its own file', () => {
    const compose = read('deploy/compose.yaml');
    // Once in the shared block, which both instances merge.
    expect(compose.match(/^ {2}env_file: \.env$/gm)).toHaveLength(1);
    expect(compose).toMatch(/rtw-1:\n {4}<<: \*rtw-server/);
    expect(compose).toMatch(/rtw-2:\n {4}<<: \*rtw-server/);
    expect(compose).not.toMatch(/portal-sim|profiles/);
    expect(read('deploy/compose.simulator.yaml')).toMatch(/^ {2}portal-sim:$/m);
    // The metrics port on loopback only, and the service's own role rather than the superuser.
    expect(compose).toMatch(/"127\.0\.0\.1:\$\{RTW_METRICS_PORT_1:-9464\}:\$\{RTW_METRICS_PORT:-9464\}"/);
    expect(compose).toMatch(/DATABASE_URL: postgres:\/\/rtw:/);
    expect(read('deploy/postgres-init/10-rtw-role.sh')).toMatch(/NOSUPERUSER NOCREATEDB NOCREATEROLE/);
    // Every setting the guide tells operators to set is in example.env, so they reach the instances.
    for (const name of [
      'RTW_METRICS_PORT',
      'RTW_TRUST_PROXY',
      'RTW_OPERATOR_TOKEN',
      'RTW_SHUTDOWN_DELAY_SECONDS',
      'RTW_SMTP_URL',
      'RTW_UPGRADE_URL',
      'RTW_DASHBOARD_SECURE_COOKIES',
      'RTW_DRAIN_SECONDS',
    ])
      expect(read('deploy/example.env'), name).toMatch(new RegExp(`^(?:# )?${name}=`, 'm'));
    // Set to nothing, podman-compose 1.0.3 publishes "9464:" and creates no instance (an operator's
    // walk of the guide): the template leaves it commented out.
    expect(read('deploy/example.env')).not.toMatch(/^RTW_METRICS_PORT=\s*$/m);
  });

  it('ships rtw-stack, which says what to do before it touches podman', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rtw-stack-'));
    try {
      copyFileSync(join(root, 'deploy', 'rtw-stack'), join(dir, 'rtw-stack'));
      const stack = (...args: string[]) =>
        spawnSync('bash', [join(dir, 'rtw-stack'), ...args], { encoding: 'utf8', cwd: tmpdir() });
      expect(stack('help').stdout).toContain('restart SERVICE...');
      expect(stack('nonsense').status).toBe(2);
      expect(stack('restart').stderr).toContain('restart which instance? rtw-1, rtw-2');
      expect(stack('up').stderr).toContain('no deploy/.env: cp example.env .env');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
