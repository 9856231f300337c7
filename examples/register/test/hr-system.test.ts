// Runs the example as its README says, with the MSW sandbox preloaded instead of a server.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const cwd = fileURLToPath(new URL('..', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'rtw-register-example-'));
const env = {
  ...process.env,
  RTW_API_KEY: 'rtw_test_0000000000000000000000000000000000000000',
  RTW_BASE_URL: '',
  RTW_REGISTER: join(folder, 'register'),
  RTW_REGISTER_KEY: randomBytes(32).toString('base64'),
  // The register's head is also kept outside its folder: here, not in the user's home.
  XDG_STATE_HOME: join(folder, 'state'),
};

function run(...args: string[]) {
  return exec(process.execPath, ['--import', '@sharecode/sandbox/register', 'hr-system.mjs', ...args], {
    cwd,
    env,
  }).then(
    (done) => ({ code: 0, ...done }),
    (failed: { code: number; stdout: string; stderr: string }) => failed,
  );
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('examples/register', () => {
  it('files checks, lists follow-ups, records a leaver, verifies and prunes', async () => {
    const init = await run('init');
    expect(init.stdout).toMatch(/^started register \S+ sealed with key [0-9a-f]{16}$/m);
    const onboard = await run('onboard', 'WACPT0001', '1990-01-01', 'Acme Ltd', 'EMP-001');
    expect(onboard.code).toBe(0);
    const [, reference, due] =
      /filed as receipt 1, reference (\S+), follow-up by (\d{4}-\d{2}-\d{2})/.exec(onboard.stdout) ?? [];
    expect(reference).toMatch(/^WE-/);
    const settled = await run('onboard', 'WNOEX0001', '1990-01-01', 'Acme Ltd', 'EMP-002');
    expect(settled.stdout).toContain('no follow-up needed');

    const followups = await run('followups', '400');
    expect(followups.code).toBe(0);
    expect(followups.stdout).toContain(`due ${due} EMP-001`);
    expect(followups.stdout).not.toContain('EMP-002');

    // The leaving day is checked against the record: not before the check (the register's own tests).
    const today = new Date().toISOString().slice(0, 10);
    expect((await run('leaver', reference ?? '', today)).stdout).toContain(`EMP-001 left on ${today}`);
    const audit = await run('audit');
    expect(audit.code).toBe(0);
    expect(audit.stdout).toContain('register intact (3 receipts)');
    const keepUntil = /EMP-001 .* keep until (\d{4}-\d{2}-\d{2})/.exec(audit.stdout)?.[1] ?? '';
    expect(keepUntil.slice(0, 4)).toBe(String(Number(today.slice(0, 4)) + 2));
    const dayAfter = new Date(Date.parse(`${keepUntil}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

    for (const file of filesUnder(join(folder, 'register'))) {
      const text = readFileSync(file).toString('latin1');
      expect(text).not.toContain('WACPT0001');
      expect(text).not.toContain('1990-01-01');
    }

    expect((await run('prune', keepUntil)).stdout).toContain('pruned nobody; kept 2');
    expect((await run('prune', dayAfter)).stdout).toContain('pruned EMP-001; kept 1');
    expect((await run('audit')).stdout).toContain('register intact');
    // A colleague without the key is refused, by the key id the register names.
    const { RTW_REGISTER_KEY: _key, ...noKey } = env;
    const colleague = await exec(process.execPath, ['hr-system.mjs', 'audit'], {
      cwd,
      env: { ...noKey, XDG_CONFIG_HOME: join(folder, 'colleague') },
    }).catch((failed: { code: number; stderr: string }) => failed);
    expect(colleague).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/sealed with key [0-9a-f]{16}, and no key was found/),
    });
    // Ten runs of node with the sandbox preloaded: more than the default 20 s on a busy machine.
  }, 100_000);
});
