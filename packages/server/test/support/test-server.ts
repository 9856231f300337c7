import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HttpTimeouts } from '../../src/http/http-timeouts.js';
import {
  type Admin,
  type Database,
  type LiveCheckRunner,
  openDatabase,
  type RunningServer,
  startServer,
} from '../../src/index.js';
import { type TestClock, testClock } from './clock.js';
import { seedPgliteDataDir } from './pglite-template.js';
import { createPostgresDatabase } from './postgres.js';

export type Backend = 'pglite' | 'postgres';
export const BACKENDS: readonly Backend[] = ['pglite', 'postgres'];

export const UPGRADE_URL = 'https://billing.example.com/upgrade';
/** RTW_DASHBOARD_PASSWORD_COST for test servers: 32 times cheaper than the default's 0.4 CPU-seconds. */
export const TEST_PASSWORD_COST = '10';

export interface TestServer {
  readonly url: string;
  readonly admin: Admin;
  readonly database: Database;
  readonly clock: TestClock;
  readonly logs: string[];
  readonly server: RunningServer;
  /** How to open the same database again (with another key, say). */
  readonly databaseConfig: { dataDir: string; databaseUrl: string | null; encryptionKey: Buffer };
  /** Stops the server, closes and deletes the database. */
  close(): Promise<void>;
}

export interface TestServerOptions {
  readonly liveRunner?: LiveCheckRunner;
  readonly start?: string;
  readonly httpTimeouts?: HttpTimeouts;
  /** RTW_* settings the server reads at start (RTW_TRUST_PROXY, RTW_MAX_CONNECTIONS, ...). */
  readonly env?: Readonly<Record<string, string>>;
}

/** A server on 127.0.0.1 port 0 over a fresh database (a temp PGlite folder or a new PostgreSQL database). */
export async function startTestServer(
  backend: Backend,
  options: TestServerOptions = {},
): Promise<TestServer> {
  const clock = testClock(options.start ?? '2026-03-10T12:00:00Z');
  const encryptionKey = randomBytes(32);
  let cleanup: () => Promise<void>;
  let databaseUrl: string | null = null;
  let dataDir = mkdtempSync(join(tmpdir(), 'rtw-server-test-'));
  if (backend === 'postgres') {
    const pg = await createPostgresDatabase();
    databaseUrl = pg.url;
    const dir = dataDir;
    cleanup = async () => {
      await pg.drop();
      rmSync(dir, { recursive: true, force: true });
    };
  } else {
    const dir = dataDir;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
    dataDir = join(dir, 'data');
    await seedPgliteDataDir(dataDir);
  }
  const opened = await openDatabase({ dataDir, databaseUrl, encryptionKey }, { now: clock });
  if (!opened.ok) throw new Error(opened.error);
  const database = opened.value;
  const logs: string[] = [];
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    upgradeUrl: UPGRADE_URL,
    // Dashboard passwords at scrypt cost 10, not 15: sign-ins are what these tests prove, not the
    // hash's strength (password.test.ts holds the default). A file may set it back.
    env: { RTW_DASHBOARD_PASSWORD_COST: TEST_PASSWORD_COST, ...options.env },
    database,
    clock,
    sweepIntervalMs: 0,
    logLevelOverride: 'debug',
    logDestination: { write: (line: string) => void logs.push(line) },
    ...(options.liveRunner ? { liveRunner: options.liveRunner } : {}),
    ...(options.httpTimeouts ? { httpTimeouts: options.httpTimeouts } : {}),
  });
  return {
    url: server.url,
    admin: server.admin,
    database,
    clock,
    logs,
    server,
    databaseConfig: { dataDir, databaseUrl, encryptionKey },
    async close() {
      await server.close();
      await database.close();
      await cleanup();
    },
  };
}

/** A new account on `plan` and one key of `mode`; returns the key and ids. */
export async function newKey(
  admin: Admin,
  plan: 'free' | 'pro' | 'scale',
  mode: 'live' | 'test',
): Promise<{ key: string; keyId: string; accountId: string }> {
  const account = await admin.createAccount({
    email: `owner-${randomBytes(4).toString('hex')}@example.com`,
    plan,
  });
  if (!account.ok) throw new Error(account.error);
  const key = await admin.createApiKey(account.value.id, mode);
  if (!key.ok) throw new Error(key.error);
  return { key: key.value.key, keyId: key.value.record.id, accountId: account.value.id };
}

export async function extraKey(admin: Admin, accountId: string, mode: 'live' | 'test'): Promise<string> {
  const key = await admin.createApiKey(accountId, mode);
  if (!key.ok) throw new Error(key.error);
  return key.value.key;
}
