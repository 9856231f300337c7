import {
  chmod,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileCheck, type RegisterableResult } from '../src/file-check.js';
import { listFollowUps } from '../src/follow-ups.js';
import { loadRegisterKey } from '../src/load-register-key.js';
import { openRegister, type Register } from '../src/open-register.js';
import { pruneRegister } from '../src/prune.js';
import { newRegisterKey } from '../src/register-key.js';
import { readRegister } from '../src/register-store.js';
import { canonicalBytes, openSealedJson, sealJson } from '../src/sealed-json.js';
import { setEmploymentDates } from '../src/set-dates.js';
import { summariseRegister } from '../src/summary.js';
import { verifyRegister } from '../src/verify-register.js';

// The register acts only on what its seal vouches for: receipts written by hand into the folder by
// someone without the key are problems, never data, and no path a receipt names leaves the folder.

const url = (mime: string, text: string) => `data:${mime};base64,${Buffer.from(text).toString('base64')}`;

function work(over: Partial<RegisterableResult> = {}): RegisterableResult {
  return {
    title: 'Right to work',
    outcome: 'ACCEPTED',
    name: 'ALICE',
    share_code: 'WACPT0001',
    reference: 'REF-A',
    checked_at: '2026-03-10T09:30:00.000Z',
    expiry_date: '2027-03-10',
    permission_type: 'Skilled Worker',
    pdf_data_url: url('application/pdf', '%PDF-1.7 alice'),
    ...over,
  };
}

let root = '';
let register: Register;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'register-forged-'));
  register = openRegister(join(root, 'register'), newRegisterKey().key, { stateDir: join(root, 'state') });
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A receipt as a forger writes it: canonical JSON, `mac` last, under any key id. */
const HEADER = { format: 'rtw-register/1', written_at: '2026-03-11T00:00:00.000Z', previous: null };

function forged(body: Record<string, unknown>, mac = '0'.repeat(64)): Buffer {
  return canonicalBytes({ ...HEADER, ...body, mac });
}

function forgedCheck(seq: number, person: string, path: string, keyId: string): Record<string, unknown> {
  return {
    seq,
    key_id: keyId,
    type: 'check',
    kind: 'right_to_work',
    mode: 'live',
    reference: `F${seq}`,
    person,
    name: person,
    checked_by: { operator: null, organisation: null },
    checked_at: '2000-01-01T00:00:00.000Z',
    check_date: '2000-01-01',
    outcome: 'ACCEPTED',
    permission: null,
    expiry_date: null,
    follow_up: { due: true, date: '2000-06-01', basis: 'permission_expiry' },
    share_code_hmac: '0'.repeat(64),
    files: { pdf: { path, sha256: '0'.repeat(64), bytes: 1 }, photo: null },
  };
}

function forgedDates(seq: number, person: string, keyId: string): Record<string, unknown> {
  return {
    seq,
    key_id: keyId,
    type: 'dates',
    kind: 'right_to_work',
    person,
    reference: `F${seq}`,
    started: null,
    ended: '2001-01-01',
  };
}

