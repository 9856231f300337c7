import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type FileCheckOptions,
  fileCheck as fileCheckAs,
  type RegisterableResult,
} from '../src/file-check.js';
import { listFollowUps } from '../src/follow-ups.js';
import { loadRegisterKey } from '../src/load-register-key.js';
import { openRegister, type Register } from '../src/open-register.js';
import { pruneRegister } from '../src/prune.js';
import { ShareCodeRegisterError } from '../src/register-error.js';
import { newRegisterKey, parseRegisterKey } from '../src/register-key.js';
import { setEmploymentDates } from '../src/set-dates.js';
import { summariseRegister } from '../src/summary.js';
import { verifyRegister } from '../src/verify-register.js';
import { vouchedReceipts } from '../src/vouched.js';

// Live checks unless a test says otherwise.
const fileCheck = (into: Register, result: RegisterableResult, options: Partial<FileCheckOptions> = {}) =>
  fileCheckAs(into, result, { mode: 'live', ...options });

const url = (mime: string, text: string) => `data:${mime};base64,${Buffer.from(text).toString('base64')}`;

function jpegUrl(seed: string): string {
  return `data:image/jpeg;base64,${Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from(seed)]).toString('base64')}`;
}

function work(over: Partial<RegisterableResult> = {}): RegisterableResult {
  return {
    title: 'Right to work',
    outcome: 'ACCEPTED',
    name: 'PRIYA SHARMA',
    share_code: 'WACPT0001',
    reference: 'WE-K7Q2M9A-TP',
    checked_at: '2026-03-10T09:30:00.000Z',
    expiry_date: '2027-03-10',
    permission_type: 'Skilled Worker',
    photo_data_url: jpegUrl('photo-1'),
    pdf_data_url: url('application/pdf', '%PDF-1.7 priya'),
    ...over,
  };
}

let dir = '';
let register: Register;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sdk-register-'));
  register = openRegister(join(dir, 'register'), newRegisterKey().key, { stateDir: join(dir, 'state') });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('fileCheck', () => {
  it('files the PDF and photo under the reference and a chained receipt, with no share code in clear', async () => {
    const first = await fileCheck(register, work(), { operator: 'hr.jo' });
    expect(first.alreadyFiled).toBe(false);
    expect(first.receipt).toMatchObject({
      seq: 1,
      previous: null,
      kind: 'right_to_work',
      reference: 'WE-K7Q2M9A-TP',
      checked_by: { operator: 'hr.jo', organisation: null },
      outcome: 'ACCEPTED',
      follow_up: { due: true, date: '2027-03-10', basis: 'permission_expiry' },
    });
    expect(first.receipt.files.pdf?.path).toMatch(/^evidence\/WE-K7Q2M9A-TP\/2026-03-10-[0-9a-f]{12}\.pdf$/);
    const second = await fileCheck(
      register,
      work({ checked_at: '2027-03-01T10:00:00.000Z', share_code: 'W12345678' }),
    );
    expect(second.receipt.seq).toBe(2);
    expect(second.receipt.previous).toMatch(/^[0-9a-f]{64}$/);
    expect(second.repeats).toEqual([]);
    const receipt = await readFile(join(register.dir, 'receipts', '000001.json'), 'utf8');
    expect(receipt).not.toContain('WACPT0001');
    expect(receipt).toContain(first.receipt.share_code_hmac);
    expect((await verifyRegister(register)).ok).toBe(true);
  });

  it('recognises a repeat of the same share code, whatever its spacing and case, and files a check once', async () => {
    await fileCheck(register, work());
    const again = await fileCheck(
      register,
      work({ share_code: 'wacpt 0001', checked_at: '2026-04-01T00:00:00Z' }),
    );
    expect(again.repeats.map((r) => r.seq)).toEqual([1]);
    const same = await fileCheck(register, work());
    expect(same.alreadyFiled).toBe(true);
    expect(await readdir(join(register.dir, 'receipts'))).toHaveLength(2);
  });

  it('files checks finishing together one after the other', async () => {
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        fileCheck(
          register,
          work({ reference: `REF-${i}`, name: `PERSON ${i}`, checked_at: `2026-03-1${i}T00:00:00Z` }),
        ),
      ),
    );
    const verification = await verifyRegister(register);
    expect(verification).toMatchObject({ ok: true, receipts: 6, files: 12 });
  });
});

