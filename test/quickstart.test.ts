// The README's first command (`npm start`) must stay true: run its script and see both checks pass.
import { execFile } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));

describe('npm start (scripts/quickstart.mjs)', () => {
  it('runs a test-key check and a live-mode check through rtw-server end to end', {
    timeout: 180_000,
  }, async () => {
    const hasChromium = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].some((p) => existsSync(p));
    expect(hasChromium, 'install Chromium (apt-get install chromium-headless-shell)').toBe(true);
    const { stdout, stderr } = await exec(process.execPath, ['scripts/quickstart.mjs'], {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1' },
      timeout: 170_000,
    });
    const accepted = stdout.match(/^ACCEPTED {2}Right to work$/gm) ?? [];
    expect(accepted).toHaveLength(2);
    expect(stdout).toContain('PRIYA ANJALI SHARMA'); // the test key's sandbox person
    expect(stdout).toContain('ANA MARÍA LÓPEZ'); // the simulator's person, read from the page by the driver
    expect(stdout).toMatch(/used=1 in_progress=0/); // only the live check was charged
    const evidence = /^Done\. Evidence files are in (.+)$/m.exec(stdout)?.[1];
    expect(evidence, 'the evidence folder it names').toBeDefined();
    // A user keeps the evidence; the test removes its whole work folder (the log beside it too).
    if (evidence) rmSync(dirname(evidence), { recursive: true, force: true });
    // The server it stopped itself shut down cleanly: no alarm (issue 15, item 9).
    expect(stderr).not.toContain('stopped unexpectedly');
  });
});
