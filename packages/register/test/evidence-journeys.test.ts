// The register as the employer's evidence (issue 24): the key it is sealed with, the chain's head
// kept inside and outside the folder, receipts exactly as written, live and sandbox kept apart, the
// dates checked against the record, and owner-only files.
import { mkdtemp, readdir, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type FileCheckOptions,
  fileCheck,
  initRegister,
  listFollowUps,
  loadRegisterKey,
  newRegisterKey,
  openRegister,
  pruneRegister,
  type Register,
  type RegisterableResult,
  readReceipts,
  setEmploymentDates,
  summariseRegister,
  verifyRegister,
} from '../src/index.js';

const jpeg = (seed: string) =>
  `data:image/jpeg;base64,${Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from(seed)]).toString('base64')}`;
const pdf = (seed: string) =>
  `data:application/pdf;base64,${Buffer.from(`%PDF-1.7 ${seed}`).toString('base64')}`;

function work(reference: string, over: Partial<RegisterableResult> = {}): RegisterableResult {
  return {
    title: 'Right to work',
    outcome: 'ACCEPTED',
    name: `PERSON ${reference}`,
    share_code: `W${reference.padEnd(8, '0').slice(0, 8)}`,
    reference,
    checked_at: '2026-03-10T09:30:00.000Z',
    expiry_date: '2027-03-10',
    permission_type: 'Skilled Worker',
    photo_data_url: jpeg(reference),
    pdf_data_url: pdf(reference),
    ...over,
  };
}

let dir = '';
let register: Register;
const file = (result: RegisterableResult, options: Partial<FileCheckOptions> = {}) =>
  fileCheck(register, result, { mode: 'live', ...options });

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'register-journeys-'));
  register = openRegister(join(dir, 'register'), newRegisterKey().key, { stateDir: join(dir, 'state') });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const kinds = async (r: Register = register) =>
  (await verifyRegister(r)).problems.map((p) => [p.kind, p.path, p.detail] as const);

