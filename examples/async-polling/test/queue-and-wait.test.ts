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
  return exec(process.execPath, ['--import', '@sharecode/sandbox/register', 'queue-and-wait.mjs', ...args], {
    cwd,
    env,
  }).then(
    (done) => ({ code: 0, ...done }),
    (failed: { code: number; stdout: string; stderr: string }) => failed,
  );
}

// The retried check takes about 4 s by design (the sandbox's retry delays and the polling interval):
// more than vitest's 5 s default leaves on a busy 2-core machine.
const SLOW_MS = 30_000;

describe('examples/async-polling', () => {
  it(
    'polls a check that needs every retry until it succeeds',
    async () => {
      const { code, stdout } = await run('RRTRY0002', '1990-01-01', 'Jane Landlord');
      expect(code).toBe(0);
      expect(stdout).toMatch(/^queued chk_[A-Za-z0-9]{32} \(idempotency key [0-9a-f-]{36}\)$/m);
      expect(stdout).toContain('succeeded (attempts: 3)');
      expect(stdout).toMatch(/^ACCEPTED: [A-Z ]+$/m);
    },
    SLOW_MS,
  );

  it('reports a check that ends failed', async () => {
    const { code, stdout } = await run('RNFND0001', '1990-01-01', 'Jane Landlord');
    expect(code).toBe(4);
    expect(stdout).toContain('failed: NOT_FOUND: ');
  });
});
