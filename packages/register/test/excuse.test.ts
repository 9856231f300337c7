import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confirmLikeness } from '../src/confirm-likeness.js';
import {
  type FileCheckOptions,
  fileCheck as fileCheckAs,
  type RegisterableResult,
} from '../src/file-check.js';
import { listFollowUps } from '../src/follow-ups.js';
import { openRegister, type Register } from '../src/open-register.js';
import { viewPerson } from '../src/person-view.js';
import { pruneRegister } from '../src/prune.js';
import { newRegisterKey } from '../src/register-key.js';
import { setEmploymentDates } from '../src/set-dates.js';
import { summariseRegister } from '../src/summary.js';
import { verifyRegister } from '../src/verify-register.js';

const fileCheck = (into: Register, result: RegisterableResult, options: Partial<FileCheckOptions> = {}) =>
  fileCheckAs(into, result, { mode: 'live', ...options });

const work = (over: Partial<RegisterableResult> = {}): RegisterableResult => ({
  title: 'Right to work',
  outcome: 'ACCEPTED',
  name: 'PRIYA SHARMA',
  date_of_birth: '1990-05-04',
  share_code: 'WACPT0001',
  reference: 'WE-K7Q2M9A-TP',
  checked_at: '2026-03-10T09:30:00.000Z',
  expiry_date: '2027-03-10',
  permission_type: 'Skilled Worker',
  ...over,
});

let dir = '';
let register: Register;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'register-excuse-'));
  register = openRegister(join(dir, 'register'), newRegisterKey().key, { stateDir: join(dir, 'state') });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const excuseOf = async (today: string, person = 'PRIYA SHARMA') =>
  (await summariseRegister(register, { today })).people.find((p) => p.person === person)?.excuse;