describe('verifyRegister', () => {
  it('names a changed file, a missing receipt, an added file and an edited receipt', async () => {
    const a = await fileCheck(register, work());
    await fileCheck(register, work({ reference: 'REF-B', name: 'B', checked_at: '2026-03-11T00:00:00Z' }));
    await fileCheck(register, work({ reference: 'REF-C', name: 'C', checked_at: '2026-03-12T00:00:00Z' }));
    await appendFile(join(register.dir, ...(a.receipt.files.pdf?.path ?? '').split('/')), 'x');
    await unlink(join(register.dir, 'receipts', '000002.json'));
    await writeFile(join(register.dir, 'evidence', 'REF-C', 'extra.pdf'), '%PDF-');
    const problems = (await verifyRegister(register)).problems.map((p) => [p.kind, p.path]);
    expect(problems).toEqual(
      expect.arrayContaining([
        ['changed', a.receipt.files.pdf?.path],
        ['missing', 'receipts/000002.json'],
        [
          'added',
          'evidence/REF-B/' +
            (await readdir(join(register.dir, 'evidence', 'REF-B'))).find((n) => n.endsWith('.pdf')),
        ],
        ['added', 'evidence/REF-C/extra.pdf'],
      ]),
    );
  });

  it('names a write a crash left unfinished, which nothing else reads', async () => {
    await fileCheck(register, work());
    await writeFile(join(register.dir, 'receipts', '.tmp-000002.json-0a1b2c'), '{"format":');
    const verification = await verifyRegister(register);
    expect(verification.problems).toEqual([
      expect.objectContaining({
        kind: 'added',
        path: 'receipts/.tmp-000002.json-0a1b2c',
        detail: expect.stringMatching(/unfinished write/),
      }),
    ]);
    // The next receipt still takes number 2 and chains to number 1.
    expect((await fileCheck(register, work({ reference: 'NEXT', name: 'N' }))).receipt).toMatchObject({
      seq: 2,
    });
  });

  it('detects an edited receipt by its seal even when the chain is rewritten after it', async () => {
    await fileCheck(register, work());
    const path = join(register.dir, 'receipts', '000001.json');
    await writeFile(path, (await readFile(path, 'utf8')).replace('"2027-03-10"', '"2030-03-10"'));
    const verification = await verifyRegister(register);
    expect(verification.problems).toEqual([
      expect.objectContaining({ kind: 'changed', path: 'receipts/000001.json' }),
    ]);
  });

  it('tells a receipt sealed with another key from tampering', async () => {
    await fileCheck(register, work());
    const other = openRegister(register.dir, newRegisterKey().key, { stateDir: register.stateDir });
    const problems = (await verifyRegister(other)).problems;
    expect(new Set(problems.map((p) => p.kind))).toEqual(new Set(['other_key']));
    expect(problems.map((p) => p.path)).toEqual(
      expect.arrayContaining(['receipts/000001.json', 'register.json', 'head.json']),
    );
  });
});

