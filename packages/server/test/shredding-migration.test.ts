// Issue 27's migration path: values written before crypto-shredding (under the master key) still
// open, are moved to their deletion day's data key by the re-seal pass, and the database is marked so
// later starts skip the pass. A delivery still pending keeps its day's key past the day.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newCheckId, newEventId } from '@sharecode/core';
import { validateCheckRequest } from '@sharecode/core/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, type Database, openDatabase } from '../src/index.js';
import { createKeyring } from '../src/store/encryption.js';
import { seedPgliteDataDir } from './support/pglite-template.js';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-23T12:00:00Z');

describe('values sealed before crypto-shredding', () => {
  let dir: string;
  const key = randomBytes(32);
  const open = async (): Promise<Database> => {
    const opened = await openDatabase({ dataDir: dir, databaseUrl: null, encryptionKey: key });
    if (!opened.ok) throw new Error(opened.error);
    return opened.value;
  };
  let accountId = '';
  const checkId = newCheckId();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rtw-shred-migration-'));
    await seedPgliteDataDir(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('open as before, move to their day key in the re-seal pass, and the mark skips it later', async () => {
    const database = await open();
    expect(database.needsReseal).toBe(false);
    const admin = createAdmin({ accounts: database.accounts, usage: database.usage, now: () => NOW });
    const account = await admin.createAccount({ email: 'legacy@example.com', plan: 'pro' });
    if (!account.ok) throw new Error(account.error);
    accountId = account.value.id;
    const request = validateCheckRequest(
      'right_to_work',
      { share_code: 'WLEG4CY01', date_of_birth: '1990-01-01', company_name: 'Legacy Ltd' },
      { async: true, now: NOW },
    );
    if (!request.ok) throw new Error('fixture');
    await database.asyncChecks.create(accountId, 'test', (tx) =>
      tx.insert({
        id: checkId,
        accountId,
        keyId: 'key_legacy',
        mode: 'test',
        kind: 'right_to_work',
        requestId: 'req_legacy',
        request: request.value,
        fingerprint: 'f',
        idempotencyKey: null,
        clientReference: 'legacy-ref',
        callbackUrl: null,
        reservation: null,
        createdAt: NOW,
      }),
    );
    // As an earlier version wrote it: under the master key, and no mark.
    const master = createKeyring([key]);
    await database.db.query('UPDATE async_checks SET client_reference_sealed = $1 WHERE id = $2', [
      master.seal(JSON.stringify('legacy-ref'), `async_checks:${checkId}:client_reference_sealed`),
      checkId,
    ]);
    await database.db.query("DELETE FROM meta WHERE name = 'retention_in_buckets'");
    await database.close();

    const upgraded = await open();
    try {
      expect(upgraded.needsReseal).toBe(true);
      expect((await upgraded.asyncChecks.find(checkId, accountId, 'test'))?.clientReference).toBe(
        'legacy-ref',
      );
      const report = await upgraded.reseal(100);
      expect(report).toMatchObject({ resealed: 1, unreadable: 0, tables: ['async_checks'] });
      expect((await upgraded.reseal(100)).resealed).toBe(0);
      await upgraded.finishReseal(report.tables);
      const { rows } = await upgraded.db.query<{ header: string }>(
        "SELECT encode(substring(client_reference_sealed from 1 for 5), 'hex') AS header FROM async_checks",
      );
      expect(rows[0]?.header).not.toBe(master.currentHeader.toString('hex'));
      expect((await upgraded.asyncChecks.find(checkId, accountId, 'test'))?.clientReference).toBe(
        'legacy-ref',
      );
    } finally {
      await upgraded.close();
    }
    const later = await open();
    expect(later.needsReseal).toBe(false);
    await later.close();
  });

  it('keeps the key of a delivery still pending past its day, and deletes it once the delivery ends', async () => {
    const database = await open();
    try {
      const expiresAt = new Date(NOW.getTime() + 7 * DAY);
      const delivery = {
        id: `dlv_${newCheckId()}`,
        eventId: newEventId(),
        accountId,
        mode: 'test' as const,
        checkId,
        type: 'check.failed' as const,
        url: 'https://hooks.example.com/pending',
        eventCreatedAt: NOW,
        createdAt: NOW,
        expiresAt,
      };
      await database.db.transaction((tx) => database.webhookDeliveries.insert(tx, delivery));
      const day = expiresAt.toISOString().slice(0, 10);
      const keyOf = async () =>
        (await database.db.query('SELECT 1 FROM data_keys WHERE day = $1', [day])).rows.length;
      expect(await keyOf()).toBe(1);
      const after = new Date(NOW.getTime() + 9 * DAY);
      await database.sweep(after);
      expect(await keyOf()).toBe(1);
      expect((await database.webhookDeliveries.find(delivery.id, accountId, 'test'))?.url).toBe(delivery.url);
      await database.db.query(
        "UPDATE webhook_deliveries SET state = 'given_up', due_at = NULL WHERE id = $1",
        [delivery.id],
      );
      expect(await database.sweep(after)).toMatchObject({ webhookDeliveries: 1, dataKeys: 1 });
      expect(await keyOf()).toBe(0);
    } finally {
      await database.close();
    }
  });
});
