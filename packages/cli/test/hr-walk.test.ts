// Issue 33's HR officer's walk, from a fresh clone: each trap found there, walked again through
// main(argv, io) in this process.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { CheckKind } from '@sharecode/core';
import { SANDBOX_DATE_OF_BIRTH } from '@sharecode/core/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerEnv } from './support/register-env.js';
import { runMain } from './support/run-main.js';
import { sandboxCheckArgs } from './support/scenarios.js';

let root: string;
let env: Record<string, string>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ root, env, cleanup } = await registerEnv('rtw-hr-walk-', { checkedBy: 'Jo HR' }));
});
afterAll(() => cleanup());

function check(
  kind: CheckKind,
  code: string,
  register: string,
  extra: string[] = [],
  answers?: string[] | ((question: string) => Promise<string | undefined>),
) {
  return runMain(sandboxCheckArgs(kind, code, register, extra), env, undefined, answers);
}

async function receiptsOf(register: string): Promise<Array<Record<string, unknown>>> {
  const dir = join(register, 'receipts');
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir)).filter((name) => /^\d+\.json$/.test(name)).sort();
  return Promise.all(names.map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8'))));
}

describe('1. the likeness question comes after the check is filed', () => {
  it('files the check and its evidence before asking; Ctrl-C at the question loses nothing', async () => {
    const register = join(root, 'likeness-first');
    let onDisk: Array<Record<string, unknown>> = [];
    let photoThere = false;
    // The question is where Ctrl-C ends the process: what is on disk then is what is kept.
    const interrupted = await check(
      'right_to_work',
      'WACPT0001',
      register,
      ['--person', 'EMP-1'],
      async () => {
        onDisk = await receiptsOf(register);
        const files = onDisk[0]?.files as { photo?: { path: string } } | undefined;
        photoThere = files?.photo !== undefined && existsSync(join(register, ...files.photo.path.split('/')));
        return undefined;
      },
    );
    expect(interrupted.code).toBe(0);
    expect(interrupted.asked).toEqual(['How did you see them? in-person, video, or Enter for later: ']);
    expect(onDisk.map((receipt) => receipt.type)).toEqual(['check']);
    expect(photoThere).toBe(true);
    // The photo's place is shown before the question, to open it during the call.
    expect(interrupted.stderr).toMatch(/The photo to compare: .*evidence/);
    expect(interrupted.stdout).toContain('Likeness:         not recorded');

    // Answered: the likeness is a receipt after the check's.
    const answered = await check(
      'right_to_work',
      'WACPT0001',
      join(root, 'likeness-answered'),
      [],
      ['video'],
    );
    expect(answered.code).toBe(0);
    expect(answered.stdout).toContain('Likeness:         video by Jo HR');
    const chain = await receiptsOf(join(root, 'likeness-answered'));
    expect(chain.map((receipt) => receipt.type)).toEqual(['check', 'likeness']);
    expect(chain[1]).toMatchObject({ how: 'video', by: 'Jo HR', check_seq: 1 });
  });
});

describe('2. a write after the newest receipt was deleted', () => {
  it('is refused by register set and by a check, naming the loss; verify still reports it', async () => {
    const register = join(root, 'deleted-newest');
    await check('right_to_work', 'WACPT0001', register, ['--person', 'EMP-1']);
    await check('right_to_rent', 'RACPT0002', register, ['--person', 'T-1']);
    await rm(join(register, 'receipts', '000002.json'));
    const set = await runMain(
      ['register', 'set', 'EMP-1', '--employment-started', '01/01/2026', '--register', register],
      env,
    );
    expect(set.code).toBe(9);
    expect(set.stderr).toMatch(/does not verify: the newest receipts 2 to 2 were removed/);
    expect(set.stderr).toMatch(/rtw register verify/);
    const filed = await check('right_to_work', 'WNOEX0001', register, ['--person', 'EMP-3']);
    expect(filed.code).toBe(9);
    expect(filed.stderr).toMatch(/does not verify/);
    // Refused before the check was sent (and charged, on a live key), not after.
    expect(filed.stderr).not.toContain('The check ran');
    expect(filed.stdout).toBe('');
    const verify = await runMain(['register', 'verify', '--register', register], env);
    expect(verify.code).toBe(9);
    expect(verify.stdout).toMatch(/MISSING +receipts\/000002\.json/);
  });
});

