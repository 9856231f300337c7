// The bins work in the repository straight after `npm ci && npm run build` (README's Quick start):
// npm links each to a small committed file that loads the built code, and that file says what to
// do when the build is missing. The pack-install tests run the same bins from the tarballs.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const BINS = [
  { bin: 'rtw', pkg: 'cli', usage: /^Usage: rtw /m },
  { bin: 'rtw-server', pkg: 'server', usage: /^Usage: rtw-server /m },
  { bin: 'portal-sim', pkg: 'portal-sim', usage: /^Usage: portal-sim /m },
];

describe.each(BINS)('npx $bin', ({ bin, pkg, usage }) => {
  it('prints its help in the repository', async () => {
    const { stdout } = await exec('npx', ['--no-install', bin, '--help'], { cwd: root, timeout: 60_000 });
    expect(stdout).toMatch(usage);
  });

  it('says how to build when dist/ is missing', async () => {
    const temp = mkdtempSync(join(tmpdir(), 'sharecode-bin-'));
    try {
      mkdirSync(join(temp, 'bin'));
      copyFileSync(join(root, 'packages', pkg, 'bin', `${bin}.js`), join(temp, 'bin', `${bin}.js`));
      const failed = await exec(process.execPath, [join(temp, 'bin', `${bin}.js`), '--help'], {
        cwd: temp,
      }).catch((error: { code: number; stderr: string }) => error);
      expect('code' in failed ? failed.code : 0).toBe(1);
      expect('stderr' in failed ? failed.stderr : '').toContain('has not been built yet');
      expect('stderr' in failed ? failed.stderr : '').toContain('npm run build');
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  });
});

// Outside the clone, `npx rtw` asks the public registry for a package named `rtw`, not ours: every
// README paragraph offering `npx rtw` says so, so no one takes it for a way to run rtw anywhere.
describe('READMEs on npx rtw', () => {
  it.each(['README.md', 'packages/cli/README.md'])('%s offers it only inside this repository', (doc) => {
    const paragraphs = readFileSync(join(root, doc), 'utf8').split(/\r?\n\s*\r?\n/);
    for (const paragraph of paragraphs.filter((text) => /npx rtw(?![-\w])/.test(text))) {
      expect(paragraph).toMatch(/inside this repository/i);
      expect(paragraph).toMatch(/not ours/);
    }
  });
});
