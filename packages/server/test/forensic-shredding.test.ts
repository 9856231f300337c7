// Issue 27: deleted means unrecoverable. Known values are planted, retention and then a key rotation
// run, and every file of the embedded data folder (its WAL included) or, on PostgreSQL, every table,
// TOAST and index file of the database is read as an attacker with a copy would: every key the
// service holds and the retired one are tried on every sealed value found, data keys unwrapped from
// any version of them left in the files included. Nothing may decrypt to the data retention deleted,
// nothing may open with the retired key, and no planted value may be there in clear.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkError, fail, newCheckId, newEventId } from '@sharecode/core';
import { newCheckRequestId } from '@sharecode/core/check-requests';
import { validateCheckRequest } from '@sharecode/core/validation';
import postgres from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, type Database, openDatabase } from '../src/index.js';
import { KEY_FILE_NAME } from '../src/store/key-file.js';
import { resealInBackground } from '../src/store/reseal-in-background.js';
import { rotateEncryptionKey } from '../src/store/rotate-encryption-key.js';
import {
  filesHolding,
  filesUnder,
  type Opened,
  openEverything,
  postgresRelationFiles,
} from './support/forensic-scan.js';
import { seedPgliteDataDir } from './support/pglite-template.js';
import { createPostgresDatabase, POSTGRES_ADMIN_URL, type TestPostgresDatabase } from './support/postgres.js';
import { BACKENDS } from './support/test-server.js';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-23T12:00:00Z');
/** Past the 7-day retention of everything that ended at NOW, and past that day. */
const SWEEP_AT = new Date(NOW.getTime() + 9 * DAY);

/** A check that ends at NOW: retention deletes all of this. */
const GONE = {
  shareCode: 'WF7K2M9QD',
  dateOfBirth: '1987-03-14',
  clientReference: 'forensic-gone-7Q2K',
  callbackUrl: 'https://hooks.example.com/forensic-gone-9F3D',
  applicantEmail: 'forensic-gone-applicant-8R4W@example.com',
  requestReference: 'forensic-gone-request-6T2N',
};
/** A check still queued, and the account's settings: these stay, readable with the current keys only. */
const KEPT = {
  shareCode: 'WH4N8R2TX',
  dateOfBirth: '1979-11-02',
  clientReference: 'forensic-kept-5M1P',
  callbackUrl: 'https://hooks.example.com/forensic-kept-2C8B',
  defaultUrl: 'https://hooks.example.com/forensic-default-4H6J',
  applicantEmail: 'forensic-kept-applicant-3L7Y@example.com',
  requestReference: 'forensic-kept-request-1V5Q',
};
const GONE_VALUES = Object.values(GONE);
const ALL_VALUES = [...GONE_VALUES, ...Object.values(KEPT)];

function requestOf(shareCode: string, dateOfBirth: string) {
  const request = validateCheckRequest(
    'right_to_work',
    { share_code: shareCode, date_of_birth: dateOfBirth, company_name: 'Forensic Ltd' },
    { async: true, now: NOW },
  );
  if (!request.ok) throw new Error('fixture');
  return request.value;
}

/** Planted values found in what the keys opened. */
function plantedIn(opened: readonly Opened[], values: readonly string[]): string[] {
  return opened.flatMap((one) => {
    const text = one.plaintext.toString('utf8');
    return values.filter((value) => text.includes(value)).map((value) => `${value} in ${one.aad}`);
  });
}

