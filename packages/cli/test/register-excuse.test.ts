// The statutory excuse through the CLI: the likeness check (flags, prompt, confirm-likeness), the
// terminal views (list, show), a reference shared by several people, and the evidence pack, opened
// with poppler (pdfdetach lists and saves its files, pdftoppm renders its pages).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CheckKind } from '@sharecode/core';
import { SANDBOX_DATE_OF_BIRTH } from '@sharecode/core/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerEnv, registerWithOlderCheck } from './support/register-env.js';
import { json, runMain } from './support/run-main.js';
import { KIND_FLAGS, KIND_NAME, sandboxCheckArgs } from './support/scenarios.js';

let root: string;
let env: Record<string, string>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ root, env, cleanup } = await registerEnv('rtw-excuse-', { checkedBy: 'Jo HR' }));
});
afterAll(() => cleanup());

/** poppler-utils opens the pack (.ci/run installs it): say so rather than fail on ENOENT. */
function poppler(tool: 'pdfdetach' | 'pdftoppm' | 'pdftotext', args: string[]): Buffer {
  try {
    return execFileSync(tool, args);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') {
      throw new Error(`${tool} is missing: install poppler-utils (apt-get install poppler-utils).`);
    }
    throw error;
  }
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

function check(
  kind: CheckKind,
  code: string,
  register: string,
  extra: string[] = [],
  answers?: string[],
  runEnv: Record<string, string> = env,
) {
  return runMain(sandboxCheckArgs(kind, code, register, extra), runEnv, undefined, answers);
}

interface Listed {
  people: Array<{ person: string; excuse: { state: string; missing?: Array<{ what: string }> } }>;
  verified: boolean;
}

