import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase, type RunningServer, startServer } from '../../src/index.js';
import type { LookupAll } from '../../src/webhooks/resolve-target.js';
import { seedPgliteDataDir } from './pglite-template.js';
import { createPostgresDatabase } from './postgres.js';
import type { Backend } from './test-server.js';

export interface WebhookTestServer {
  readonly server: RunningServer;
  readonly database: Database;
  /** Opens the same database again (for a second server after a restart). */
  readonly databaseConfig: { dataDir: string; databaseUrl: string | null; encryptionKey: Buffer };
  readonly logs: string[];
  /** Stops the server (the database stays, for a restart). */
  stop(): Promise<void>;
  /** Starts a new server on the same database, the previous one stopped. */
  restart(): Promise<RunningServer>;
  /** Stops everything and deletes the database. */
  close(): Promise<void>;
}

/**
 * A server on the real clock (receivers verify webhook timestamps against real time) with the given
 * RTW_* environment: the webhook settings are read from it as in production.
 */
export async function startWebhookTestServer(
  backend: Backend,
  env: Readonly<Record<string, string>>,
  options: { readonly lookup?: LookupAll } = {},
): Promise<WebhookTestServer> {
  const encryptionKey = randomBytes(32);
  const dir = mkdtempSync(join(tmpdir(), 'rtw-webhook-test-'));
  let databaseUrl: string | null = null;
  let dropPostgres = async () => {};
  if (backend === 'postgres') {
    const pg = await createPostgresDatabase();
    databaseUrl = pg.url;
    dropPostgres = () => pg.drop();
  }
  const dataDir = join(dir, 'data');
  if (databaseUrl === null) await seedPgliteDataDir(dataDir);
  const open = async () => {
    const opened = await openDatabase({ dataDir, databaseUrl, encryptionKey });
    if (!opened.ok) throw new Error(opened.error);
    return opened.value;
  };
  const logs: string[] = [];
  const start = (database: Database) =>
    startServer({
      host: '127.0.0.1',
      port: 0,
      env,
      database,
      sweepIntervalMs: 0,
      logLevelOverride: 'debug',
      logDestination: { write: (line: string) => void logs.push(line) },
      asyncChecks: { pollIntervalMs: 20 },
      ...(options.lookup ? { webhookLookup: options.lookup } : {}),
    });
  let database = await open();
  let server = await start(database);
  let stopped = false;
  const result: WebhookTestServer = {
    get server() {
      return server;
    },
    get database() {
      return database;
    },
    databaseConfig: { dataDir, databaseUrl, encryptionKey },
    logs,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.close();
      await database.close();
    },
    async restart() {
      await result.stop();
      database = await open();
      server = await start(database);
      stopped = false;
      return server;
    },
    async close() {
      await result.stop();
      await dropPostgres();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return result;
}