describe('3. prune as of a later day', () => {
  it('is refused without --dry-run and deletes nothing; a preview is allowed', async () => {
    const register = join(root, 'prune-later');
    await check('right_to_work', 'WACPT0001', register, ['--person', 'EMP-1']);
    const today = new Date().toISOString().slice(0, 10);
    const ended = await runMain(
      ['register', 'set', 'EMP-1', '--employment-ended', today, '--register', register],
      env,
    );
    expect(ended.code).toBe(0);
    const before = await readdir(join(register, 'evidence'), { recursive: true });
    const refused = await runMain(
      ['register', 'prune', '--register', register, '--today', '01/01/2040'],
      env,
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--today 2040-01-01 is later than today .*--dry-run/);
    expect(await readdir(join(register, 'evidence'), { recursive: true })).toEqual(before);
    const preview = await runMain(
      ['register', 'prune', '--register', register, '--today', '01/01/2040', '--dry-run'],
      env,
    );
    expect(preview.code).toBe(0);
    expect(preview.stdout).toContain('Would delete EMP-1');
    expect(await readdir(join(register, 'evidence'), { recursive: true })).toEqual(before);
    const help = (await runMain(['register', 'prune', '--help'], env)).stdout.replace(/\s+/g, ' ');
    expect(help).toContain('with --dry-run, a preview of what a later prune deletes');
  });
});

describe('4. a batch rerun with --register', () => {
  const rtw = ['check', 'right-to-work', '--sandbox', '--company', 'Acme Ltd'];
  async function csvIn(dir: string): Promise<string> {
    const { mkdir, writeFile } = await import('node:fs/promises');
    await mkdir(dir, { recursive: true });
    const csv = join(dir, 'starters.csv');
    await writeFile(
      csv,
      `label,share_code,dob\nE-1,WACPT0001,${SANDBOX_DATE_OF_BIRTH}\nE-2,WACPT0002,${SANDBOX_DATE_OF_BIRTH}\n`,
    );
    return csv;
  }
  type Summary = { filed: number; already_filed: number; not_filed: number; ran: number };

  it('files the rows an earlier run checked without --register, from the evidence it saved', async () => {
    const dir = join(root, 'batch-later');
    const csv = await csvIn(dir);
    const first = await runMain([...rtw, '--batch', csv, '--out', join(dir, 'evidence')], env);
    expect(first.code).toBe(0);
    const register = join(dir, 'register');
    const again = await runMain(
      [...rtw, '--batch', csv, '--out', join(dir, 'evidence'), '--register', register],
      env,
    );
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('(0 run now, 2 already done)');
    expect(again.stdout).toContain('  2 filed in the register now');
    const chain = await receiptsOf(register);
    expect(chain.map((receipt) => [receipt.type, receipt.person])).toEqual([
      ['check', 'E-1'],
      ['check', 'E-2'],
    ]);
    // Filed with their evidence, which verifies.
    expect((await runMain(['register', 'verify', '--register', register], env)).code).toBe(0);
    const third = await runMain(
      [...rtw, '--batch', csv, '--out', join(dir, 'evidence'), '--register', register, '--json'],
      env,
    );
    expect(JSON.parse(third.stdout) as Summary).toMatchObject({ filed: 0, already_filed: 2, not_filed: 0 });
  });

  it('counts only what it filed in the register named, and says why rows without evidence cannot be', async () => {
    const dir = join(root, 'batch-other');
    const csv = await csvIn(dir);
    const first = await runMain([...rtw, '--batch', csv, '--no-evidence', '--register', join(dir, 'a')], env);
    expect(first.stdout).toContain('  2 filed in the register now');
    const other = await runMain([...rtw, '--batch', csv, '--no-evidence', '--register', join(dir, 'b')], env);
    expect(other.stdout).toContain('  0 filed in the register now; 2 could not be filed');
    expect(other.stderr).toContain('2 rows done by an earlier run cannot be filed in this register:');
    expect(other.stderr).toContain(
      'row 1 (line 2): its photo and PDF were kept only in the register that run filed it in',
    );
    expect(await receiptsOf(join(dir, 'b'))).toEqual([]);

    const bare = join(root, 'batch-bare');
    const bareCsv = await csvIn(bare);
    await runMain([...rtw, '--batch', bareCsv, '--no-evidence'], env);
    const later = await runMain(
      [...rtw, '--batch', bareCsv, '--register', join(bare, 'register'), '--json'],
      env,
    );
    expect(JSON.parse(later.stdout) as Summary).toMatchObject({ filed: 0, not_filed: 2 });
    expect(later.stderr).toContain(
      'its photo and PDF were not kept (the run that checked it had --no-evidence)',
    );
  });
});