describe.each(BACKENDS)('deleted data and a retired key yield nothing from the files on %s', (backend) => {
  let dir: string;
  let pg: TestPostgresDatabase | undefined;
  const envKey = randomBytes(32);
  const ids = {
    account: '',
    gone: newCheckId(),
    kept: newCheckId(),
    copy: newCheckId(),
    delivery: '',
    goneRequest: newCheckRequestId(),
    keptRequest: newCheckRequestId(),
  };
  let masterBefore: Buffer;
  let aads: string[] = [];
  // PGlite keeps its key in the data folder's key file (the embedded default); PostgreSQL takes it from
  // the environment.
  const config = () => ({
    dataDir: join(dir, 'data'),
    databaseUrl: pg?.url ?? null,
    encryptionKey: backend === 'postgres' ? envKey : null,
  });
  const open = async (
    options: { keys?: { current: Buffer; previous: Buffer[] }; compactionWaitMs?: number } = {},
  ): Promise<Database> => {
    const { keys, compactionWaitMs } = options;
    const opened = await openDatabase({
      ...config(),
      ...(keys ? { encryptionKey: keys.current, previousEncryptionKeys: keys.previous } : {}),
      ...(compactionWaitMs === undefined ? {} : { compactionWaitMs }),
    });
    if (!opened.ok) throw new Error(opened.error);
    return opened.value;
  };
  /** The embedded folder after a checkpoint and a WAL switch; PostgreSQL's relation files after a CHECKPOINT. */
  const filesNow = async (): Promise<Map<string, Buffer>> => {
    if (pg) return postgresRelationFiles(pg.url);
    const database = await open();
    await database.db.exec('CHECKPOINT; SELECT pg_switch_wal(); CHECKPOINT;');
    await database.close();
    return filesUnder(join(dir, 'data'));
  };
  const keyFileKeys = () =>
    readFileSync(join(dir, 'data', KEY_FILE_NAME), 'utf8')
      .trim()
      .split('\n')
      .map((line) => Buffer.from(line, 'base64'));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rtw-forensic-'));
    if (backend === 'postgres') pg = await createPostgresDatabase();
    else await seedPgliteDataDir(join(dir, 'data'));
    const database = await open();
    masterBefore = pg ? envKey : (keyFileKeys()[0] as Buffer);
    try {
      const admin = createAdmin({ accounts: database.accounts, usage: database.usage, now: () => NOW });
      const account = await admin.createAccount({ email: 'forensic@example.com', plan: 'pro' });
      if (!account.ok) throw new Error(account.error);
      ids.account = account.value.id;
      const key = await admin.createApiKey(ids.account, 'test');
      if (!key.ok) throw new Error(key.error);
      await database.accounts.setDefaultCallbackUrl(ids.account, 'live', KEPT.defaultUrl, NOW);
      await database.webhookSecrets.current(ids.account, 'test', NOW);
      // Check requests: one whose applicant submitted the GONE check and that ended at NOW, one waiting.
      const plantRequest = (id: string, values: typeof GONE) =>
        database.checkRequests.insert({
          state: {
            id,
            kind: 'right_to_work',
            mode: 'test',
            status: 'waiting',
            checker: { company_name: 'Forensic Ltd' },
            client_reference: values.requestReference,
            callback_url: values.callbackUrl,
            applicant_email: values.applicantEmail,
            applicant_email_status: 'sent',
            failed_attempts: 0,
            expires_at: new Date(NOW.getTime() + 14 * DAY),
            created_at: NOW,
            ended_at: null,
            check_pending: false,
          },
          accountId: ids.account,
          keyId: key.value.record.id,
          tokenHash: `${id}-hash`,
          eventUrl: values.callbackUrl,
        });
      await plantRequest(ids.goneRequest, GONE);
      await plantRequest(ids.keptRequest, KEPT);
      const queue = (id: string, values: typeof GONE, checkRequestId: string | null = null) =>
        database.asyncChecks.create(ids.account, 'test', (tx) =>
          tx.insert({
            id,
            accountId: ids.account,
            keyId: key.value.record.id,
            mode: 'test',
            kind: 'right_to_work',
            requestId: `req_${id}`,
            request: requestOf(values.shareCode, values.dateOfBirth),
            fingerprint: 'f',
            idempotencyKey: null,
            clientReference: values.clientReference,
            callbackUrl: values.callbackUrl,
            reservation: null,
            createdAt: NOW,
            checkRequestId,
          }),
        );
      await queue(ids.gone, GONE, ids.goneRequest);
      const [claimed] = await database.asyncChecks.claim({
        mode: 'test',
        limit: 1,
        now: NOW,
        leaseUntil: new Date(NOW.getTime() + 60_000),
        leaseToken: 'forensic.1',
        workerId: 'forensic',
        exclude: [],
      });
      expect(claimed?.id).toBe(ids.gone);
      const ended = await database.asyncChecks.finish(
        { id: ids.gone, leaseToken: 'forensic.1', outcome: fail(checkError('NOT_FOUND')), endedAt: NOW },
        async () => {},
      );
      expect(ended?.status).toBe('failed');
      await database.checkRequests.transaction((tx) =>
        database.checkRequests.end(tx, ids.goneRequest, 'submitted', NOW),
      );
      // Its webhook (a one-try event, so nothing is left pending) and a synchronous check's copy.
      ids.delivery = `dlv_${newCheckId()}`;
      await database.webhookDeliveries.recordTestEvent(
        {
          id: ids.delivery,
          eventId: newEventId(),
          accountId: ids.account,
          mode: 'test',
          checkId: ids.gone,
          type: 'check.test',
          url: GONE.callbackUrl,
          eventCreatedAt: NOW,
          createdAt: NOW,
          expiresAt: new Date(NOW.getTime() + 7 * DAY),
        },
        { delivered: true, statusCode: 200, errorClass: null, durationMs: 5 },
        NOW,
      );
      await database.checkCopies.insert({
        id: ids.copy,
        accountId: ids.account,
        keyId: key.value.record.id,
        mode: 'test',
        kind: 'right_to_work',
        requestId: 'req_copy',
        httpStatus: 404,
        errorCode: 'NOT_FOUND',
        request: requestOf(GONE.shareCode, GONE.dateOfBirth),
        result: null,
        error: { code: 'NOT_FOUND', message: 'not found' },
        createdAt: NOW,
        expiresAt: new Date(NOW.getTime() + 7 * DAY),
      });
      // Still queued when retention runs: its values must stay readable.
      await queue(ids.kept, KEPT);
    } finally {
      await database.close();
    }
    const days = Array.from({ length: 50 }, (_, i) =>
      new Date(NOW.getTime() + (i - 5) * DAY).toISOString().slice(0, 10),
    );
    aads = [
      ...[ids.gone, ids.kept].flatMap((id) =>
        ['fingerprint', 'request', 'client_reference', 'callback_url', 'result'].map(
          (column) => `async_checks:${id}:${column}_sealed`,
        ),
      ),
      ...[ids.goneRequest, ids.keptRequest].flatMap((id) =>
        ['client_reference', 'callback_url', 'applicant_email', 'event_url'].map(
          (column) => `check_requests:${id}:${column}_sealed`,
        ),
      ),
      `check_copies:${ids.copy}:sealed`,
      `webhook_deliveries:${ids.delivery}:url_sealed`,
      ...['live', 'test'].flatMap((mode) => [
        `accounts:${ids.account}:default_callback_url_${mode}`,
        `webhook_secrets:${ids.account}:${mode}:secret_sealed`,
      ]),
      ...[...days, ...[ids.gone, ids.kept, ids.goneRequest, ids.keptRequest].map((id) => `check:${id}`)].map(
        (day) => `data_keys:${day}:key_sealed`,
      ),
      'meta:encryption_canary',
    ];
  }, 120_000);

  /** A sweep held back by an older transaction elsewhere in the cluster, then undone by the next sweep. */
  async function sweepWhileAnOlderTransactionRuns() {
    const holder = new postgres.Client({ connectionString: POSTGRES_ADMIN_URL });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT pg_current_xact_id()');
      const database = await open({ compactionWaitMs: 300 });
      let held: Awaited<ReturnType<Database['sweep']>>;
      try {
        held = await database.sweep(SWEEP_AT);
      } finally {
        await database.close();
      }
      expect(held).toMatchObject({
        asyncResults: 1,
        checkCopies: 1,
        webhookDeliveries: 1,
        checkRequestData: 1,
      });
      expect(held.dataKeys).toBeGreaterThan(0);
      // Without the next compaction, the deleted data keys' old versions are still in the files.
      const files = await filesNow();
      expect(plantedIn(openEverything(files, [masterBefore], aads), GONE_VALUES)).not.toEqual([]);
      const own = new postgres.Client({ connectionString: pg?.url });
      await own.connect();
      const due = await own.query("SELECT 1 FROM meta WHERE name = 'data_keys_compaction_due'");
      await own.end();
      expect(due.rows).toHaveLength(1);
    } finally {
      await holder.query('COMMIT').catch(() => {});
      await holder.end();
    }
  }

  afterAll(async () => {
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('after retention, no key the service holds decrypts the deleted check, copy or webhook URL', async () => {
    // On PostgreSQL another database's transaction, open from before the retention deletes until
    // after the sweep, keeps the deleted data keys' versions alive for VACUUM FULL (as another test
    // or service sharing the cluster does): the sweep gives up waiting, the next one compacts.
    if (pg) await sweepWhileAnOlderTransactionRuns();
    const database = await open();
    try {
      const report = await database.sweep(SWEEP_AT);
      // On PostgreSQL the held-back sweep above deleted the data; this one compacts what it left.
      expect(report).toMatchObject(
        pg ? { dataKeys: 0 } : { asyncResults: 1, checkCopies: 1, webhookDeliveries: 1, checkRequestData: 1 },
      );
      // The queued check and the waiting request keep their values (and their data keys).
      const kept = await database.asyncChecks.find(ids.kept, ids.account, 'test');
      expect(kept?.clientReference).toBe(KEPT.clientReference);
      const keptRequest = await database.checkRequests.find(ids.keptRequest, ids.account, 'test');
      expect(keptRequest?.state.applicant_email).toBe(KEPT.applicantEmail);
      const goneRequest = await database.checkRequests.find(ids.goneRequest, ids.account, 'test');
      expect(goneRequest?.state).toMatchObject({
        status: 'submitted',
        applicant_email: null,
        client_reference: null,
        callback_url: null,
      });
    } finally {
      await database.close();
    }
    const files = await filesNow();
    const opened = openEverything(files, [masterBefore], aads);
    expect(plantedIn(opened, GONE_VALUES)).toEqual([]);
    for (const value of ALL_VALUES) expect(filesHolding(files, value), value).toEqual([]);
    // The scan does reach sealed values: the canary, and the queued check through its data key.
    expect(opened.map((one) => one.aad)).toContain('meta:encryption_canary');
    expect(plantedIn(opened, [KEPT.clientReference])).not.toEqual([]);
    expect(plantedIn(opened, [KEPT.applicantEmail])).not.toEqual([]);
  }, 120_000);

  it('after rotate-encryption, nothing in the files opens with the retired key', async () => {
    let masterAfter: Buffer;
    if (pg) {
      // RTW_ENCRYPTION_KEY="NEW,OLD": the server re-seals in the background, then compacts.
      masterAfter = randomBytes(32);
      const database = await open({ keys: { current: masterAfter, previous: [masterBefore] } });
      try {
        await resealInBackground(database.reseal, pino({ level: 'silent' }), {
          batch: 50,
          pauseMs: 1,
          finish: database.finishReseal,
        }).done;
      } finally {
        await database.close();
      }
    } else {
      const rotated = await rotateEncryptionKey(config());
      expect(rotated.ok && rotated.value).toMatchObject({ kind: 'key-file', unreadable: 0 });
      masterAfter = keyFileKeys()[0] as Buffer;
      expect(keyFileKeys()).toHaveLength(1);
    }
    const files = await filesNow();
    const retired = openEverything(files, [masterBefore], aads);
    expect(retired.map((one) => one.aad)).toEqual([]);
    const current = openEverything(files, [masterAfter], aads);
    expect(plantedIn(current, GONE_VALUES)).toEqual([]);
    for (const value of ALL_VALUES) expect(filesHolding(files, value), value).toEqual([]);
    // What stays is still there under the new key.
    expect(plantedIn(current, [KEPT.defaultUrl, KEPT.clientReference, 'whsec_'])).toHaveLength(3);
  }, 120_000);
});
