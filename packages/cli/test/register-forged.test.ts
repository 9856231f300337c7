// The register through rtw when someone without its key has written into it (issue 38): every
// command names the receipts it cannot vouch for and exits non-zero, none crashes, prune deletes
// nothing outside the register, and verify still names every forged receipt afterwards. The folders
// evidence goes into (--out, --save-webhook) are owner-only whatever existed before.
import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SANDBOX_DATE_OF_BIRTH } from '@sharecode/core/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerEnv } from './support/register-env.js';
import { runMain } from './support/run-main.js';
import { sandboxCheck } from './support/scenarios.js';

let root: string;
let env: Record<string, string>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ root, env, cleanup } = await registerEnv('rtw-register-forged-'));
});
afterAll(() => cleanup());

const checkArgs = (code: string) => sandboxCheck('right_to_work', code);

/** A receipt as a forger writes it by hand: canonical JSON with a made-up seal. */
function forged(seq: number, body: Record<string, unknown>): string {
  const value = {
    format: 'rtw-register/1',
    seq,
    written_at: '2026-01-01T00:00:00.000Z',
    previous: null,
    key_id: 'ffffffffffffffff',
    ...body,
    mac: '0'.repeat(64),
  };
  return `${JSON.stringify(value, null, 2)}\n`;
}

describe('rtw and forged receipts', () => {
  it('names them in every command, never acts on them, and prune deletes nothing outside', async () => {
    const register = join(root, 'register');
    const filed = await runMain([...checkArgs('WACPT0001'), '--register', register], env);
    expect(filed.code, filed.stderr).toBe(0);
    const victim = join(root, 'victim.txt');
    await writeFile(victim, 'not the register’s');
    const receipts = join(register, 'receipts');
    await writeFile(
      join(receipts, '000002.json'),
      forged(2, {
        type: 'check',
        kind: 'right_to_work',
        mode: 'sandbox',
        reference: 'X',
        person: 'victim',
        name: 'victim',
        checked_by: { operator: null, organisation: null },
        checked_at: '2000-01-01T00:00:00.000Z',
        check_date: '2000-01-01',
        outcome: 'ACCEPTED',
        permission: null,
        expiry_date: null,
        follow_up: { due: true, date: '2000-06-01', basis: 'permission_expiry' },
        share_code_hmac: '0'.repeat(64),
        files: { pdf: { path: '../victim.txt', sha256: '0'.repeat(64), bytes: 1 }, photo: null },
      }),
    );
    await writeFile(
      join(receipts, '000003.json'),
      forged(3, {
        type: 'dates',
        kind: 'right_to_work',
        person: 'victim',
        reference: 'X',
        started: null,
        ended: '2001-01-01',
      }),
    );
    await writeFile(join(receipts, '000004.json'), `${'['.repeat(200_000)}${']'.repeat(200_000)}\n`);
    const forgedPaths = ['receipts/000002.json', 'receipts/000003.json', 'receipts/000004.json'];
    const args = ['--register', register, '--today', '2030-01-01'];

    const runs = {
      verify: await runMain(['register', 'verify', '--register', register], env),
      report: await runMain(['register', 'report', ...args, '--out', join(root, 'report.html')], env),
      followups: await runMain(['followups', ...args], env),
      dryRun: await runMain(['register', 'prune', ...args, '--dry-run'], env),
      prune: await runMain(
        ['register', 'prune', ...args],
        env,
        undefined,
        undefined,
        new Date('2030-01-01T12:00:00Z'),
      ),
    };
    for (const [name, run] of Object.entries(runs)) {
      expect(run.code, `${name}: ${run.stderr}`).toBe(9);
      expect(run.stderr).not.toMatch(/Maximum call stack|TypeError|at .*\.js:\d+/);
      for (const path of forgedPaths) expect(`${run.stdout}${run.stderr}`, name).toContain(path);
    }
    expect(runs.prune.stderr).toContain('nothing was deleted');
    expect(await readFile(victim, 'utf8')).toBe('not the register’s');
    expect((await readdir(receipts)).sort()).toEqual(['000001.json', ...forgedPaths.map((p) => p.slice(9))]);

    // Told to go on, it acts only on the sealed receipt (nobody is past retention) and says why it exits 9.
    const despite = await runMain(
      ['register', 'prune', ...args, '--despite-problems'],
      env,
      undefined,
      undefined,
      new Date('2030-01-01T12:00:00Z'),
    );
    expect(despite.code, despite.stderr).toBe(9);
    expect(despite.stdout).toContain('Nothing is past its retention end on 2030-01-01.');
    expect(await readFile(victim, 'utf8')).toBe('not the register’s');
    const after = await runMain(['register', 'verify', '--register', register], env);
    expect(after.code).toBe(9);
    for (const path of forgedPaths) expect(after.stdout).toContain(path);
    expect(after.stdout).toMatch(/OUTSIDE\s+receipts\/000002\.json/);
  });
});

/** A folder made beforehand with the usual 0755, as `mkdir` under umask 022 leaves it. */
async function openFolder(name: string): Promise<string> {
  const dir = join(root, name);
  await mkdir(dir, { mode: 0o755 });
  await chmod(dir, 0o755);
  return dir;
}

describe('folders of evidence', () => {
  it('tightens an --out folder made open beforehand, and saves evidence owner-only', async () => {
    const out = await openFolder('evidence-out');
    const run = await runMain([...checkArgs('WACPT0001'), '--out', out], env);
    expect(run.code, run.stderr).toBe(0);
    expect((await stat(out)).mode & 0o777).toBe(0o700);
    const names = await readdir(out);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect((await stat(join(out, name))).mode & 0o077).toBe(0);
  });

  it('tightens a --save-webhook folder made open beforehand, and saves the webhook owner-only', async () => {
    const dir = await openFolder('webhooks');
    const run = await runMain(
      [
        'async',
        'right-to-work',
        '--sandbox',
        '--wait',
        '--share-code',
        'WACPT0001',
        '--dob',
        SANDBOX_DATE_OF_BIRTH,
        '--company',
        'Acme Ltd',
        '--callback-url',
        'https://receiver.example.com/hooks',
        '--save-webhook',
        dir,
      ],
      env,
    );
    expect(run.code, run.stderr).toBe(0);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    const names = await readdir(dir);
    expect(names).toHaveLength(2);
    for (const name of names) expect((await stat(join(dir, name))).mode & 0o077).toBe(0);
  });
});
