// Two rtw-server instances on one PostgreSQL database, as an operator scales out: A runs the portal
// driver (Chromium and the simulator), B runs with --no-portal-driver. They tell the same portal
// health and status, B leaves every live check to A, and queued live checks never spend an attempt
// on BUSY while synchronous checks fill A's slots. One pair of servers for the whole file.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { CheckRecord } from '@sharecode/core';
import { type PortalSim, startPortalSim } from '@sharecode/portal-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../src/index.js';
import type { Db } from '../src/store/db.js';
import { openPostgresDb } from '../src/store/pg-db.js';
import { CHROMIUM } from './portal-harness.js';
import { call } from './support/api.js';
import { eventually } from './support/async-server.js';
import { jsonLogs } from './support/json-logs.js';
import { createPostgresDatabase, type TestPostgresDatabase } from './support/postgres.js';
import { BIN, ensureServerBuilt } from './support/processes.js';
import { newKey } from './support/test-server.js';

const OPERATOR_TOKEN = 'op_cluster_test_0123456789abcdef012345';
const RTW = { share_code: 'W7K2M9P4Q', date_of_birth: '1990-04-27', company_name: 'Acme Widgets Ltd' };
const run = promisify(execFile);

interface Instance {
  readonly server: RunningServer;
  readonly logs: Record<string, unknown>[];
}