/** poppler-utils opens the pack (.ci/run installs it): say so rather than fail on ENOENT. */
function poppler(tool: 'pdfdetach' | 'pdftotext', args: string[]): string {
  try {
    return execFileSync(tool, args).toString();
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') {
      throw new Error(`${tool} is missing: install poppler-utils (apt-get install poppler-utils).`);
    }
    throw error;
  }
}

describe('5 and 7. the evidence pack', () => {
  it('with --with-problems, is written with a missing file listed; each file attached once; UK time', async () => {
    const register = join(root, 'pack-missing');
    await check('right_to_work', 'WACPT0001', register, ['--person', 'EMP-1']);
    await check('right_to_work', 'WACPT0001', register, ['--person', 'EMP-1']);
    const whole = join(root, 'whole.pdf');
    expect(
      (await runMain(['register', 'pack', 'EMP-1', '--out', whole, '--register', register], env)).code,
    ).toBe(0);
    // Two checks of the same profile name the same photo and PDF: attached once each.
    const attached = poppler('pdfdetach', ['-list', whole])
      .split('\n')
      .filter((line) => /^\d+:/.test(line));
    expect(attached).toHaveLength(4);
    expect(poppler('pdftotext', [whole, '-'])).toMatch(
      /Prepared \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} (GMT|BST)/,
    );

    const [first] = await receiptsOf(register);
    const photo = ((first as Record<string, unknown>).files as { photo: { path: string } }).photo.path;
    await rm(join(register, ...photo.split('/')));
    const out = join(root, 'missing.pdf');
    const refused = await runMain(['register', 'pack', 'EMP-1', '--out', out, '--register', register], env);
    expect(refused.code).toBe(9);
    expect(refused.stderr).toContain('No pack written');
    expect(existsSync(out)).toBe(false);
    const anyway = await runMain(
      ['register', 'pack', 'EMP-1', '--out', out, '--with-problems', '--register', register],
      env,
    );
    expect(anyway.stderr).not.toContain('Unexpected');
    expect(anyway.code).toBe(9);
    expect(anyway.stderr).toContain(`Not in the pack: ${photo} is missing from the register.`);
    const text = poppler('pdftotext', [out, '-']);
    expect(text).toContain('did NOT verify');
    expect(text).toContain('Files NOT in this pack');
    expect(text).toContain(photo);
  }, 60_000);
});

describe('7. rough edges', () => {
  it('show finds a person by the name list prints, and asks which when several share it', async () => {
    const register = join(root, 'by-name');
    await check('right_to_work', 'WACPT0001', register, ['--person', 'EMP-1']);
    const shown = await runMain(['register', 'show', 'priya anjali  sharma', '--register', register], env);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('EMP-1');
    await check('right_to_work', 'WACPT0001', register, ['--person', 'EMP-2']);
    const two = await runMain(['register', 'show', 'PRIYA ANJALI SHARMA', '--register', register], env);
    expect(two.code).toBe(2);
    expect(two.stderr).toMatch(/EMP-1.*EMP-2/s);
  });

  it('register set: no library option or wrong date form in messages; a start before the check warns', async () => {
    const register = join(root, 'set-words');
    await check('right_to_work', 'WACPT0001', register, ['--person', 'EMP-1']);
    const early = await runMain(
      ['register', 'set', 'EMP-1', '--employment-ended', '01/01/2020', '--register', register],
      env,
    );
    expect(early.code).toBe(2);
    expect(early.stderr).not.toContain('YYYY-MM-DD');
    const gap = await runMain(
      ['register', 'set', 'EMP-1', '--employment-started', '01/01/2020', '--register', register],
      env,
    );
    expect(gap.code).toBe(0);
    expect(gap.stderr).toMatch(
      /started 2020-01-01, before EMP-1's first check on .*no statutory excuse for the days between/,
    );

    const path = join(register, 'receipts', '000001.json');
    const { readFile: read, writeFile: write } = await import('node:fs/promises');
    await write(path, (await read(path, 'utf8')).replace('ACCEPTED', 'REJECTED'));
    const prune = await runMain(['register', 'prune', '--register', register], env);
    expect(prune.code).toBe(9);
    expect(prune.stderr).toContain('--despite-problems');
    expect(prune.stderr).not.toMatch(/pruneRegister|despiteProblems/);
  });
});
