// Issue 33's walk: a write into a register whose newest receipts were deleted (or an older backup
// put back) is refused, never chained to an older head so that verify says "intact" afterwards.
import { cp, mkdtemp, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  confirmLikeness,
  fileCheck,
  newRegisterKey,
  openRegister,
  type Register,
  type RegisterableResult,
  readReceipts,
  setEmploymentDates,
  verifyRegister,
} from '../src/index.js';

const jpeg = (seed: string) =>
  `data:image/jpeg;base64,${Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from(seed)]).toString('base64')}`;

function work(reference: string): RegisterableResult {
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
  };
}

let dir = '';
let register: Register;
const file = (reference: string) => fileCheck(register, work(reference), { mode: 'live' });

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'register-guard-'));
  register = openRegister(join(dir, 'register'), newRegisterKey().key, { stateDir: join(dir, 'state') });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a write into a register that does not verify', () => {
  it('is refused after the newest receipt was deleted, and verify still names the loss', async () => {
    for (const ref of ['A1', 'B2', 'C3']) await file(ref);
    await unlink(join(register.dir, 'receipts', '000003.json'));
    const set = setEmploymentDates(register, 'A1', { started: '2026-03-11' });
    await expect(set).rejects.toMatchObject({ reason: 'unverified' });
    await expect(set).rejects.toThrow(/newest receipts 3 to 3 were removed.*Nothing was written.*backup/);
    await expect(file('D4')).rejects.toMatchObject({ reason: 'unverified' });
    await expect(confirmLikeness(register, 'A1', { how: 'video', by: 'Jo HR' })).rejects.toMatchObject({
      reason: 'unverified',
    });
    // Nothing written: no receipt, no evidence of D4, and the loss is still what verify reports.
    expect((await readReceipts(register)).map((stored) => stored.receipt.seq)).toEqual([1, 2]);
    const verified = await verifyRegister(register);
    expect(verified.ok).toBe(false);
    // The deleted receipt's evidence is left as not filed; nothing of D4 was written.
    expect(verified.problems.map((p) => [p.kind, p.path])).toEqual([
      ['added', expect.stringMatching(/^evidence\/C3\//)],
      ['missing', 'receipts/000003.json'],
    ]);
  });

  it('is refused after an older backup of the whole folder was put back (the head kept outside says more)', async () => {
    await file('A1');
    await cp(register.dir, join(dir, 'backup'), { recursive: true });
    await file('B2');
    await rm(register.dir, { recursive: true });
    await cp(join(dir, 'backup'), register.dir, { recursive: true });
    await expect(confirmLikeness(register, 'A1', { how: 'in-person', by: 'Jo HR' })).rejects.toThrow(
      /the newest receipts 2 to 2 were removed \(the head kept outside it/,
    );
    expect((await verifyRegister(register)).ok).toBe(false);
  });

  it('is refused with a receipt missing in the middle, and accepted again once it is put back', async () => {
    for (const ref of ['A1', 'B2', 'C3']) await file(ref);
    const second = join(register.dir, 'receipts', '000002.json');
    await cp(second, join(dir, 'saved.json'));
    await unlink(second);
    await expect(file('D4')).rejects.toThrow(/receipts\/000002\.json is missing from the chain/);
    await cp(join(dir, 'saved.json'), second);
    expect((await file('D4')).receipt.seq).toBe(4);
    expect((await verifyRegister(register)).ok).toBe(true);
  });
});
