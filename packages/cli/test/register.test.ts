import { appendFile, mkdtemp, readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CheckKind } from '@sharecode/core';
import { retentionEnd } from '@sharecode/core/duties';
import { SANDBOX_DATE_OF_BIRTH, SANDBOX_SCENARIOS, sandboxShareCode } from '@sharecode/core/sandbox';
import ICAL from 'ical.js';
import { parse } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerEnv } from './support/register-env.js';
import { json, runMain } from './support/run-main.js';
import { KIND_FLAGS, KIND_NAME, sandboxCheckArgs } from './support/scenarios.js';

let root: string;
let env: Record<string, string>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ root, env, cleanup } = await registerEnv('rtw-register-', { checkedBy: 'hr.jo' }));
});
afterAll(() => cleanup());

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

async function check(kind: CheckKind, code: string, register: string, extra: string[] = []) {
  return runMain(sandboxCheckArgs(kind, code, register, ['--no-evidence', ...extra]), env);
}

interface FollowUps {
  today: string;
  within_days: number;
  overdue: number;
  items: Array<{
    kind: string;
    person: string;
    reference: string;
    follow_up_date: string;
    status: string;
    days: number;
  }>;
}

describe('rtw check --register, then rtw followups', () => {
  it('files the check and lists its follow-up on the terminal, as JSON and as a calendar', async () => {
    const register = join(root, 'single');
    const run = await check('right_to_work', 'WACPT0001', register);
    // The first filing into a new folder starts the register, and says so.
    expect(run.stderr).toMatch(/^Started a new register in \S+single, sealed with key [0-9a-f]{16}\.\n$/);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Register: +filed as receipt 1 under WE-K7Q2M9A-TP/);
    const expiry = /Expiry date: +(\d{4}-\d{2}-\d{2})/.exec(run.stdout)?.[1];
    expect(run.stdout).toContain(`Next check due:   by ${expiry}`);

    // 28 days by default: a year ahead is not listed yet.
    const soon = await runMain(['followups', '--register', register], env);
    expect(soon.code).toBe(0);
    expect(soon.stdout).toMatch(/due within 28 days of \d{4}-\d{2}-\d{2}: 0/);

    const terminal = await runMain(['followups', '--within', '400d'], { ...env, RTW_REGISTER: register });
    expect(terminal.code).toBe(11);
    expect(terminal.stdout).toContain(`due      ${expiry}`);
    expect(terminal.stdout).toContain('PRIYA ANJALI SHARMA');

    const ics = join(root, 'single.ics');
    const asJson = await runMain(
      ['followups', '--register', register, '--within', '60w', '--json', '--ics', ics],
      env,
    );
    expect(asJson.code).toBe(11);
    const list = json<FollowUps>(asJson);
    expect(list.items).toEqual([
      expect.objectContaining({
        kind: 'right_to_work',
        reference: 'WE-K7Q2M9A-TP',
        follow_up_date: expiry,
        status: 'due',
      }),
    ]);
    const calendar = new ICAL.Component(ICAL.parse(await readFile(ics, 'utf8')));
    const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    expect(events).toHaveLength(1);
    expect(events[0]?.startDate.toString()).toBe(expiry);
    expect(events[0]?.startDate.isDate).toBe(true);
    expect(events[0]?.summary).toBe('Follow-up right to work check due: PRIYA ANJALI SHARMA');

    // On the day after the expiry it is overdue: its own exit code, overdue first.
    const later = await runMain(
      ['followups', '--register', register, '--today', '2099-01-01', '--json'],
      env,
    );
    expect(later.code).toBe(10);
    expect(json<FollowUps>(later)).toMatchObject({ overdue: 1, items: [{ status: 'overdue' }] });
  }, 60_000);

  it('recognises a repeat of the same share code', async () => {
    const register = join(root, 'repeat');
    await check('right_to_rent', 'RACPT0002', register);
    const again = await check('right_to_rent', 'racpt 0002', register);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/this share code was checked before, on \d{4}-\d{2}-\d{2} \(reference RE-/);
  });

  it('makes a key outside the register on first use and says so once', async () => {
    const { RTW_REGISTER_KEY: _shared, ...noKey } = env;
    const keyEnv = { ...noKey, XDG_CONFIG_HOME: join(root, 'own-config') };
    const register = join(root, 'own-key');
    const first = await runMain(
      [
        'check',
        'right-to-work',
        '--sandbox',
        '--share-code',
        'WACPT0001',
        '--dob',
        SANDBOX_DATE_OF_BIRTH,
        '--company',
        'Acme Ltd',
        '--no-evidence',
        '--register',
        register,
      ],
      keyEnv,
    );
    expect(first.code).toBe(0);
    const keyFile = join(root, 'own-config', 'rtw', 'register.key');
    const keyId = /Made a new register key ([0-9a-f]{16}) in (\S+) /.exec(first.stderr);
    expect(keyId?.[2]).toBe(keyFile);
    expect(first.stderr).toContain(`Started a new register in ${register}, sealed with key ${keyId?.[1]}.`);
    const verify = await runMain(['register', 'verify', '--register', register], keyEnv);
    expect(verify.stderr).toBe('');
    expect(verify.code).toBe(0);
    // A colleague with another key is refused by the register's key id, for reading and filing.
    const other = await runMain(['register', 'verify', '--register', register], env);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(`is sealed with key ${keyId?.[1]}`);
    expect(other.stderr).toContain('RTW_REGISTER_KEY');
    const filedOther = await check('right_to_work', 'WACPT0001', register);
    expect(filedOther.stderr).toContain(`is sealed with key ${keyId?.[1]}`);
    // A colleague with no key at all: refused, naming the key and where to put it; no key is made.
    const colleague = { ...noKey, XDG_CONFIG_HOME: join(root, 'colleague-config') };
    for (const argv of [
      ['register', 'verify', '--register', register],
      ['check', 'right-to-work', '--sandbox', '--share-code', 'WACPT0001', '--dob', SANDBOX_DATE_OF_BIRTH],
    ]) {
      const refused = await runMain(
        argv[0] === 'check'
          ? [...argv, '--company', 'Acme Ltd', '--no-evidence', '--register', register]
          : argv,
        colleague,
      );
      expect(refused.code, refused.stderr).toBe(2);
      expect(refused.stderr).toContain(`sealed with key ${keyId?.[1]}, and no key was found`);
      expect(refused.stderr).toContain(join(root, 'colleague-config', 'rtw', 'register.key'));
      expect(refused.stderr).not.toContain('Made a new register key');
    }
    await expect(readdir(join(root, 'colleague-config'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readdir(join(register, 'receipts'))).toEqual(['000001.json']);
  });

  it('files from rtw async --wait too', async () => {
    const register = join(root, 'async');
    const run = await runMain(
      [
        'async',
        'right-to-rent',
        '--sandbox',
        '--wait',
        '--share-code',
        'RACPT0001',
        '--dob',
        SANDBOX_DATE_OF_BIRTH,
        ...KIND_FLAGS.right_to_rent,
        '--no-evidence',
        '--register',
        register,
        '--json',
      ],
      env,
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/Register: +filed as receipt 1 under RE-/);
  });

  it('documents the commands and their exit codes in rtw --help', async () => {
    const help = await runMain(['--help'], env);
    expect(help.stdout).toMatch(/followups/);
    expect(help.stdout).toMatch(/register/);
    expect(help.stdout).toMatch(/^ {2}9 {4}the register does not verify/m);
    expect(help.stdout).toMatch(/^ {2}10 {3}followups: at least one follow-up check is overdue/m);
    expect((await runMain(['register', '--help'], env)).stdout).toMatch(
      /verify[\s\S]*set[\s\S]*prune[\s\S]*report/,
    );
  });

  it('refuses to read a register folder that is not there, or a file', async () => {
    const run = await runMain(['followups', '--register', join(root, 'typo')], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`There is no register at ${join(root, 'typo')}`);
    const file = join(root, 'a-file');
    await writeFile(file, '');
    const onFile = await check('right_to_work', 'WACPT0001', file);
    expect(onFile.code).toBe(2);
    expect(onFile.stderr).toContain(`${file} is a file, not a folder`);
  });

  it('refuses --register with no folder before running the check, and a bad window', async () => {
    const run = await check('right_to_work', 'WACPT0001', '');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--register DIR, or export RTW_REGISTER=DIR');
    const bad = await runMain(['followups', '--register', join(root, 'x'), '--within', 'soon'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Use days like 30d');
  });
});

describe('rtw check --batch --register with the sandbox test codes', () => {
  it('gives a register whose follow-ups match the people expiry dates, and holds no share code or birth date', async () => {
    const dir = await mkdtemp(join(root, 'batch-'));
    const register = join(dir, 'register');
    const expected = new Map<string, string>();
    for (const kind of ['right_to_work', 'right_to_rent', 'immigration_status'] as const) {
      const codes = SANDBOX_SCENARIOS.filter((s) => s.kinds.includes(kind)).map((s) =>
        sandboxShareCode(kind, s.suffix),
      );
      const csv = join(dir, `${kind}.csv`);
      await writeFile(
        csv,
        `label,share_code,date_of_birth\n${codes.map((c) => `${c},${c},${SANDBOX_DATE_OF_BIRTH}`).join('\n')}\n`,
      );
      const run = await runMain(
        [
          'check',
          KIND_NAME[kind],
          '--sandbox',
          '--batch',
          csv,
          ...KIND_FLAGS[kind],
          '--out',
          join(dir, 'evidence'),
          '--retries',
          '0',
          '--register',
          register,
        ],
        env,
      );
      expect([0, 8]).toContain(run.code);
      const lines = (await readFile(`${csv}.results.jsonl`, 'utf8'))
        .trim()
        .split('\n')
        .map(
          (line) =>
            JSON.parse(line) as {
              label: string;
              ok: boolean;
              result?: Record<string, string | null>;
              register?: unknown;
            },
        );
      for (const line of lines.filter((l) => l.ok)) {
        expect(line.register).toMatchObject({ receipt: expect.any(Number) });
        const expiry = line.result?.expiry_date ?? line.result?.valid_until ?? null;
        // The labels are the share codes: the register files these people by name instead.
        if (line.result?.outcome === 'ACCEPTED' && expiry)
          expected.set(`${kind}|${line.result.name}`, expiry);
      }
    }
    // ACPT0001 and ACPT0002 of each kind: time-limited permissions.
    expect(expected.size).toBe(6);
    const run = await runMain(['followups', '--register', register, '--within', '400d', '--json'], env);
    // 11: follow-ups are due within the window.
    expect(run.code).toBe(11);
    const found = new Map(json<FollowUps>(run).items.map((i) => [`${i.kind}|${i.person}`, i.follow_up_date]));
    expect(found).toEqual(expected);

    for (const file of await filesUnder(register)) {
      const text = (await readFile(file)).toString('latin1');
      expect(text).not.toContain(SANDBOX_DATE_OF_BIRTH);
      for (const s of SANDBOX_SCENARIOS)
        for (const letter of 'WRS') expect(text).not.toContain(`${letter}${s.suffix}`);
    }
    expect((await runMain(['register', 'verify', '--register', register], env)).code).toBe(0);
  }, 120_000);
});

describe('rtw register verify: tampering is detected and named', () => {
  it('names a changed PDF, a deleted receipt and an inserted file, with exit code 9', async () => {
    const register = join(root, 'tamper');
    await check('right_to_work', 'WACPT0001', register);
    await check('right_to_rent', 'RACPT0001', register);
    await check('immigration_status', 'SNOEX0001', register);
    const ok = await runMain(['register', 'verify', '--register', register], env);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('Register intact: 3 receipts, 6 evidence files re-hashed.');

    const pdf = (await readdir(join(register, 'evidence', 'WE-K7Q2M9A-TP'))).find((n) => n.endsWith('.pdf'));
    await appendFile(join(register, 'evidence', 'WE-K7Q2M9A-TP', pdf ?? ''), '%%EOF\n');
    await unlink(join(register, 'receipts', '000002.json'));
    await writeFile(join(register, 'evidence', 'SE-N2X6B3E-LS', 'forged.pdf'), '%PDF-1.7');

    const run = await runMain(['register', 'verify', '--register', register], env);
    expect(run.code).toBe(9);
    expect(run.stdout).toContain('Register NOT intact');
    expect(run.stdout).toMatch(new RegExp(`CHANGED +evidence/WE-K7Q2M9A-TP/${pdf}`));
    expect(run.stdout).toMatch(/MISSING +receipts\/000002\.json is missing/);
    expect(run.stdout).toMatch(/ADDED +evidence\/SE-N2X6B3E-LS\/forged\.pdf/);
    const asJson = await runMain(['register', 'verify', '--register', register, '--json'], env);
    expect(asJson.code).toBe(9);
    expect(json<{ problems: Array<{ kind: string; path: string }> }>(asJson).problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'changed', path: `evidence/WE-K7Q2M9A-TP/${pdf}` }),
        expect.objectContaining({ kind: 'missing', path: 'receipts/000002.json' }),
        expect.objectContaining({ kind: 'added', path: 'evidence/SE-N2X6B3E-LS/forged.pdf' }),
      ]),
    );
  });
});