describe('who compared the photo is named, never the login name', () => {
  const unnamed = (): Record<string, string> => {
    const { RTW_CHECKED_BY: _, ...rest } = env;
    return rest;
  };

  it('asks for the name at a terminal when none is set, and records it', async () => {
    const register = join(root, 'likeness-named');
    const run = await check('right_to_work', 'WACPT0001', register, [], ['video', 'Ana Lee'], unnamed());
    expect(run.code, run.stderr).toBe(0);
    expect(run.asked[1]).toMatch(/^Your name, as the record should show who compared the photo/);
    expect(run.stdout).toContain('Likeness:         video by Ana Lee');
  }, 60_000);

  it('refuses --likeness without --checked-by or RTW_CHECKED_BY, before anything is sent', async () => {
    const register = join(root, 'likeness-flag');
    const run = await check(
      'right_to_work',
      'WACPT0001',
      register,
      ['--likeness', 'video'],
      undefined,
      unnamed(),
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--likeness records who compared the photo with the person');
    expect(run.stdout).toBe('');
  }, 60_000);

  it('prints commands that record nothing when pasted as they are, until the name is filled in', async () => {
    const register = join(root, 'likeness-paste');
    const script = await check(
      'right_to_work',
      'WACPT0002',
      register,
      ['--person', 'EMP-6'],
      undefined,
      unnamed(),
    );
    const line = script.stdout.split('\n').find((text) => text.includes('--how in-person'));
    expect(line).toMatch(/^ +rtw register confirm-likeness \S+ --how in-person --by "<your name>"$/);
    // As a shell passes that line: the quoted placeholder is one argument.
    const [command = ''] = (line ?? '').trim().split(' --by ');
    const pasted = [...command.split(' ').slice(1), '--by', '<your name>'];
    const refused = await runMain([...pasted, '--register', register], unnamed());
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Nothing recorded: replace <your name> with the name');
  }, 60_000);
});

describe('the likeness check and the excuse, in the terminal', () => {
  it('records the likeness from flags, a prompt or confirm-likeness, and shows the excuse', async () => {
    const register = join(root, 'likeness');
    const flagged = await check('right_to_work', 'WACPT0001', register, [
      '--likeness',
      'video',
      '--checked-by',
      'Ana Lee',
    ]);
    expect(flagged.code).toBe(0);
    expect(flagged.stdout).toContain('Likeness:         video by Ana Lee');

    // At a terminal, the likeness is asked for after the check.
    const asked = await check('right_to_rent', 'RACPT0002', register, [], ['in person']);
    expect(asked.code).toBe(0);
    expect(asked.asked).toEqual(['How did you see them? in-person, video, or Enter for later: ']);
    expect(asked.stdout).toContain('Likeness:         in-person by Jo HR');

    // In a script, nothing is asked: the excuse stays incomplete until confirmed.
    const later = await check('right_to_work', 'WNOEX0001', register, ['--person', 'EMP-9']);
    expect(later.stdout).toContain('Likeness:         not recorded');
    const listed = await runMain(['register', 'list', '--register', register, '--json'], env);
    expect(listed.code).toBe(0);
    const people = json<Listed>(listed).people;
    // Sandbox checks are test data: never an excuse. What else is missing is named beside it.
    const missing = new Map(people.map((p) => [p.person, p.excuse.missing?.map((m) => m.what)]));
    expect(missing.get('EMP-9')).toEqual(['sandbox_check', 'likeness']);
    expect(missing.get('PRIYA ANJALI SHARMA')).toEqual(['sandbox_check']);
    expect(people.map((p) => p.excuse.state)).toEqual(['incomplete', 'incomplete', 'incomplete']);

    const terminal = await runMain(['register', 'list', '--register', register], env);
    expect(terminal.stdout).toMatch(
      /3 people in the register on \d{4}-\d{2}-\d{2}, 3 without a full statutory excuse/,
    );
    expect(terminal.stdout).toMatch(
      /INCOMPLETE +right to work +EMP-9 \(.+\) \[SANDBOX: test data\]: .*a sandbox check .*; no likeness check recorded/,
    );

    const confirmed = await runMain(
      ['register', 'confirm-likeness', 'EMP-9', '--how', 'video', '--by', 'Ana Lee', '--register', register],
      env,
    );
    expect(confirmed.code).toBe(0);
    expect(confirmed.stdout).toMatch(/Recorded for EMP-9: .* on a live video call by Ana Lee \(receipt 6\)/);
    const bad = await runMain(
      ['register', 'confirm-likeness', 'EMP-9', '--how', 'phone', '--by', 'Ana', '--register', register],
      env,
    );
    expect(bad.code).toBe(2);
    const future = await runMain(
      [
        'register',
        'confirm-likeness',
        'EMP-9',
        '--how',
        'video',
        '--by',
        'Ana',
        '--on',
        '2099-01-01',
        '--register',
        register,
      ],
      env,
    );
    expect(future.code).toBe(2);
    expect(future.stderr).toContain('cannot be recorded for a time still to come');

    // A start of the work before the check is flagged: no excuse for the days between.
    const set = await runMain(
      ['register', 'set', 'EMP-9', '--engagement-started', '2026-01-05', '--register', register],
      env,
    );
    expect(set.code).toBe(0);
    const shown = await runMain(['register', 'show', 'EMP-9', '--register', register], env);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/Work: +engagement/);
    expect(shown.stdout).toMatch(
      /the engagement started on 2026-01-05, before the check on \d{4}-\d{2}-\d{2}/,
    );
    expect(shown.stdout).toMatch(/likeness video by Ana Lee/);
    expect(shown.stdout).not.toContain('no likeness check recorded');

    // --by defaults to the operator named for checks (--checked-by, RTW_CHECKED_BY), never the login name.
    const likeness = ['register', 'confirm-likeness', 'EMP-9', '--how', 'in-person', '--register', register];
    const fromEnv = await runMain(likeness, env);
    expect(fromEnv.code).toBe(0);
    expect(fromEnv.stdout).toContain('compared with them in person by Jo HR');
    const fromFlag = await runMain([...likeness, '--checked-by', 'Sam Ray'], env);
    expect(fromFlag.stdout).toContain('by Sam Ray');
    const { RTW_CHECKED_BY: _, ...unnamed } = env;
    const nobody = await runMain(likeness, unnamed);
    expect(nobody.code).toBe(2);
    expect(nobody.stderr).toContain(
      'no one is named as having compared the photo with the person (the login name is not used for this). Pass --by NAME, or set RTW_CHECKED_BY.',
    );
    const help = await runMain(['register', 'confirm-likeness', '--help'], env);
    expect(help.stdout).toMatch(/--on <date> +the day the photo was compared, DD\/MM\/YYYY or YYYY-MM-DD/);
  }, 60_000);
});