describe.skipIf(CHROMIUM === null)('two instances on one PostgreSQL: one with a browser, one without', () => {
  let pg: TestPostgresDatabase;
  let sim: PortalSim;
  let db: Db;
  let a: Instance;
  let b: Instance;
  let env: Record<string, string>;

  const start = async (driver: boolean): Promise<Instance> => {
    const { logs, destination: logDestination } = jsonLogs();
    const server = await startServer({
      host: '127.0.0.1',
      port: 0,
      databaseUrl: pg.url,
      env,
      sweepIntervalMs: 0,
      logLevelOverride: 'info',
      logDestination,
      heartbeatMs: 1_000,
      // A BUSY attempt would come back fast and show, rather than wait out the real 30 s schedule.
      asyncChecks: { pollIntervalMs: 100, liveRetrySchedule: [0.2, 0.2] },
      portalDriver: driver,
      ...(driver
        ? {
            portalSimUrl: sim.url,
            checkSlots: 2,
            checkTimeout: 60,
            ...(CHROMIUM ? { chromiumPath: CHROMIUM } : {}),
          }
        : {}),
    });
    return { server, logs };
  };

  beforeAll(async () => {
    ensureServerBuilt();
    [pg, sim] = await Promise.all([createPostgresDatabase(), startPortalSim({ port: 0 })]);
    env = { RTW_ENCRYPTION_KEY: randomBytes(32).toString('base64'), RTW_OPERATOR_TOKEN: OPERATOR_TOKEN };
    a = await start(true);
    b = await start(false);
    db = await openPostgresDb(pg.url, 1);
  });
  afterAll(async () => {
    await Promise.all([a?.server.close(), b?.server.close()]);
    await db?.close();
    await sim?.close();
    await pg?.drop();
  });

  /** `rtw-server status` as an operator runs it, beside the running servers. */
  const status = async (...args: string[]) => {
    const { stdout } = await run(process.execPath, [BIN, 'status', '--database-url', pg.url, ...args], {
      env: { ...process.env, RTW_ENCRYPTION_KEY: env.RTW_ENCRYPTION_KEY },
    });
    return stdout;
  };
  const health = async (instance: Instance) =>
    (await fetch(`${instance.server.url}/healthz/portal`, {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    }).then((response) => response.json())) as { portal_driver: boolean; kinds: Record<string, unknown> };

  it('tells the same portal health and status on both instances, and in `rtw-server status`', async () => {
    const { key } = await newKey(a.server.admin, 'scale', 'live');
    expect((await call(a.server.url, 'POST', '/api/check', { key, json: RTW })).status).toBe(200);

    const [onA, onB] = await Promise.all([health(a), health(b)]);
    expect(onA.portal_driver).toBe(true);
    expect(onB.portal_driver).toBe(false);
    expect(onB.kinds).toEqual(onA.kinds);
    expect(onB.kinds.right_to_work).toMatchObject({ healthy: true, last_success_at: expect.any(String) });

    const [statusA, statusB] = await Promise.all([a.server.status(), b.server.status()]);
    expect(statusB.instances).toEqual(statusA.instances);
    expect(statusB.portal).toEqual(statusA.portal);
    const printed = JSON.parse(await status('--json'));
    expect(printed.instances.map((i: { id: string }) => i.id).sort()).toEqual(
      [a.server.instanceId, b.server.instanceId].sort(),
    );
    expect(printed.instances.find((i: { id: string }) => i.id === a.server.instanceId)).toMatchObject({
      portal_driver: true,
      slots: 2,
    });
    expect(printed.instances.find((i: { id: string }) => i.id === b.server.instanceId)).toMatchObject({
      portal_driver: false,
      slots: 0,
    });
    expect(printed.portal).toEqual(onA.kinds);
    expect(printed.warnings).toEqual([]);
    const text = await status();
    expect(text).toMatch(/^Instances \(2\):/);
    expect(text).toContain(`${b.server.instanceId}  `);
    expect(text).toMatch(/Right to work: healthy; last success \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
  });

  it('queued live checks given to the driverless instance all run on the one with a browser, none BUSY under a flood of synchronous checks', async () => {
    const queuing = (await newKey(a.server.admin, 'scale', 'live')).key;
    const flooding = (await newKey(a.server.admin, 'scale', 'live')).key;
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const queued = await call(b.server.url, 'POST', '/api/check/async', { key: queuing, json: RTW });
      expect(queued.status).toBe(202);
      ids.push((queued.body as CheckRecord).id);
    }
    // Synchronous checks on A, three at a time, for as long as the queue holds any of them.
    const pending = async () =>
      (
        await db.query<{ n: string }>(
          `SELECT count(*) AS n FROM async_checks WHERE id = ANY($1) AND status IN ('queued', 'running')`,
          [ids],
        )
      ).rows[0]?.n;
    let flood = 0;
    const floodUntilDone = async () => {
      while (Number(await pending()) > 0 && flood < 60) {
        flood += 1;
        const response = await fetch(`${a.server.url}/api/check`, {
          method: 'POST',
          headers: { authorization: `Bearer ${flooding}`, 'content-type': 'application/json' },
          body: JSON.stringify(RTW),
        });
        await response.arrayBuffer();
      }
    };
    await Promise.all([floodUntilDone(), floodUntilDone(), floodUntilDone()]);
    await eventually(
      async () => (Number(await pending()) === 0 ? true : undefined),
      'the queued checks',
      120_000,
    );

    const { rows } = await db.query<{ status: string; error_code: string | null }>(
      'SELECT status, error_code FROM async_checks WHERE id = ANY($1)',
      [ids],
    );
    expect(rows.map((r) => [r.status, r.error_code])).toEqual(ids.map(() => ['succeeded', null]));
    // The flood did meet full slots (so the queue competed with it), yet no queued check was refused.
    expect(flood).toBeGreaterThan(0);
    const attempts = (instance: Instance) =>
      instance.logs.filter((l) => l.msg === 'async check attempt ended' && ids.includes(String(l.checkId)));
    expect(attempts(b)).toEqual([]);
    expect(attempts(a).filter((l) => l.code === 'BUSY')).toEqual([]);
    expect(
      attempts(a)
        .map((l) => l.checkId)
        .sort(),
    ).toEqual(expect.arrayContaining([...ids].sort()));
    // Said once at start, never per poll.
    expect(b.logs.filter((l) => /no portal driver: this instance serves/.test(String(l.msg)))).toHaveLength(
      1,
    );
  });
});