describe('the key a register is sealed with', () => {
  it('a register names its key; a missing key is refused with that id and where to put it, never made', async () => {
    await file(work('A1'));
    const info = JSON.parse(await readFile(join(register.dir, 'register.json'), 'utf8'));
    expect(info).toMatchObject({ format: 'rtw-register/1', key_id: register.key.id });
    const keyFile = join(dir, 'config', 'rtw', 'register.key');
    const missing = loadRegisterKey({ env: {}, file: keyFile, registerDir: register.dir, create: true });
    await expect(missing).rejects.toMatchObject({ reason: 'no_key' });
    await expect(missing).rejects.toThrow(
      new RegExp(`sealed with key ${register.key.id}.*RTW_REGISTER_KEY.*${keyFile}`),
    );
    // Nothing was made: the next run is refused the same way.
    await expect(stat(keyFile)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('another key is refused by name, and filing with it writes nothing', async () => {
    await file(work('A1'));
    const other = newRegisterKey();
    await expect(
      loadRegisterKey({ env: { RTW_REGISTER_KEY: other.text }, registerDir: register.dir }),
    ).rejects.toMatchObject({ reason: 'wrong_key', message: expect.stringContaining(register.key.id) });
    const intruder = openRegister(register.dir, other.key, { stateDir: register.stateDir });
    await expect(fileCheck(intruder, work('B2'), { mode: 'live' })).rejects.toMatchObject({
      reason: 'wrong_key',
    });
    expect(await readdir(join(register.dir, 'receipts'))).toEqual(['000001.json']);
    expect(await readdir(join(register.dir, 'evidence'))).toEqual(['A1']);
    expect((await verifyRegister(register)).ok).toBe(true);
  });

  it('a new register and key are made only when asked (init, or the first filing into an empty folder)', async () => {
    const keyFile = join(dir, 'config', 'register.key');
    const fresh = join(dir, 'fresh');
    await expect(loadRegisterKey({ env: {}, file: keyFile, registerDir: fresh })).rejects.toMatchObject({
      reason: 'no_key',
    });
    const made = await loadRegisterKey({ env: {}, file: keyFile, registerDir: fresh, create: true });
    expect(made.source).toBe('created');
    const init = await initRegister(fresh, made.key, { stateDir: register.stateDir });
    expect(init).toMatchObject({ created: true, info: { key_id: made.key.id } });
    expect((await initRegister(fresh, made.key, { stateDir: register.stateDir })).created).toBe(false);
    expect((await verifyRegister(init.register)).ok).toBe(true);
    // A folder of someone's other files is not turned into a register.
    const busy = openRegister(dir, register.key, { stateDir: register.stateDir });
    await expect(fileCheck(busy, work('X1'), { mode: 'live' })).rejects.toThrow(/holds other files/);
    const first = await file(work('A1'));
    expect(first.newRegister).toBe(true);
    expect((await file(work('B2'))).newRegister).toBe(false);
  });
});

describe('nothing removed without it showing', () => {
  it('names the newest receipts deleted, by the head inside the folder', async () => {
    for (const ref of ['A1', 'B2', 'C3']) await file(work(ref));
    await unlink(join(register.dir, 'receipts', '000003.json'));
    await unlink(join(register.dir, 'receipts', '000002.json'));
    const problems = await kinds();
    expect(problems).toEqual(
      expect.arrayContaining([
        ['missing', 'receipts/000002.json', expect.stringMatching(/newest receipts 2 to 3 were removed/)],
        ['missing', 'receipts/000003.json', expect.stringMatching(/newest receipts 2 to 3 were removed/)],
      ]),
    );
  });

  it('names them by the head kept outside when the head inside was put back to an older one', async () => {
    await file(work('A1'));
    const oldHead = await readFile(join(register.dir, 'head.json'));
    await file(work('B2'));
    await unlink(join(register.dir, 'receipts', '000002.json'));
    await writeFile(join(register.dir, 'head.json'), oldHead);
    const outside = join(register.stateDir as string, `${JSON.parse(oldHead.toString()).register}.json`);
    const problems = await kinds();
    expect(problems).toContainEqual([
      'missing',
      'receipts/000002.json',
      expect.stringContaining(`kept outside it (${outside}) records 2`),
    ]);
    // What is left of the deleted receipt's filing is named as not filed.
    expect(
      problems.filter(([kind]) => kind !== 'missing').map(([kind, path]) => [kind, path.split('/')[1]]),
    ).toEqual([
      ['added', 'B2'],
      ['added', 'B2'],
    ]);
    expect((await verifyRegister(register)).heads).toMatchObject({ inside: 1, outside: 2 });
  });

  it('names every receipt when all are deleted, head and register.json included, and starts no new register there', async () => {
    for (const ref of ['A1', 'B2']) await file(work(ref));
    await rm(join(register.dir, 'receipts'), { recursive: true });
    await unlink(join(register.dir, 'head.json'));
    await unlink(join(register.dir, 'register.json'));
    expect(
      (await kinds()).filter(([kind, path]) => kind === 'missing' && path.startsWith('receipts/')),
    ).toEqual([
      ['missing', 'receipts/000001.json', expect.stringMatching(/all 2 receipts were removed/)],
      ['missing', 'receipts/000002.json', expect.stringMatching(/all 2 receipts were removed/)],
    ]);
    await expect(file(work('C3'))).rejects.toMatchObject({ reason: 'register_gone' });
  });

  it('refuses a receipt that is not exactly its written bytes, even with its seal intact', async () => {
    await file(work('A1'));
    await file(work('B2'));
    const path = join(register.dir, 'receipts', '000002.json');
    const reformatted = `${JSON.stringify(JSON.parse(await readFile(path, 'utf8')), null, 4)}\n`;
    await writeFile(path, reformatted);
    expect(await kinds()).toEqual(
      expect.arrayContaining([
        ['changed', 'receipts/000002.json', expect.stringMatching(/not in the form it was written in/)],
      ]),
    );
    // Operations do not read it as a receipt.
    expect((await readReceipts(register)).map((r) => r.receipt.seq)).toEqual([1]);
  });
});

describe('live and sandbox checks', () => {
  it('refuses a sandbox check into a register of live checks (and the reverse) unless asked, and marks it', async () => {
    await file(work('A1'));
    await expect(file(work('S1'), { mode: 'sandbox' })).rejects.toMatchObject({
      reason: 'mixed_modes',
      message: expect.stringMatching(/holds live checks.*allowMixedModes/),
    });
    const mixed = await file(work('S1'), { mode: 'sandbox', allowMixedModes: true });
    expect(mixed.receipt.mode).toBe('sandbox');
    const people = (await summariseRegister(register)).people;
    expect(people.map((p) => [p.person, p.mode, p.last_check.mode])).toEqual([
      ['PERSON A1', 'live', 'live'],
      ['PERSON S1', 'sandbox', 'sandbox'],
    ]);
    const sandboxOnly = openRegister(join(dir, 'test-register'), register.key, {
      stateDir: register.stateDir,
    });
    await fileCheck(sandboxOnly, work('T1'), { mode: 'sandbox' });
    await expect(fileCheck(sandboxOnly, work('L1'), { mode: 'live' })).rejects.toMatchObject({
      reason: 'mixed_modes',
    });
  });
});

describe('dates checked against the record', () => {
  it('refuses an end before the check, and a tenancy on a right-to-work check (or the reverse), with the reason', async () => {
    await file(work('A1'));
    await file(work('R1', { title: 'Right to rent', check_date: '2026-03-10', expiry_date: null }));
    await expect(setEmploymentDates(register, 'A1', { ended: '2025-03-10' })).rejects.toMatchObject({
      reason: 'bad_date',
      message: expect.stringMatching(/2025-03-10 is before PERSON A1's check on 2026-03-10/),
    });
    await expect(setEmploymentDates(register, 'A1', { ended: '2026-10-31', of: 'tenancy' })).rejects.toThrow(
      /right-to-work check: record the employment's dates/,
    );
    await expect(
      setEmploymentDates(register, 'R1', { ended: '2026-10-31', of: 'employment' }),
    ).rejects.toThrow(/right-to-rent check: record the tenancy's dates/);
    expect(await readdir(join(register.dir, 'receipts'))).toHaveLength(2);
    await expect(
      setEmploymentDates(register, 'A1', { ended: '2026-03-10', of: 'employment' }),
    ).resolves.toMatchObject({ ended: '2026-03-10' });
  });

  it('the report, the follow-ups and prune agree on a leaver', async () => {
    await file(work('LEAVER', { expiry_date: '2026-12-01' }));
    await file(work('STAYS', { expiry_date: '2026-12-01' }));
    await setEmploymentDates(register, 'LEAVER', { ended: '2026-06-30' });
    const summary = await summariseRegister(register, { today: '2026-11-20' });
    const leaver = summary.people.find((p) => p.person === 'PERSON LEAVER');
    expect(leaver).toMatchObject({
      follow_up: { due: false, reason: 'ended' },
      retention_end: '2028-06-30',
      past_retention: false,
    });
    const followUps = await listFollowUps(register, { today: '2026-11-20' });
    expect(followUps.items.map((i) => i.person)).toEqual(['PERSON STAYS']);
    expect((await pruneRegister(register, { today: '2028-06-30', dryRun: true })).removed).toEqual([]);
    const later = await summariseRegister(register, { today: '2028-07-01' });
    expect(later.people.filter((p) => p.past_retention).map((p) => p.person)).toEqual(['PERSON LEAVER']);
    const pruned = await pruneRegister(register, { today: '2028-07-01' });
    expect(pruned.removed.map((p) => p.person)).toEqual(['PERSON LEAVER']);
    expect((await verifyRegister(register)).ok).toBe(true);
  });
});

describe('file modes', () => {
  it('writes every register file 0600 in 0700 folders, the head kept outside included', async () => {
    await file(work('A1'));
    const mode = async (path: string) => (await stat(path)).mode & 0o777;
    expect(await mode(register.dir)).toBe(0o700);
    for (const sub of ['receipts', 'evidence', join('evidence', 'A1')]) {
      expect(await mode(join(register.dir, sub)), sub).toBe(0o700);
    }
    const files = [
      'register.json',
      'head.json',
      join('receipts', '000001.json'),
      ...(await readdir(join(register.dir, 'evidence', 'A1'))).map((n) => join('evidence', 'A1', n)),
    ];
    for (const name of files) expect(await mode(join(register.dir, name)), name).toBe(0o600);
    const state = register.stateDir as string;
    expect(await mode(state)).toBe(0o700);
    for (const name of await readdir(state)) expect(await mode(join(state, name)), name).toBe(0o600);
  });
});
