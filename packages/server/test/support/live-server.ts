// One portal simulator, one embedded database and one rtw-server with the portal driver wired by
// configuration (as `rtw-server start --portal-sim-url` does), for the live tests of a file.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PortalSim, type PortalSimOptions, startPortalSim } from '@sharecode/portal-sim';
import {
  type Database,
  openDatabase,
  type RunningServer,
  type StartServerOptions,
  startServer,
} from '../../src/index.js';
import { CHROMIUM } from '../portal-harness.js';
import { type ApiResponse, call } from './api.js';
import { jsonLogs } from './json-logs.js';
import { seedPgliteDataDir } from './pglite-template.js';
import { newKey, TEST_PASSWORD_COST } from './test-server.js';

/** The operator token the live test servers run with (GET /healthz/portal's details). */
export const LIVE_OPERATOR_TOKEN = 'op_live_test_0123456789abcdef0123456789';

export interface LiveServer {
  readonly sim: PortalSim;
  readonly server: RunningServer;
  /** The server's database, for what a test reads there directly (the usage ledger). */
  readonly database: Database;
  /** A live key of a large plan. */
  readonly key: string;
  /** Every log line the server wrote, parsed. */
  readonly logs: Record<string, unknown>[];
  check(path: string, json: Record<string, unknown>): Promise<ApiResponse>;
  close(): Promise<void>;
}

/** `serverOptions` add to (and override) the server's options; its `env` adds to the operator token. */
export async function startLiveServer(
  simOptions: PortalSimOptions = {},
  serverOptions: StartServerOptions = {},
): Promise<LiveServer> {
  const sim = await startPortalSim({ port: 0, ...simOptions });
  const dir = mkdtempSync(join(tmpdir(), 'rtw-live-'));
  await seedPgliteDataDir(join(dir, 'data'));
  const opened = await openDatabase({
    dataDir: join(dir, 'data'),
    databaseUrl: null,
    encryptionKey: randomBytes(32),
  });
  if (!opened.ok) throw new Error(opened.error);
  const database: Database = opened.value;
  const { logs, destination: logDestination } = jsonLogs();
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    database,
    sweepIntervalMs: 0,
    logLevelOverride: 'info',
    logDestination,
    portalDriver: true,
    portalSimUrl: sim.url,
    checkSlots: 1,
    checkTimeout: 30,
    ...(CHROMIUM ? { chromiumPath: CHROMIUM } : {}),
    ...serverOptions,
    // Dashboard passwords at the test servers' cost (test-server.ts says why).
    env: {
      RTW_OPERATOR_TOKEN: LIVE_OPERATOR_TOKEN,
      RTW_DASHBOARD_PASSWORD_COST: TEST_PASSWORD_COST,
      ...serverOptions.env,
    },
  });
  const key = (await newKey(server.admin, 'scale', 'live')).key;
  return {
    sim,
    server,
    database,
    key,
    logs,
    check: (path, json) => call(server.url, 'POST', path, { key, json }),
    async close() {
      await server.close();
      await database.close();
      await sim.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