describe('the statutory excuse in the register', () => {
  it('is incomplete without a likeness check, and established once one is confirmed', async () => {
    await fileCheck(register, work(), { operator: 'hr.jo' });
    expect(await excuseOf('2026-04-01')).toMatchObject({
      state: 'incomplete',
      missing: [{ what: 'likeness' }],
    });
    const likeness = await confirmLikeness(register, 'WE-K7Q2M9A-TP', {
      how: 'video',
      by: 'Jo HR',
      at: new Date('2026-03-10T10:00:00Z'),
    });
    expect(likeness).toMatchObject({ type: 'likeness', seq: 2, check_seq: 1, how: 'video', by: 'Jo HR' });
    expect(await excuseOf('2026-04-01')).toMatchObject({
      state: 'established',
      since: '2026-03-10',
      until: '2027-03-10',
    });
    // Sealed and chained like any other receipt.
    expect((await verifyRegister(register)).ok).toBe(true);
    // Lapsed once the follow-up is overdue: the follow-up list says so too.
    expect(await excuseOf('2027-03-11')).toMatchObject({ state: 'lapsed', since: '2027-03-10' });
    const followUps = await listFollowUps(register, { today: '2027-03-11' });
    expect(followUps.items[0]?.excuse).toMatchObject({ state: 'lapsed' });
  });

  it('files the likeness check with the check, and refuses one without how or who', async () => {
    const filed = await fileCheck(register, work(), { likeness: { how: 'in-person', by: 'Jo HR' } });
    expect(filed.likeness).toMatchObject({ seq: 2, check_seq: 1, how: 'in-person' });
    await expect(
      fileCheck(register, work({ share_code: 'WX', checked_at: '2026-03-11T09:00:00Z' }), {
        likeness: { how: 'phone' as 'video', by: 'Jo' },
      }),
    ).rejects.toMatchObject({ reason: 'bad_likeness' });
    await expect(confirmLikeness(register, 'PRIYA SHARMA', { how: 'video', by: ' ' })).rejects.toMatchObject({
      reason: 'bad_likeness',
    });
    await expect(
      confirmLikeness(register, 'PRIYA SHARMA', {
        how: 'video',
        by: 'Jo',
        at: new Date('2026-03-09T10:00:00Z'),
      }),
    ).rejects.toThrow(/before the check on 2026-03-10/);
  });

  it('flags an engagement started before the check, and records the kind of work', async () => {
    await fileCheck(register, work(), { likeness: { how: 'video', by: 'Jo' } });
    const dates = await setEmploymentDates(register, 'PRIYA SHARMA', {
      started: '2026-03-02',
      of: 'engagement',
    });
    expect(dates).toMatchObject({ work: 'engagement', reference: 'WE-K7Q2M9A-TP' });
    expect(await excuseOf('2026-04-01')).toMatchObject({
      state: 'incomplete',
      work: 'engagement',
      missing: [{ what: 'started_before_check', days: 8 }],
    });
    await expect(
      setEmploymentDates(register, 'PRIYA SHARMA', { started: '2026-03-02', of: 'tenancy' }),
    ).rejects.toMatchObject({ reason: 'bad_date' });
  });

  it('never picks one of several people sharing a reference', async () => {
    await fileCheck(register, work(), { person: 'EMP1' });
    await fileCheck(register, work({ checked_at: '2026-03-10T09:31:00Z' }), { person: 'EMP2' });
    const refused = setEmploymentDates(register, 'WE-K7Q2M9A-TP', { ended: '2026-06-30' });
    await expect(refused).rejects.toMatchObject({ reason: 'ambiguous_person', candidates: ['EMP1', 'EMP2'] });
    const dates = await setEmploymentDates(register, 'WE-K7Q2M9A-TP', {
      ended: '2026-06-30',
      person: 'EMP2',
    });
    expect(dates.person).toBe('EMP2');
    const people = (await summariseRegister(register, { today: '2026-07-01' })).people;
    expect(people.map((p) => [p.person, p.excuse.state])).toEqual([
      ['EMP1', 'incomplete'],
      ['EMP2', 'ended'],
    ]);
  });

  it('files a follow-up check under the person it follows up: the same share code, or name and birth date', async () => {
    await fileCheck(register, work(), { person: 'EMP7' });
    const repeat = await fileCheck(register, work({ checked_at: '2026-04-10T09:00:00Z', reference: 'WE-2' }));
    expect(repeat.receipt.person).toBe('EMP7');
    expect(repeat.match).toMatchObject({ person: 'EMP7', by: 'share_code' });
    // A follow-up: a new share code, the same name (spacing and case aside) and date of birth.
    const followUp = await fileCheck(
      register,
      work({
        share_code: 'WNEW12345',
        name: 'Priya  Sharma',
        checked_at: '2027-03-01T09:00:00Z',
        reference: 'WE-3',
      }),
    );
    expect(followUp.match).toMatchObject({ person: 'EMP7', by: 'name_and_date_of_birth' });
    expect((await summariseRegister(register, { today: '2027-03-02' })).people).toHaveLength(1);
    // The same name with another date of birth is someone else.
    const other = await fileCheck(
      register,
      work({
        share_code: 'WOTHER123',
        date_of_birth: '1991-01-01',
        checked_at: '2027-03-02T09:00:00Z',
        reference: 'WE-4',
      }),
    );
    expect(other.receipt.person).toBe('PRIYA SHARMA');
    expect(other.match.person).toBeUndefined();
  });

  it('prune deletes the likeness receipts with the rest of the person', async () => {
    await fileCheck(register, work(), { likeness: { how: 'video', by: 'Jo' } });
    await setEmploymentDates(register, 'PRIYA SHARMA', { ended: '2026-06-30' });
    const report = await pruneRegister(register, { today: '2028-07-01' });
    expect(report.removed[0]?.files).toContain('receipts/000002.json');
    expect((await verifyRegister(register)).ok).toBe(true);
  });

  it('views only the receipts the register vouches for, naming those it does not', async () => {
    await fileCheck(register, work(), { likeness: { how: 'video', by: 'Jo' } });
    const path = join(register.dir, 'receipts', '000002.json');
    await writeFile(path, (await readFile(path, 'utf8')).replace('"video"', '"in-person"'));
    const view = await viewPerson(register, { reference: 'PRIYA SHARMA' }, { today: '2026-04-01' });
    expect(view.verified).toBe(false);
    expect(view.refused.map((p) => p.path)).toEqual(['receipts/000002.json']);
    expect(view.record.likeness).toEqual([]);
    expect(view.summary.excuse).toMatchObject({ state: 'incomplete', missing: [{ what: 'likeness' }] });
  });
});

describe('matching a check to a person filed before dates of birth were kept', () => {
  it('offers the same name as a candidate, never as a match', async () => {
    const { date_of_birth: _, ...older } = work();
    await fileCheck(register, older, { person: 'EMP-3' });
    const followUp = await fileCheck(
      register,
      work({ share_code: 'WNEW12345', checked_at: '2027-03-01T09:00:00Z', reference: 'WE-9' }),
    );
    expect(followUp.match).toEqual({ person: undefined, by: undefined, candidates: ['EMP-3'] });
    expect(followUp.receipt.person).toBe('PRIYA SHARMA');
  });
});