describe('follow-ups, dates, prune and summary', () => {
  it('lists due and overdue follow-ups, overdue first, and drops someone who left before the date', async () => {
    await fileCheck(register, work({ reference: 'A', name: 'A', expiry_date: '2026-12-01' }));
    await fileCheck(register, work({ reference: 'B', name: 'B', expiry_date: '2026-11-20' }));
    await fileCheck(register, work({ reference: 'C', name: 'C', expiry_date: '2027-06-01' }));
    await fileCheck(
      register,
      work({ reference: 'D', name: 'D', expiry_date: null, permission_type: 'Settled status' }),
    );
    await fileCheck(register, work({ reference: 'E', name: 'E', expiry_date: '2026-11-25' }));
    await setEmploymentDates(register, 'E', { ended: '2026-11-24' });
    const list = await listFollowUps(register, { today: '2026-11-23' });
    expect(list.items.map((i) => [i.person, i.status, i.days])).toEqual([
      ['B', 'overdue', -3],
      ['A', 'due', 8],
    ]);
    expect(list.overdue).toBe(1);
    expect((await listFollowUps(register, { today: '2026-11-23', withinDays: 365 })).items).toHaveLength(3);
  });

  it('lists from receipts already vouched for, without reading the register again', async () => {
    await fileCheck(register, work({ reference: 'A', name: 'A', expiry_date: '2026-12-01' }));
    await fileCheck(register, work({ reference: 'B', name: 'B', expiry_date: '2026-11-20' }));
    const vouched = await vouchedReceipts(register);
    const today = '2026-11-23';
    expect(await listFollowUps(register, { today, vouched })).toEqual(
      await listFollowUps(register, { today }),
    );
    // What the caller's verification refused is left out of the list and named as its problems.
    const refused = [{ kind: 'changed' as const, path: 'receipts/000002.json', detail: 'was edited' }];
    const list = await listFollowUps(register, {
      today,
      vouched: { ...vouched, receipts: vouched.receipts.slice(0, 1), refused },
    });
    expect(list.items.map((i) => i.person)).toEqual(['A']);
    expect(list.problems).toEqual(refused);
  });

  it('prunes only people past their retention end and keeps the chain verifiable', async () => {
    const in2020 = '2020-01-10T09:00:00.000Z';
    await fileCheck(register, work({ reference: 'OLD', name: 'OLD', checked_at: in2020 }));
    await fileCheck(register, work({ reference: 'EDGE', name: 'EDGE', checked_at: in2020 }));
    await fileCheck(register, work({ reference: 'STAYS', name: 'STAYS' }));
    await setEmploymentDates(register, 'OLD', { started: '2020-01-01', ended: '2024-02-29' });
    await setEmploymentDates(register, 'EDGE', { ended: '2024-03-01' });
    const summary = await summariseRegister(register, { today: '2026-03-01' });
    expect(summary.people.map((p) => [p.person, p.retention_end])).toEqual([
      ['EDGE', '2026-03-01'],
      ['OLD', '2026-03-01'],
      ['STAYS', null],
    ]);
    expect((await pruneRegister(register, { today: '2026-03-01' })).removed).toEqual([]);
    const dry = await pruneRegister(register, { today: '2026-03-02', dryRun: true });
    expect(dry.removed.map((p) => p.person)).toEqual(['EDGE', 'OLD']);
    expect(await readdir(join(register.dir, 'evidence'))).toContain('OLD');
    const done = await pruneRegister(register, { today: '2026-03-02' });
    expect(done.kept).toBe(1);
    expect(await readdir(join(register.dir, 'evidence'))).toEqual(['STAYS']);
    expect(await verifyRegister(register)).toMatchObject({ ok: true, problems: [] });
    expect((await summariseRegister(register)).people.map((p) => p.person)).toEqual(['STAYS']);
  });

  it('finishes a prune that was interrupted after its receipt was written', async () => {
    const gone = await fileCheck(
      register,
      work({ reference: 'GONE', name: 'GONE', checked_at: '2019-06-01T09:00:00.000Z' }),
    );
    await fileCheck(register, work({ reference: 'STAYS', name: 'STAYS' }));
    await setEmploymentDates(register, 'GONE', { ended: '2020-01-01' });
    const saved = await readFile(join(register.dir, 'receipts', '000001.json'));
    const pdf = await readFile(join(register.dir, ...(gone.receipt.files.pdf?.path ?? '').split('/')));
    await pruneRegister(register, { today: '2026-01-01' });
    // As if the process had died before deleting: the receipt and one file are back.
    await writeFile(join(register.dir, 'receipts', '000001.json'), saved);
    await mkdir(join(register.dir, 'evidence', 'GONE'), { recursive: true });
    await writeFile(join(register.dir, ...(gone.receipt.files.pdf?.path ?? '').split('/')), pdf);
    expect((await verifyRegister(register)).problems.map((p) => [p.kind, p.path])).toEqual([
      ['added', gone.receipt.files.pdf?.path],
      ['added', 'receipts/000001.json'],
    ]);
    expect((await summariseRegister(register)).people.map((p) => p.person)).toEqual(['STAYS']);
    await pruneRegister(register, { today: '2026-01-01' });
    expect(await verifyRegister(register)).toMatchObject({ ok: true });
  });

  it('refuses an unknown reference and impossible dates', async () => {
    await fileCheck(register, work());
    await expect(setEmploymentDates(register, 'NOPE', { ended: '2026-01-01' })).rejects.toMatchObject({
      reason: 'unknown_reference',
    });
    await expect(
      setEmploymentDates(register, 'WE-K7Q2M9A-TP', { ended: '2026-02-30' }),
    ).rejects.toBeInstanceOf(ShareCodeRegisterError);
    await expect(
      setEmploymentDates(register, 'WE-K7Q2M9A-TP', { started: '2026-05-01', ended: '2026-04-01' }),
    ).rejects.toMatchObject({ reason: 'bad_date' });
  });
});

describe('register key', () => {
  it('comes from RTW_REGISTER_KEY, else a key file made once with mode 600, never inside the register', async () => {
    const text = newRegisterKey().text;
    expect((await loadRegisterKey({ env: { RTW_REGISTER_KEY: text } })).key.id).toBe(
      parseRegisterKey(text).id,
    );
    const file = join(dir, 'config', 'rtw', 'register.key');
    const made = await loadRegisterKey({ env: {}, file, create: true });
    expect(made.source).toBe('created');
    const again = await loadRegisterKey({ env: {}, file });
    expect(again).toMatchObject({ source: 'file', key: { id: made.key.id } });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await expect(
      loadRegisterKey({ env: {}, file: join(dir, 'register', 'k'), registerDir: join(dir, 'register') }),
    ).rejects.toMatchObject({
      reason: 'bad_key',
    });
    expect(() => parseRegisterKey('short')).toThrow(/at least 32/);
  });
});
