import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Admin, createAdmin, type Database, openDatabase } from '../src/index.js';
import { MIGRATIONS } from '../src/store/migrations.js';
import { call, errorOf, validBody } from './support/api.js';
import { createPostgresDatabase, type TestPostgresDatabase } from './support/postgres.js';
import { ensureServerBuilt, runBin, type ServerProcess, startServerProcess } from './support/processes.js';

// Two server PROCESSES (the built server) on one PostgreSQL share one key's per-second limit and one
// account's monthly quota; the bin manages accounts and keys; SIGTERM lets an in-flight check finish.
const FROZEN = '2026-05-15T12:00:00.000Z';

describe('two rtw-server processes on one PostgreSQL', () => {
  let pg: TestPostgresDatabase;
  let env: Record<string, string>;
  let database: Database;
  let admin: Admin;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    ensureServerBuilt();
    pg = await createPostgresDatabase();
    env = {
      DATABASE_URL: pg.url,
      RTW_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      RTW_UPGRADE_URL: 'https://billing.example.com/upgrade',
      RTW_TEST_FROZEN_CLOCK: FROZEN,
    };
    // Both start at once on an empty database: the migrations run exactly once (advisory lock).
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    const opened = await openDatabase({
      dataDir: '',
      databaseUrl: pg.url,
      encryptionKey: Buffer.from(env.RTW_ENCRYPTION_KEY ?? '', 'base64'),
    });
    if (!opened.ok) throw new Error(opened.error);
    database = opened.value;
    admin = createAdmin({ accounts: database.accounts, usage: database.usage, now: () => new Date(FROZEN) });
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    await pg?.drop();
  });

  let accounts = 0;
  const account = async (plan: 'free' | 'pro' | 'scale') => {
    accounts += 1;
    const created = await admin.createAccount({ email: `multi-${accounts}@example.com`, plan });
    if (!created.ok) throw new Error(created.error);
    return created.value.id;
  };
  const key = async (accountId: string, mode: 'live' | 'test') => {
    const created = await admin.createApiKey(accountId, mode);
    if (!created.ok) throw new Error(created.error);
    return created.value.key;
  };

  it('applied each migration once', async () => {
    const { rows } = await database.db.query<{ version: number }>('SELECT version FROM schema_migrations');
    expect(rows.map((row) => row.version).sort((a, b) => a - b)).toEqual(MIGRATIONS.map((m) => m.version));
  });

  it('the bin creates accounts and keys, changes plans and subscriptions, and revokes keys', () => {
    const binEnv = { DATABASE_URL: pg.url, RTW_ENCRYPTION_KEY: env.RTW_ENCRYPTION_KEY ?? '' };
    const created = runBin(['accounts', 'create', '--email', 'owner@example.com', '--plan', 'free'], binEnv);
    expect(created.code).toBe(0);
    const accountId = created.stdout.trim();
    expect(accountId).toMatch(/^acc_[0-9A-Za-z]{24}$/);
    const live = runBin(['keys', 'create', '--account', accountId, '--mode', 'live'], binEnv);
    expect(live.code).toBe(0);
    expect(live.stdout).toMatch(/^rtw_live_[0-9A-Za-z]{40}\n$/);
    expect(runBin(['accounts', 'set-plan', '--account', accountId, '--plan', 'scale'], binEnv).code).toBe(0);
    expect(
      runBin(['accounts', 'set-subscription', '--account', accountId, '--status', 'past_due'], binEnv).code,
    ).toBe(0);
    const listed = runBin(['keys', 'list', '--account', accountId], binEnv);
    expect(listed.stdout).toContain('live rtw_live_');
    expect(listed.stdout).not.toContain(live.stdout.trim());
    const revoked = runBin(['keys', 'revoke', '--key', live.stdout.trim()], binEnv);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toMatch(/^key_[0-9A-Za-z]{24} revoked\n$/);
    const again = runBin(['keys', 'revoke', '--key', live.stdout.trim()], binEnv);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already revoked');
    const badPlan = runBin(['accounts', 'create', '--email', 'x@example.com', '--plan', 'gold'], binEnv);
    expect(badPlan.code).not.toBe(0);
    expect(badPlan.stderr).toContain('gold');
    const noKey = runBin(['accounts', 'create', '--email', 'x@example.com', '--plan', 'free'], {
      DATABASE_URL: pg.url,
      RTW_ENCRYPTION_KEY: '',
    });
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain('RTW_ENCRYPTION_KEY');
  });

  it("share one key's per-second limit", async () => {
    const sandboxKey = await key(await account('free'), 'test');
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(i % 2 === 0 ? a.url : b.url, 'POST', '/api/check', {
          key: sandboxKey,
          json: validBody('/api/check'),
        }),
      ),
    );
    const limited = responses.filter((r) => r.status === 429);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(25);
    expect(limited).toHaveLength(5);
    for (const response of limited) expect(errorOf(response).code).toBe('RATE_LIMITED');
  });

  it("share one account's monthly quota", async () => {
    const accountId = await account('free');
    const keys = await Promise.all([1, 2, 3, 4].map(() => key(accountId, 'live')));
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(i % 2 === 0 ? a.url : b.url, 'POST', '/api/check', {
          key: keys[i % 4] ?? '',
          json: validBody('/api/check'),
        }),
      ),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = responses.filter((r) => r.status === 402);
    expect(refused).toHaveLength(10);
    for (const response of refused) expect(errorOf(response).code).toBe('QUOTA_EXCEEDED');
    const usage = await admin.usage(accountId);
    expect(usage.ok && usage.value).toMatchObject({ used: 10, inProgress: 0 });
    const ledger = await database.db.query('SELECT check_id FROM usage_ledger WHERE account_id = $1', [
      accountId,
    ]);
    expect(ledger.rowCount).toBe(10);
  });

  it('two processes racing for the last free check: exactly one wins, every round', async () => {
    for (let round = 0; round < 6; round += 1) {
      const accountId = await account('free');
      const [first, second] = await Promise.all([key(accountId, 'live'), key(accountId, 'live')]);
      await database.db.query(
        "INSERT INTO usage_counters (account_id, period, used, reserved) VALUES ($1, '2026-05', 9, 0)",
        [accountId],
      );
      const [x, y] = await Promise.all([
        call(a.url, 'POST', '/api/check', { key: first ?? '', json: validBody('/api/check') }),
        call(b.url, 'POST', '/api/check', { key: second ?? '', json: validBody('/api/check') }),
      ]);
      expect([x.status, y.status].sort(), `round ${round}`).toEqual([200, 402]);
    }
  });

  it('SIGTERM: stops accepting, finishes the in-flight check, then exits 0', async () => {
    const slow = await startServerProcess({ ...env, RTW_TEST_LIVE_DELAY_MS: '800' });
    const accountId = await account('pro');
    const liveKey = await key(accountId, 'live');
    const inFlight = call(slow.url, 'POST', '/api/check', { key: liveKey, json: validBody('/api/check') });
    // The check is in flight once its quota reservation exists (the run takes 800 ms after that).
    for (;;) {
      const held = await database.db.query('SELECT 1 FROM usage_reservations WHERE account_id = $1', [
        accountId,
      ]);
      if (held.rowCount > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    slow.child.kill('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await slow.exited).toBe(0);
    await expect(fetch(`${slow.url}/healthz`)).rejects.toThrow();
    const usage = await admin.usage(accountId);
    expect(usage.ok && usage.value.used).toBe(1);
  });
});