const deeplyNested = (depth: number) => Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth)}\n`);

describe('forged receipts', () => {
  it('are named by verify, never acted on, and prune deletes nothing outside the register', async () => {
    // A real check, whose person left long ago: prune has something genuine to delete.
    const real = await fileCheck(register, work(), { mode: 'live' });
    await setEmploymentDates(register, 'REF-A', { ended: '2026-03-11' });
    // Files outside the register a forger would like deleted or read.
    const victim = join(root, 'victim.txt');
    const absolute = join(root, 'absolute.txt');
    const linked = join(root, 'linked');
    await writeFile(victim, 'victim');
    await writeFile(absolute, 'absolute');
    await mkdir(linked);
    await writeFile(join(linked, 'x.pdf'), 'linked');
    await symlink(linked, join(register.dir, 'evidence', 'LINK'));
    const other = newRegisterKey().key;
    const receipts = join(register.dir, 'receipts');
    const write = (seq: number, bytes: Uint8Array) =>
      writeFile(join(receipts, `${String(seq).padStart(6, '0')}.json`), bytes);
    // Unsealed under the register's own key id, a `../` path.
    await write(3, forged(forgedCheck(3, 'victim', '../victim.txt', register.key.id)));
    // Sealed, but with another key: its dates would put `victim` past retention.
    await write(4, sealJson(other, { ...HEADER, ...forgedDates(4, 'victim', other.id) }));
    // Another key, an absolute path.
    await write(5, sealJson(other, { ...HEADER, ...forgedCheck(5, 'abs', absolute, other.id) }));
    await write(6, sealJson(other, { ...HEADER, ...forgedDates(6, 'abs', other.id) }));
    // Unsealed, a path through a symbolic link leaving the register.
    await write(7, forged(forgedCheck(7, 'link', 'evidence/LINK/x.pdf', register.key.id)));
    await write(8, forged(forgedDates(8, 'link', register.key.id)));
    // 100,000 nested arrays (under the size bound): parsing or canonicalising must not blow the stack.
    await write(9, deeplyNested(100_000));
    const forgedPaths = [3, 4, 5, 6, 7, 8, 9].map((seq) => `receipts/${String(seq).padStart(6, '0')}.json`);

    const verified = await verifyRegister(register);
    expect(verified.ok).toBe(false);
    const named = (problems: { path: string }[]) => new Set(problems.map((p) => p.path));
    for (const path of forgedPaths) expect(named(verified.problems)).toContain(path);
    expect(verified.problems).toContainEqual(
      expect.objectContaining({
        kind: 'added',
        path: 'evidence/LINK',
        detail: expect.stringContaining('symbolic link'),
      }),
    );
    expect(verified.problems.find((p) => p.path === 'receipts/000009.json')?.detail).toMatch(/nests deeper/);
    for (const seq of [4, 5, 6]) {
      expect(verified.problems).toContainEqual(
        expect.objectContaining({ kind: 'other_key', path: `receipts/00000${seq}.json` }),
      );
    }
    // verify never re-hashed a file outside the register: the forged receipts' paths are refused.
    expect(verified.problems.filter((p) => p.kind === 'outside').map((p) => p.path)).toEqual([
      'receipts/000003.json',
      'receipts/000005.json',
      'receipts/000007.json',
    ]);

    // The register's reading API: only the sealed receipts, the rest named.
    const reading = await readRegister(register);
    expect(reading.receipts.map((s) => s.receipt.seq)).toEqual([1, 2]);
    expect(reading.problems.map((p) => p.path)).toEqual(forgedPaths);

    // Every operation works on sealed receipts only, and none crashes.
    const summary = await summariseRegister(register, { today: '2030-01-01' });
    expect(summary.people.map((p) => p.person)).toEqual(['ALICE']);
    expect(summary.refused.map((p) => p.path)).toEqual(forgedPaths);
    const followUps = await listFollowUps(register, { today: '2026-04-01' });
    expect(followUps.items).toEqual([]);
    expect(followUps.problems.map((p) => p.path)).toEqual(forgedPaths);
    await expect(setEmploymentDates(register, 'F3', { ended: '2001-01-01' })).rejects.toMatchObject({
      reason: 'unknown_reference',
    });

    // prune refuses a register that does not verify, dry run or not, and deletes nothing.
    for (const dryRun of [true, false]) {
      await expect(pruneRegister(register, { today: '2030-01-01', dryRun })).rejects.toMatchObject({
        reason: 'unverified',
        message: expect.stringContaining('receipts/000003.json'),
      });
    }
    expect(await readdir(receipts)).toHaveLength(9);

    // Told to, it prunes only what the seal vouches for, and records the problems in its receipt.
    const dry = await pruneRegister(register, { today: '2030-01-01', dryRun: true, despiteProblems: true });
    expect(dry.removed.map((p) => p.person)).toEqual(['ALICE']);
    expect(dry.removed.flatMap((p) => p.files)).not.toContainEqual(expect.stringContaining('..'));
    const pruned = await pruneRegister(register, { today: '2030-01-01', despiteProblems: true });
    expect(pruned.removed.map((p) => p.person)).toEqual(['ALICE']);
    await expect(
      stat(join(register.dir, ...(real.receipt.files.pdf?.path ?? '').split('/'))),
    ).rejects.toMatchObject({
      code: 'ENOENT',
    });
    expect(await readFile(victim, 'utf8')).toBe('victim');
    expect(await readFile(absolute, 'utf8')).toBe('absolute');
    expect(await readFile(join(linked, 'x.pdf'), 'utf8')).toBe('linked');
    const pruneReceipt = openSealedJson(await readFile(join(receipts, '000010.json')), register.key);
    expect(pruneReceipt?.sealed).toBe(true);
    expect(pruneReceipt?.body.removed).toEqual([
      { seq: 1, sha256: expect.any(String) },
      { seq: 2, sha256: expect.any(String) },
    ]);
    expect(((pruneReceipt?.body.problems ?? []) as { path: string }[]).map((p) => p.path)).toEqual(
      expect.arrayContaining(forgedPaths),
    );

    // After every command, verify still names every forged receipt.
    const after = await verifyRegister(register);
    expect(after.ok).toBe(false);
    for (const path of forgedPaths) expect(named(after.problems)).toContain(path);
  });

  it("never deletes through a symbolic link put in place of a sealed receipt's evidence folder", async () => {
    const real = await fileCheck(register, work(), { mode: 'live' });
    await setEmploymentDates(register, 'REF-A', { ended: '2026-03-11' });
    const folder = join(register.dir, 'evidence', 'REF-A');
    const elsewhere = join(root, 'elsewhere');
    await rename(folder, elsewhere);
    await symlink(elsewhere, folder);
    const name = (real.receipt.files.pdf?.path ?? '').split('/').at(-1) as string;
    const verified = await verifyRegister(register);
    expect(verified.problems).toContainEqual(
      expect.objectContaining({ kind: 'outside', path: 'receipts/000001.json' }),
    );
    await expect(pruneRegister(register, { today: '2030-01-01' })).rejects.toMatchObject({
      reason: 'unverified',
    });
    const pruned = await pruneRegister(register, { today: '2030-01-01', despiteProblems: true });
    expect(pruned.left).toContainEqual({
      path: real.receipt.files.pdf?.path,
      why: expect.stringContaining('symbolic link'),
    });
    expect(await readdir(elsewhere)).toEqual([name]);
  });

  it('reads no receipt over the size bound, and names it', async () => {
    await fileCheck(register, work(), { mode: 'live' });
    await writeFile(join(register.dir, 'receipts', '000002.json'), Buffer.alloc(300 * 1024, 0x20));
    // The review's 200,000 nested arrays.
    await writeFile(join(register.dir, 'receipts', '000003.json'), deeplyNested(200_000));
    const verified = await verifyRegister(register);
    for (const path of ['receipts/000002.json', 'receipts/000003.json']) {
      expect(verified.problems).toContainEqual(
        expect.objectContaining({ kind: 'changed', path, detail: expect.stringMatching(/larger/) }),
      );
    }
    expect((await readRegister(register)).receipts).toHaveLength(1);
  });
});

describe('prune and shared evidence', () => {
  it('never deletes a file a kept check files too', async () => {
    // Two people checked under one reference with the same PDF: one evidence file, two receipts.
    const bob = await fileCheck(register, work({ name: 'BOB' }), { mode: 'live', person: 'bob' });
    const alice = await fileCheck(register, work({ checked_at: '2026-03-10T10:00:00.000Z' }), {
      mode: 'live',
      person: 'alice',
    });
    expect(alice.receipt.files.pdf?.path).toBe(bob.receipt.files.pdf?.path);
    await setEmploymentDates(register, 'REF-A', { ended: '2026-03-11', person: 'alice' });
    const pruned = await pruneRegister(register, { today: '2030-01-01' });
    expect(pruned.removed.map((p) => p.person)).toEqual(['alice']);
    expect(pruned.left).toEqual([
      { path: alice.receipt.files.pdf?.path, why: 'a kept check files the same file' },
    ]);
    expect(await verifyRegister(register)).toMatchObject({ ok: true });
  });
});

describe('folders and the key file', () => {
  it('tightens a register folder made open beforehand, and every folder it files into', async () => {
    await mkdir(register.dir, { recursive: true, mode: 0o755 });
    await chmod(register.dir, 0o755);
    await fileCheck(register, work(), { mode: 'live' });
    await mkdir(join(register.dir, 'evidence', 'REF-B'), { mode: 0o755 });
    await chmod(join(register.dir, 'evidence', 'REF-B'), 0o755);
    await fileCheck(register, work({ reference: 'REF-B', checked_at: '2026-03-12T09:00:00.000Z' }), {
      mode: 'live',
    });
    const open: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (((await stat(path)).mode & 0o077) !== 0) open.push(path);
        if (entry.isDirectory()) await walk(path);
      }
    };
    if (((await stat(register.dir)).mode & 0o077) !== 0) open.push(register.dir);
    await walk(register.dir);
    expect(open).toEqual([]);
  });

  it('refuses a key file others can read, as the server refuses its own', async () => {
    const file = join(root, 'config', 'register.key');
    await mkdir(join(root, 'config'));
    await writeFile(file, `${newRegisterKey().text}\n`, { mode: 0o644 });
    await chmod(file, 0o644);
    await expect(loadRegisterKey({ env: {}, file })).rejects.toMatchObject({
      reason: 'bad_key',
      message: expect.stringContaining(`chmod 600 ${file}`),
    });
    await chmod(file, 0o600);
    await expect(loadRegisterKey({ env: {}, file })).resolves.toMatchObject({ source: 'file' });
  });
});
