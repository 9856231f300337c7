// `rtw-server status` on the embedded database while a server holds its folder: the command asks the
// server through its admin socket. A driverless server leaves a queued live check waiting, says so
// once in its log, and `status` says so too; after a clean shutdown the instance is gone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusText } from '../src/commands/status-command.js';
import { runAdminCommand } from '../src/commands/with-admin.js';
import type { ClusterStatusWire } from '../src/health/cluster-status-wire.js';
import { type RunningServer, startServer } from '../src/index.js';
import { call } from './support/api.js';
import { eventually } from './support/async-server.js';
import { jsonLogs } from './support/json-logs.js';
import { seedPgliteDataDir } from './support/pglite-template.js';
import { newKey } from './support/test-server.js';

describe('rtw-server status on the embedded database', () => {
  let dir: string;
  let dataDir: string;
  let server: RunningServer;
  const { logs, destination } = jsonLogs();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rtw-status-'));
    dataDir = join(dir, 'data');
    await seedPgliteDataDir(dataDir);
    server = await startServer({
      host: '127.0.0.1',
      port: 0,
      dataDir,
      env: {},
      sweepIntervalMs: 0,
      logLevelOverride: 'info',
      logDestination: destination,
      heartbeatMs: 100,
      asyncChecks: { pollIntervalMs: 20 },
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const status = async () => {
    const answer = await runAdminCommand({ dataDir }, 'cluster.status', {});
    if (!answer.ok) throw new Error(answer.error.join('\n'));
    return answer.value as ClusterStatusWire;
  };

  it('answers through the running server, and a queued live check waits (warned once) while no instance has a driver', async () => {
    const first = await status();
    expect(first.instances).toEqual([
      expect.objectContaining({ id: server.instanceId, portal_driver: false, slots: 0 }),
    ]);
    expect(first.warnings).toEqual([
      'No running instance has a portal driver: live checks will wait in the queue until one starts.',
    ]);

    const { key } = await newKey(server.admin, 'scale', 'live');
    const queued = await call(server.url, 'POST', '/api/check/async', {
      key,
      json: { share_code: 'W7K2M9P4Q', date_of_birth: '1990-04-27', company_name: 'Acme Widgets Ltd' },
    });
    expect(queued.status).toBe(202);
    const waiting = (l: Record<string, unknown>) =>
      /live checks are waiting in the queue/.test(String(l.msg));
    await eventually(async () => (logs.some(waiting) ? true : undefined), 'the warning');
    // Several heartbeats later: still queued, never claimed, warned about once.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(logs.filter(waiting)).toHaveLength(1);

    const now = await status();
    expect(now.queue.by_state).toEqual([{ mode: 'live', status: 'queued', count: 1 }]);
    expect(now.queue.oldest_due).toMatchObject({ mode: 'live', kind: 'right_to_work' });
    expect(now.queue.live_due).toBe(1);
    expect(now.warnings).toEqual([
      '1 live check is waiting in the queue: no running instance has a portal driver. Start one without --no-portal-driver.',
    ]);
    const text = statusText(now);
    expect(text).toContain('live: 1 queued, 0 running');
    expect(text).toMatch(/oldest due: \S+ \(live right_to_work\), waiting \d+ s since/);
    expect(text).toContain('Warning: 1 live check is waiting in the queue');
    expect(text).toContain(`${server.instanceId}  `);
    expect(JSON.stringify(now)).not.toMatch(/W7K2M9P4Q|1990-04-27|Acme/);
  });

  it('after a clean shutdown opens the folder itself and finds no instance', async () => {
    await server.close();
    const after = await status();
    expect(after.instances).toEqual([]);
    expect(after.queue.live_due).toBe(1);
    expect(after.warnings).toEqual([
      'No rtw-server instance is running on this database: nothing claims queued checks.',
    ]);
  });
});
