// Issue 15 item 5: a key id in the sealed format, a new key added, old values readable meanwhile and
// sealed again in the background, on both backends; then the old key can go.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newCheckId } from '@sharecode/core';
import { validateCheckRequest } from '@sharecode/core/validation';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, type Database, openDatabase } from '../src/index.js';
import { createKeyring } from '../src/store/encryption.js';
import { KEY_FILE_NAME } from '../src/store/key-file.js';
import { SEALED_COLUMNS } from '../src/store/reseal.js';
import { resealInBackground } from '../src/store/reseal-in-background.js';
import { rotateEncryptionKey } from '../src/store/rotate-encryption-key.js';
import { seedPgliteDataDir } from './support/pglite-template.js';
import { createPostgresDatabase, type TestPostgresDatabase } from './support/postgres.js';
import { BACKENDS } from './support/test-server.js';

const NOW = new Date('2026-11-23T12:00:00Z');
const URL_LIVE = 'https://hooks.example.com/rtw-live';

/**
 * Sealed values under a master key other than `current` (or without a key id), across every sealed
 * column. Values whose retention ends are under their day's data key instead (data-keys.ts).
 */
async function heldUnderOtherKeys(database: Database, current: Buffer, others: Buffer[]): Promise<number> {
  const header = createKeyring([current]).currentHeader;
  const otherHeaders = others.map((key) => createKeyring([key]).currentHeader.toString('hex'));
  let count = 0;
  for (const spec of SEALED_COLUMNS) {
    const { rows } = await database.db.query<{ n: number }>(
      `SELECT count(*)::integer AS n FROM ${spec.table}
        WHERE ${spec.column} IS NOT NULL AND substring(${spec.column} from 1 for ${header.length}) <> $1
          AND (get_byte(${spec.column}, 0) = 1
               OR encode(substring(${spec.column} from 1 for ${header.length}), 'hex') = ANY($2::text[]))
        ${spec.table === 'meta' ? "AND name = 'encryption_canary'" : ''}`,
      [header, otherHeaders],
    );
    count += rows[0]?.n ?? 0;
  }
  return count;
}

describe.each(BACKENDS)('rotating the encryption key on %s', (backend) => {
  let pg: TestPostgresDatabase | undefined;
  let dir: string;
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  let accountId = '';
  let checkId = '';
  const open = (encryptionKey: Buffer, previousEncryptionKeys: Buffer[] = []) =>
    openDatabase({
      dataDir: join(dir, 'data'),
      databaseUrl: pg?.url ?? null,
      encryptionKey,
      previousEncryptionKeys,
    });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rtw-rotation-'));
    if (backend === 'postgres') pg = await createPostgresDatabase();
    else await seedPgliteDataDir(join(dir, 'data'));
    const opened = await open(oldKey);
    if (!opened.ok) throw new Error(opened.error);
    const database = opened.value;
    const admin = createAdmin({ accounts: database.accounts, usage: database.usage, now: () => NOW });
    const account = await admin.createAccount({ email: 'rotate@example.com', plan: 'pro' });
    if (!account.ok) throw new Error(account.error);
    accountId = account.value.id;
    const key = await admin.createApiKey(accountId, 'test');
    if (!key.ok) throw new Error(key.error);
    await database.accounts.setDefaultCallbackUrl(accountId, 'live', URL_LIVE, NOW);
    await database.webhookSecrets.current(accountId, 'test', NOW);
    const request = validateCheckRequest(
      'right_to_work',
      { share_code: 'WACPT0001', date_of_birth: '1990-01-01', company_name: 'Rotation Ltd' },
      { async: true, now: NOW },
    );
    if (!request.ok) throw new Error('fixture');
    checkId = newCheckId();
    await database.asyncChecks.create(accountId, 'test', (tx) =>
      tx.insert({
        id: checkId,
        accountId,
        keyId: key.value.record.id,
        mode: 'test',
        kind: 'right_to_work',
        requestId: 'req_rotation',
        request: request.value,
        fingerprint: 'f',
        idempotencyKey: null,
        clientReference: 'tenancy-1042',
        callbackUrl: 'https://hooks.example.com/one',
        reservation: null,
        createdAt: NOW,
      }),
    );
    await database.close();
  }, 60_000);
  afterAll(async () => {
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads old values with the old key in the ring, re-seals them in the background, then needs only the new key', async () => {
    // The new key alone cannot open the database yet: the canary says so, clearly.
    const alone = await open(newKey);
    expect(!alone.ok && alone.error).toContain('encryption key does not match');

    const both = await open(newKey, [oldKey]);
    if (!both.ok) throw new Error(both.error);
    const database = both.value;
    try {
      expect(database.hasPreviousKeys).toBe(true);
      // The default URL, the signing secret, the canary and the data key's wrapping.
      expect(await heldUnderOtherKeys(database, newKey, [oldKey])).toBeGreaterThanOrEqual(4);
      // Old values read meanwhile.
      expect(await database.accounts.getDefaultCallbackUrl(accountId, 'live')).toBe(URL_LIVE);
      expect((await database.asyncChecks.find(checkId, accountId, 'test'))?.clientReference).toBe(
        'tenancy-1042',
      );
      // New writes use the new key at once.
      await database.accounts.setDefaultCallbackUrl(accountId, 'test', 'https://hooks.example.com/t', NOW);

      const background = resealInBackground(database.reseal, pino({ level: 'silent' }), {
        batch: 2,
        pauseMs: 1,
        finish: database.finishReseal,
      });
      await background.done;
      expect(await heldUnderOtherKeys(database, newKey, [oldKey])).toBe(0);
    } finally {
      await database.close();
    }

    const after = await open(newKey);
    if (!after.ok) throw new Error(after.error);
    try {
      expect(await after.value.accounts.getDefaultCallbackUrl(accountId, 'live')).toBe(URL_LIVE);
      expect(await after.value.accounts.getDefaultCallbackUrl(accountId, 'test')).toBe(
        'https://hooks.example.com/t',
      );
      const check = await after.value.asyncChecks.find(checkId, accountId, 'test');
      expect(check?.clientReference).toBe('tenancy-1042');
      expect(await after.value.webhookSecrets.current(accountId, 'test', NOW)).toMatch(/^whsec_/);
    } finally {
      await after.value.close();
    }
    const old = await open(oldKey);
    expect(!old.ok && old.error).toContain('encryption key does not match');
  }, 60_000);
});

