// Runs the example exactly as its README says, with the MSW sandbox preloaded instead of a server.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const cwd = fileURLToPath(new URL('..', import.meta.url));
const env = {
  ...process.env,
  RTW_API_KEY: 'rtw_test_0000000000000000000000000000000000000000',
  RTW_BASE_URL: '',
};

function run(...args: string[]) {
  return exec(process.execPath, ['--import', '@sharecode/sandbox/register', 'check.mjs', ...args], {
    cwd,
    env,
  }).then(
    (done) => ({ code: 0, ...done }),
    (failed: { code: number; stdout: string; stderr: string }) => failed,
  );
}

describe('examples/sync-check', () => {
  it('prints an accepted right-to-work result', async () => {
    const { code, stdout } = await run('wac pt0001', '1990-01-01', 'Acme Ltd');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ACCEPTED: [A-Z ]+$/m);
    expect(stdout).toMatch(/^expires: \d{4}-\d{2}-\d{2}$/m);
    expect(stdout).toMatch(/^reference: WE-/m);
  });

  it('says when there is no time limit', async () => {
    const { code, stdout } = await run('WNOEX0001', '1990-01-01', 'Acme Ltd');
    expect(code).toBe(0);
    expect(stdout).toContain('expires: no time limit');
  });

  it('exits 4 with the API message for a date of birth that does not match', async () => {
    const { code, stderr } = await run('WACPT0001', '1991-01-01', 'Acme Ltd');
    expect(code).toBe(4);
    expect(stderr).toMatch(/^DOB_MISMATCH: /);
  });

  it('exits 2 with its usage when arguments are missing', async () => {
    const { code, stderr } = await run('WACPT0001');
    expect(code).toBe(2);
    expect(stderr).toContain('Usage: node check.mjs');
  });
});
