// The register as the employer's evidence, through rtw (issue 24): the newest receipts deleted are
// named, live and sandbox checks are kept apart, and evidence, reports and calendars are owner-only,
// with no second copy outside the register.
import { readdir, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fileCheck, loadRegisterKey, openRegister } from '@sharecode/register';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerEnv } from './support/register-env.js';
import { runMain } from './support/run-main.js';
import { sandboxCheck } from './support/scenarios.js';

let root: string;
let env: Record<string, string>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ root, env, cleanup } = await registerEnv('rtw-register-evidence-', { checkedBy: 'hr.jo' }));
});
afterAll(() => cleanup());

const checkArgs = (code: string) => sandboxCheck('right_to_work', code);
const mode = async (path: string) => (await stat(path)).mode & 0o777;

describe('rtw register init and verify', () => {
  it('starts a register, and verify names the newest receipts deleted, then all of them', async () => {
    const register = join(root, 'truncated');
    const init = await runMain(['register', 'init', '--register', register], env);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toMatch(/^Started a new register in \S+truncated, sealed with key [0-9a-f]{16}\.$/m);
    expect(await mode(register)).toBe(0o700);
    expect((await runMain(['register', 'init', '--register', register], env)).stdout).toContain(
      'is already a register',
    );
    for (const code of ['WACPT0001', 'WNOEX0001', 'WACPT0002']) {
      const filed = await runMain([...checkArgs(code), '--no-evidence', '--register', register], env);
      expect(filed.code, filed.stderr).toBe(0);
    }
    const intact = await runMain(['register', 'verify', '--register', register], env);
    expect(intact.stdout).toContain('Register intact: 3 receipts');

    await unlink(join(register, 'receipts', '000003.json'));
    await unlink(join(register, 'receipts', '000002.json'));
    const newest = await runMain(['register', 'verify', '--register', register], env);
    expect(newest.code).toBe(9);
    expect(newest.stdout).toMatch(
      /MISSING +receipts\/000002\.json is missing: the newest receipts 2 to 3 were removed/,
    );
    expect(newest.stdout).toMatch(
      /MISSING +receipts\/000003\.json is missing: the newest receipts 2 to 3 were removed/,
    );

    await rm(join(register, 'receipts'), { recursive: true });
    await unlink(join(register, 'head.json'));
    const all = await runMain(['register', 'verify', '--register', register, '--json'], env);
    expect(all.code).toBe(9);
    const { problems } = JSON.parse(all.stdout) as { problems: Array<{ path: string; detail: string }> };
    expect(
      problems.filter((p) => p.detail.includes('all 3 receipts were removed')).map((p) => p.path),
    ).toEqual(['receipts/000001.json', 'receipts/000002.json', 'receipts/000003.json']);
  }, 60_000);
});

describe('live and sandbox checks', () => {
  it('refuses a sandbox check into a register of live checks unless asked, and the report marks it', async () => {
    const register = join(root, 'live');
    // A live check filed by the HR system (the library) into the same register, with the same key.
    const { key } = await loadRegisterKey({ env, registerDir: register });
    const live = openRegister(register, key, { env });
    const result = await runMain([...checkArgs('WACPT0001'), '--json', '--no-evidence'], env);
    await fileCheck(
      live,
      { ...JSON.parse(result.stdout), reference: 'LIVE-1' },
      { mode: 'live', person: 'EMP-1' },
    );

    const refused = await runMain([...checkArgs('WNOEX0001'), '--no-evidence', '--register', register], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'holds live checks: a sandbox check (test data) is not filed among them',
    );
    expect(refused.stderr).toContain('--allow-mixed-modes');
    // No library option names at the command line (issue 33).
    expect(refused.stderr).not.toContain('allowMixedModes');
    // Refused before the check runs: nothing is charged for a check that could not be filed.
    expect(refused.stdout).toBe('');
    expect(await readdir(join(register, 'receipts'))).toEqual(['000001.json']);

    const asked = await runMain(
      [...checkArgs('WNOEX0001'), '--no-evidence', '--register', register, '--allow-mixed-modes'],
      env,
    );
    expect(asked.code, asked.stderr).toBe(0);
    const report = await runMain(['register', 'report', '--register', register], env);
    expect(report.stdout).toContain('<tr class="sandbox"><td>ANNA MARIA KOWALSKA</td>');
    expect(report.stdout).toContain('Right to work (SANDBOX: test data, not evidence)');
    expect(report.stdout).toMatch(/<tr><td>EMP-1<\/td><td>[^<]+<\/td><td>Right to work<\/td>/);
  }, 60_000);
});

describe('owner-only evidence', () => {
  it('writes the photo and PDF 0600 in a 0700 folder, and the report and calendar 0600', async () => {
    const out = join(root, 'evidence', 'new-folder');
    const checked = await runMain([...checkArgs('WACPT0001'), '--out', out], env);
    expect(checked.code, checked.stderr).toBe(0);
    expect(await mode(out)).toBe(0o700);
    const files = await readdir(out);
    expect(files.map((f) => f.split('.').at(-1)).sort()).toEqual(['jpg', 'pdf']);
    for (const file of files) expect(await mode(join(out, file)), file).toBe(0o600);

    const register = join(root, 'modes');
    await runMain([...checkArgs('WACPT0001'), '--no-evidence', '--register', register], env);
    const html = join(root, 'report.html');
    const ics = join(root, 'follow-ups.ics');
    expect((await runMain(['register', 'report', '--register', register, '--out', html], env)).code).toBe(0);
    expect(
      (await runMain(['followups', '--register', register, '--within', '400d', '--ics', ics], env)).code,
      // 11: a follow-up is due within the window.
    ).toBe(11);
    expect(await mode(html)).toBe(0o600);
    expect(await mode(ics)).toBe(0o600);
  }, 60_000);

  it('with --register alone, keeps the photo and PDF in the register only', async () => {
    const register = join(root, 'only-copy');
    const before = await readdir(process.cwd());
    try {
      const filed = await runMain([...checkArgs('WACPT0001'), '--register', register], env);
      expect(filed.code, filed.stderr).toBe(0);
      expect(filed.stdout).not.toMatch(/Photo saved|PDF saved/);
      expect(await readdir(process.cwd())).toEqual(before);
      const evidence = await readdir(join(register, 'evidence'), { recursive: true });
      expect(evidence.filter((f) => /\.(jpg|pdf)$/.test(f))).toHaveLength(2);
    } finally {
      // Were the behaviour to regress, leave no evidence in the working folder.
      for (const name of await readdir(process.cwd())) {
        if (!before.includes(name)) await rm(join(process.cwd(), name), { force: true });
      }
    }
  }, 60_000);
});