describe('rtw-server keys rotate-encryption with the embedded key file', () => {
  it('puts a new key in the file, seals every value again and drops the old key', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rtw-rotation-file-'));
    await seedPgliteDataDir(dir);
    try {
      const config = { dataDir: dir, databaseUrl: null, encryptionKey: null };
      const first = await openDatabase(config);
      if (!first.ok) throw new Error(first.error);
      const admin = createAdmin({ accounts: first.value.accounts, usage: first.value.usage, now: () => NOW });
      const account = await admin.createAccount({ email: 'file@example.com', plan: 'free' });
      if (!account.ok) throw new Error(account.error);
      await first.value.accounts.setDefaultCallbackUrl(account.value.id, 'live', URL_LIVE, NOW);
      await first.value.close();
      const before = readFileSync(join(dir, KEY_FILE_NAME), 'utf8').trim();

      const rotated = await rotateEncryptionKey(config);
      expect(rotated.ok && rotated.value).toMatchObject({ kind: 'key-file', unreadable: 0 });
      expect(
        rotated.ok && rotated.value.kind === 'key-file' && rotated.value.resealed,
      ).toBeGreaterThanOrEqual(2);
      const after = readFileSync(join(dir, KEY_FILE_NAME), 'utf8').trim();
      expect(after).not.toBe(before);
      expect(after.split('\n')).toHaveLength(1);

      const reopened = await openDatabase(config);
      if (!reopened.ok) throw new Error(reopened.error);
      const { rows } = await reopened.value.db.query<{ id: string }>('SELECT id FROM accounts');
      expect(await reopened.value.accounts.getDefaultCallbackUrl(rows[0]?.id ?? '', 'live')).toBe(URL_LIVE);
      expect(
        await heldUnderOtherKeys(reopened.value, Buffer.from(after, 'base64'), [
          Buffer.from(before, 'base64'),
        ]),
      ).toBe(0);
      await reopened.value.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('with RTW_ENCRYPTION_KEY, makes a key for the operator and changes nothing', async () => {
    const rotated = await rotateEncryptionKey({
      dataDir: '/nonexistent',
      databaseUrl: null,
      encryptionKey: randomBytes(32),
    });
    expect(rotated.ok && rotated.value).toMatchObject({ kind: 'environment', currentKeys: 1 });
  });
});
