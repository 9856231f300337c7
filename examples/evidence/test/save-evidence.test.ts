// Runs the example exactly as its README says, with the MSW sandbox preloaded instead of a server,
// and checks the files on disk against the SHA-256 it printed.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const cwd = fileURLToPath(new URL('..', import.meta.url));
const env = {
  ...process.env,
  RTW_API_KEY: 'rtw_test_0000000000000000000000000000000000000000',
  RTW_BASE_URL: '',
};
const folder = mkdtempSync(join(tmpdir(), 'rtw-evidence-example-'));

function run(...args: string[]) {
  return exec(process.execPath, ['--import', '@sharecode/sandbox/register', 'save-evidence.mjs', ...args], {
    cwd,
    env,
  }).then(
    (done) => ({ code: 0, ...done }),
    (failed: { code: number; stdout: string; stderr: string }) => failed,
  );
}

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('examples/evidence', () => {
  let printed = '';

  it('saves the photo and the PDF and prints the SHA-256 of each file', async () => {
    const { code, stdout } = await run('WACPT0001', '1990-01-01', 'Acme Ltd', folder);
    expect(code).toBe(0);
    printed = stdout;
    expect(stdout).toMatch(/^ACCEPTED, reference WE-\S+, checked at \d{4}-\d{2}-\d{2}T/m);
    for (const [label, extension, magic] of [
      ['photo', 'jpg', Buffer.from([0xff, 0xd8, 0xff])],
      ['pdf', 'pdf', Buffer.from('%PDF-')],
    ] as const) {
      const line = new RegExp(
        `^${label}: (\\S+\\.${extension}) \\((\\d+) bytes\\) sha256 ([0-9a-f]{64})$`,
        'm',
      );
      const [, path = '', bytes, sha256] = line.exec(stdout) ?? [];
      expect(path.startsWith(folder), stdout).toBe(true);
      const file = readFileSync(path);
      expect(file.subarray(0, magic.length)).toEqual(magic);
      expect(file.byteLength).toBe(Number(bytes));
      expect(createHash('sha256').update(file).digest('hex')).toBe(sha256);
    }
  });

  it('run again with the same result: the files are already saved, unchanged, exit 0', async () => {
    const before = /^pdf: (\S+)/m.exec(printed)?.[1] ?? '';
    const bytes = readFileSync(before);
    const { code, stdout } = await run('WACPT0001', '1990-01-01', 'Acme Ltd', folder);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^photo: \S+\.jpg \(\d+ bytes\) sha256 [0-9a-f]{64} \(already saved, unchanged\)$/m,
    );
    expect(stdout).toContain(`pdf: ${before} (${bytes.byteLength} bytes)`);
    expect(readFileSync(before)).toEqual(bytes);
  });

  it('never overwrites a file of that name with other content: exit 6 and the file is unchanged', async () => {
    const before = /^pdf: (\S+)/m.exec(printed)?.[1] ?? '';
    const other = Buffer.from('%PDF-1.7\n% not the evidence of this check\n');
    writeFileSync(before, other);
    const { code, stderr } = await run('WACPT0001', '1990-01-01', 'Acme Ltd', folder);
    expect(code).toBe(6);
    expect(stderr).toMatch(/^Evidence not saved \(file_exists\): .* already exists with different content/);
    expect(readFileSync(before)).toEqual(other);
  });

  it('exits 4 with the API message when the share code is not found', async () => {
    const { code, stderr } = await run('WNFND0001', '1990-01-01', 'Acme Ltd', folder);
    expect(code).toBe(4);
    expect(stderr).toMatch(/^NOT_FOUND: /);
  });

  it('exits 2 with its usage when arguments are missing', async () => {
    const { code, stderr } = await run('WACPT0001');
    expect(code).toBe(2);
    expect(stderr).toContain('Usage: node save-evidence.mjs');
  });
});