describe('rtw register set, prune and report', () => {
  it('keeps evidence within retention, prunes it after, and reports every person', async () => {
    const register = join(root, 'retention');
    await check('right_to_work', 'WACPT0001', register, ['--person', 'EMP-001']);
    await check('right_to_work', 'WNOEX0001', register, ['--person', 'EMP-002']);
    await check('right_to_rent', 'RACPT0002', register);

    // The checks are made today: an end date is today or later, and retention counts from it.
    const today = new Date().toISOString().slice(0, 10);
    const keepUntil = retentionEnd('right_to_work', today);
    const dayAfter = new Date(Date.parse(`${keepUntil}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const set = await runMain(
      [
        'register',
        'set',
        'WE-K7Q2M9A-TP',
        '--employment-started',
        '2020-01-06',
        '--employment-ended',
        today,
        '--register',
        register,
      ],
      env,
    );
    expect(set.code).toBe(0);
    expect(set.stdout).toContain(`Keep the evidence until ${keepUntil}`);
    const tenancyEnds = `${Number(today.slice(0, 4)) + 2}-06-30`;
    const rent = await runMain(
      ['register', 'set', 'RE-S4T8D1C-WN', '--tenancy-ended', tenancyEnds, '--register', register, '--json'],
      env,
    );
    expect(json(rent)).toMatchObject({
      ended: tenancyEnds,
      retention_end: retentionEnd('right_to_rent', tenancyEnds),
    });
    // Dates checked against the record: before the check, or of the other kind, refused with the reason.
    const early = await runMain(
      ['register', 'set', 'WE-K7Q2M9A-TP', '--employment-ended', '2024-02-29', '--register', register],
      env,
    );
    expect(early.code).toBe(2);
    expect(early.stderr).toMatch(/The end date 2024-02-29 is before EMP-001's check on \d{4}-\d{2}-\d{2}/);
    const tenancyOnWork = await runMain(
      ['register', 'set', 'WE-K7Q2M9A-TP', '--tenancy-ended', today, '--register', register],
      env,
    );
    expect(tenancyOnWork.code).toBe(2);
    expect(tenancyOnWork.stderr).toContain("is a right-to-work check: record the employment's dates");

    const unknown = await runMain(
      ['register', 'set', 'NOPE', '--employment-ended', '2024-01-01', '--register', register],
      env,
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('No check with reference NOPE');
    const badDate = await runMain(
      ['register', 'set', 'WE-K7Q2M9A-TP', '--employment-ended', '2025-02-29', '--register', register],
      env,
    );
    expect(badDate.code).toBe(2);

    // On the last day of retention nothing goes; the day after, only that person does.
    const onLastDay = await runMain(
      ['register', 'prune', '--register', register, '--today', keepUntil],
      env,
      undefined,
      undefined,
      new Date(`${keepUntil}T12:00:00Z`),
    );
    expect(onLastDay.stdout).toContain(`Nothing is past its retention end on ${keepUntil}.`);
    const dry = await runMain(
      ['register', 'prune', '--register', register, '--today', dayAfter, '--dry-run'],
      env,
    );
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`Would delete EMP-001 (kept until ${keepUntil})`);
    expect(await readdir(join(register, 'evidence'))).toContain('WE-K7Q2M9A-TP');
    // A prune as of a later day is refused unless previewed: here the clock is that day.
    const pruned = await runMain(
      ['register', 'prune', '--register', register, '--today', dayAfter, '--json'],
      env,
      undefined,
      undefined,
      new Date(`${dayAfter}T12:00:00Z`),
    );
    expect(json<{ removed: Array<{ person: string }>; kept: number }>(pruned)).toMatchObject({
      removed: [{ person: 'EMP-001' }],
      kept: 2,
    });
    expect((await readdir(join(register, 'evidence'))).sort()).toEqual(['RE-S4T8D1C-WN', 'WE-N2X6B3E-LS']);
    expect((await runMain(['register', 'verify', '--register', register], env)).code).toBe(0);

    const out = join(root, 'report.html');
    const report = await runMain(
      ['register', 'report', '--register', register, '--out', out, '--today', '2026-11-23'],
      env,
    );
    expect(report.code).toBe(0);
    const rows = tableRows(parse(await readFile(out, 'utf8')));
    expect(rows[0]).toEqual(
      expect.arrayContaining(['Person', 'Last check', 'Outcome', 'Follow-up', 'Keep until']),
    );
    const byPerson = new Map(rows.slice(1).map((cells) => [cells[0], cells]));
    expect([...byPerson.keys()].sort()).toEqual(['EMP-002', 'WEI CHEN']);
    expect(byPerson.get('EMP-002')).toEqual(
      expect.arrayContaining([
        'ANNA MARIA KOWALSKA',
        // --sandbox checks: marked as test data where the kind of check is read.
        'Right to work (SANDBOX: test data, not evidence)',
        'ACCEPTED',
        'Not needed (settled)',
        'hr.jo, Acme Ltd',
      ]),
    );
    expect(byPerson.get('WEI CHEN')).toEqual(
      expect.arrayContaining([
        'Right to rent (SANDBOX: test data, not evidence)',
        tenancyEnds,
        retentionEnd('right_to_rent', tenancyEnds),
      ]),
    );
  });
});

type Node = { nodeName: string; childNodes?: Node[]; value?: string };

function textOf(node: Node): string {
  if (node.nodeName === '#text') return node.value ?? '';
  return (node.childNodes ?? []).map(textOf).join('');
}

function tableRows(document: unknown): string[][] {
  const rows: string[][] = [];
  const walk = (node: Node): void => {
    if (node.nodeName === 'tr') {
      rows.push(
        (node.childNodes ?? []).filter((c) => c.nodeName === 'td' || c.nodeName === 'th').map(textOf),
      );
      return;
    }
    for (const child of node.childNodes ?? []) walk(child);
  };
  walk(document as Node);
  return rows;
}