describe('a reference shared by several people', () => {
  it('is never picked silently: refused with the candidates, or asked at a terminal', async () => {
    const register = join(root, 'shared');
    await check('right_to_work', 'WACPT0001', register, ['--person', 'EMP-1', '--likeness', 'video']);
    await check('right_to_work', 'WACPT0001', register, ['--person', 'EMP-2', '--likeness', 'video']);
    const args = [
      'register',
      'set',
      'WE-K7Q2M9A-TP',
      '--employment-ended',
      '2099-01-01',
      '--register',
      register,
    ];
    const refused = await runMain(args, env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /WE-K7Q2M9A-TP names 2 records: EMP-1 .*; EMP-2 .*Say which person \(rtw: --person ID\)/s,
    );
    const asked = await runMain(args, env, undefined, ['EMP-2']);
    expect(asked.code).toBe(0);
    expect(asked.asked).toEqual(['Which person? (EMP-1, EMP-2): ']);
    expect(asked.stdout).toContain('Recorded for EMP-2');
    const chosen = await runMain([...args, '--person', 'EMP-1'], env);
    expect(chosen.stdout).toContain('Recorded for EMP-1');
    // Ids and names are taken in any case, when only one candidate matches.
    const anyCase = await runMain(args, env, undefined, ['emp-2']);
    expect(anyCase.code).toBe(0);
    expect(anyCase.stdout).toContain('Recorded for EMP-2');
    const wrong = await runMain(args, env, undefined, ['emp-3', '']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('"emp-3" is not one of EMP-1, EMP-2: type one of them (in any case).');
  }, 60_000);
});

describe('rtw register pack', () => {
  it('writes one PDF with every file attached and hashed, and refuses a register that does not verify', async () => {
    const register = join(root, 'pack');
    await check('right_to_work', 'WACPT0001', register, ['--person', 'EMP-1', '--likeness', 'in-person']);
    await check('right_to_work', 'WACPT0001', register, ['--person', 'EMP-1']);
    const out = join(root, 'emp-1.pdf');
    const packed = await runMain(['register', 'pack', 'EMP-1', '--out', out, '--register', register], env);
    expect(packed.code).toBe(0);
    const bytes = await readFile(out);
    const nowhere = await runMain(
      ['register', 'pack', 'EMP-1', '--out', join(root, 'no-such-folder', 'p.pdf'), '--register', register],
      env,
    );
    expect(nowhere.code).toBe(2);
    expect(nowhere.stderr).toContain('its folder does not exist. Choose another --out.');
    expect(packed.stdout).toContain(`SHA-256: ${sha256(bytes)}`);
    // The hash printed may have been kept: the file it names is not replaced without --force.
    const again = await runMain(['register', 'pack', 'EMP-1', '--out', out, '--register', register], env);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(
      `No pack written: ${out} already exists, and the hash printed for an earlier pack may have been kept for it. Choose another --out, or add --force to replace it.`,
    );
    expect(sha256(await readFile(out))).toBe(sha256(bytes));
    const forced = await runMain(
      ['register', 'pack', 'EMP-1', '--out', out, '--force', '--register', register],
      env,
    );
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain(`SHA-256: ${sha256(await readFile(out))}`);

    // Every file attached is byte for byte the one its receipt names.
    const saved = join(root, 'unpacked');
    await mkdir(saved);
    poppler('pdfdetach', ['-saveall', '-o', saved, out]);
    const names = (await readdir(saved)).sort();
    const receipts = names.filter((n) => n.startsWith('receipts-'));
    expect(receipts).toEqual(['receipts-000001.json', 'receipts-000002.json', 'receipts-000003.json']);
    for (const name of receipts) {
      const attached = await readFile(join(saved, name));
      expect(sha256(attached)).toBe(sha256(await readFile(join(register, 'receipts', name.slice(9)))));
      const receipt = JSON.parse(attached.toString('utf8'));
      if (receipt.type !== 'check') continue;
      for (const file of [receipt.files.pdf, receipt.files.photo]) {
        expect(sha256(await readFile(join(saved, file.path.replaceAll('/', '-'))))).toBe(file.sha256);
      }
    }
    // Its pages render.
    poppler('pdftoppm', ['-png', '-r', '40', '-f', '1', '-l', '1', out, join(root, 'page')]);
    const png = await readFile(
      join(root, (await readdir(root)).find((n) => /^page-\d+\.png$/.test(n)) ?? 'none'),
    );
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const text = poppler('pdftotext', [out, '-']).toString();
    expect(text).toContain('evidence pack: PRIYA ANJALI SHARMA');
    expect(text).toContain('The register verified intact');
    expect(text).toMatch(
      /Excuse:\s+incomplete: a sandbox check \(test data\)[\s\S]*no likeness check\s+recorded/,
    );

    // A tampered receipt: no pack, unless asked for with the problems listed in it.
    const path = join(register, 'receipts', '000002.json');
    await writeFile(path, (await readFile(path, 'utf8')).replace('"in-person"', '"video"'));
    const listed = await runMain(['register', 'list', '--register', register], env);
    expect(listed.code).toBe(9);
    expect(listed.stderr).toContain('receipts/000002.json');
    const refusedOut = join(root, 'refused.pdf');
    const refused = await runMain(
      ['register', 'pack', 'EMP-1', '--out', refusedOut, '--register', register],
      env,
    );
    expect(refused.code).toBe(9);
    expect(refused.stderr).toContain('No pack written: the register does not verify');
    await expect(readFile(refusedOut)).rejects.toThrow();
    const anyway = await runMain(
      ['register', 'pack', 'EMP-1', '--out', refusedOut, '--with-problems', '--register', register],
      env,
    );
    expect(anyway.code).toBe(9);
    const withProblems = poppler('pdftotext', [refusedOut, '-']).toString();
    expect(withProblems).toContain('did NOT verify');
    expect(withProblems).toContain('receipts/000002.json');
  }, 60_000);
});

describe('a follow-up check that may be someone already in the register', () => {
  const olderRegister = (name: string) => registerWithOlderCheck(join(root, name), env);

  it('asks at a terminal whether it is them, and files it under the id given', async () => {
    const dir = await olderRegister('maybe');
    const asked = await check('right_to_work', 'WACPT0001', dir, [], ['EMP-3', '']);
    expect(asked.code, asked.stderr).toBe(0);
    expect(asked.stderr).toContain('This check may be about someone already in the register: EMP-3.');
    expect(asked.asked[0]).toBe('Type their id to file it under them, or Enter for a new entry: ');
    const listed = json<Listed>(await runMain(['register', 'list', '--register', dir, '--json'], env));
    expect(listed.people.map((p) => p.person)).toEqual(['EMP-3']);
  }, 60_000);

  it('in a script, files it under the name and says whom it may be', async () => {
    const dir = await olderRegister('maybe-script');
    const scripted = await check('right_to_work', 'WACPT0001', dir);
    expect(scripted.code).toBe(0);
    expect(scripted.stderr).toContain(
      'Note: this may be EMP-3, already in the register; filed as PRIYA ANJALI SHARMA. If it is the same person, file their checks with --person ID.',
    );
  }, 60_000);
  it('filed under another --person than the one matched, says so once; earlier checks noted once a day', async () => {
    const register = join(root, 'split');
    await check('right_to_work', 'WACPT0001', register, ['--person', 'E-100']);
    const repeat = await check('right_to_work', 'WACPT0001', register, ['--person', 'E-100']);
    expect(repeat.stderr).toContain('Filed under E-100: the same share code as their earlier check.');
    const split = await check('right_to_work', 'WACPT0001', register, ['--person', 'E-205']);
    expect(split.code).toBe(0);
    expect(split.stderr).not.toContain('Filed under E-100');
    expect(split.stderr).toContain(
      'Note: the register now holds this check under E-205 and their earlier checks (the same share code) under E-100, so follow-ups and the report list them separately. If they are the same person, file their next checks under one id (--person E-100).',
    );
    // Two earlier checks of the profile on one day, with its one reference: one line, not two alike.
    const earlier = split.stderr.split('\n').filter((line) => line.includes('checked before'));
    expect(earlier).toEqual([
      expect.stringMatching(
        /^Note: this share code was checked before, on \d{4}-\d{2}-\d{2} \(reference WE-K7Q2M9A-TP, 2 checks\)\.$/,
      ),
    ]);
  }, 60_000);

  it('files the check first, as a new entry, when Ctrl-C ends that question (exit 130)', async () => {
    const dir = await olderRegister('maybe-ctrl-c');
    let press = (): void => undefined;
    const run = await runMain(
      [
        'check',
        KIND_NAME.right_to_work,
        '--sandbox',
        '--share-code',
        'WACPT0001',
        '--dob',
        SANDBOX_DATE_OF_BIRTH,
      ].concat(KIND_FLAGS.right_to_work, ['--register', dir]),
      env,
      (handler) => {
        press = handler;
      },
      (question, signal) => {
        if (!question.startsWith('Type their id')) return Promise.resolve('');
        // What bin.ts does on Ctrl-C while the question waits: the command's own first-Ctrl-C handler.
        const ended = new Promise<string | undefined>((_, reject) =>
          signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
        );
        press();
        return ended;
      },
    );
    expect(run.code, run.stderr).toBe(130);
    expect(run.stderr).toContain('The check had run, so it was filed first, as a new entry (receipt 2)');
    expect(run.stderr).toContain('Note: this may be EMP-3, already in the register');
    const listed = json<Listed>(await runMain(['register', 'list', '--register', dir, '--json'], env));
    expect(listed.people.map((p) => p.person).sort()).toEqual(['EMP-3', 'PRIYA ANJALI SHARMA']);
  }, 60_000);
});

describe('a batch row whose label is not the id the register knows them by', () => {
  it('files it under the label and says the register now lists the two apart', async () => {
    const register = join(root, 'batch-apart');
    await check('right_to_work', 'WACPT0001', register, ['--person', 'EMP-1']);
    const csv = join(root, 'batch-apart.csv');
    await writeFile(csv, `label,share_code,dob\nE-101,WACPT0001,${SANDBOX_DATE_OF_BIRTH}\n`);
    const run = await runMain(
      [
        'check',
        'right-to-work',
        '--sandbox',
        '--company',
        'Acme Ltd',
        '--batch',
        csv,
        '--register',
        register,
      ],
      env,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      'Row 1: filed under E-101, its label, but the register holds their earlier checks (the same share code) under EMP-1',
    );
  }, 60_000);
});

describe('a receipt edited after it was filed', () => {
  it('is left out of the report, list and show, named, with exit 9', async () => {
    const register = join(root, 'edited');
    await check('right_to_work', 'WACPT0001', register, ['--person', 'EMP-1', '--likeness', 'video']);
    await check('right_to_rent', 'RACPT0002', register, ['--person', 'T-1', '--likeness', 'video']);
    const path = join(register, 'receipts', '000001.json');
    const text = await readFile(path, 'utf8');
    const expiry = /"expiry_date": "(\d{4}-\d{2}-\d{2})"/.exec(text)?.[1] ?? '';
    await writeFile(path, text.replaceAll(expiry, '2031-01-01'));

    const html = join(root, 'edited.html');
    const report = await runMain(['register', 'report', '--register', register, '--out', html], env);
    expect(report.code).toBe(9);
    const page = await readFile(html, 'utf8');
    expect(page).not.toContain('2031-01-01');
    expect(page).toContain('Left out of the table: receipts/000001.json');
    expect(page).toContain('<th scope="col">Statutory excuse</th>');
    for (const args of [['list'], ['show', 'T-1']]) {
      const run = await runMain(['register', ...args, '--register', register], env);
      expect(run.code, args.join(' ')).toBe(9);
      expect(run.stdout).not.toContain('2031-01-01');
      expect(run.stderr).toContain('receipts/000001.json');
    }
    // Its person has no receipt the register vouches for: not found, never shown from the edit.
    const shown = await runMain(['register', 'show', 'EMP-1', '--register', register], env);
    expect(shown.code).toBe(2);
    expect(shown.stderr).toMatch(/1 receipt\(s\) were left out because the register does not vouch for them/);
  }, 60_000);
});
