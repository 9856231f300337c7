// A PostgreSQL outage on the dashboard (issue 37): the test stops a database cluster of its own under a
// running server with metrics on. The database gauge goes to 0 and back to 1, the API's answers are
// counted by status class all along (5xx included), and the queue's gauges say unknown (NaN) rather
// than vanish from the scrape.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../src/start-server.js';
import { jsonLogs } from './support/json-logs.js';
import { sampleSum, samplesOf } from './support/metrics-scrape.js';
import { type OwnPostgres, postgresBinDir, startOwnPostgres } from './support/own-postgres.js';

const BIN_DIR = postgresBinDir();

describe.skipIf(BIN_DIR === null)('a database outage, as the metrics show it', () => {
  let pg: OwnPostgres;
  let server: RunningServer;
  let dir: string;
  let key: string;
  const { destination } = jsonLogs();

  beforeAll(async () => {
    pg = await startOwnPostgres(BIN_DIR ?? '');
    dir = mkdtempSync(join(tmpdir(), 'rtw-outage-'));
    server = await startServer({
      host: '127.0.0.1',
      port: 0,
      metricsPort: 0,
      dataDir: dir,
      env: { DATABASE_URL: pg.url, RTW_ENCRYPTION_KEY: randomBytes(32).toString('base64') },
      sweepIntervalMs: 0,
      logLevelOverride: 'warn',
      logDestination: destination,
      heartbeatMs: 200,
    });
    const account = await server.admin.createAccount({ email: 'o@example.com', plan: 'pro' });
    if (!account.ok) throw new Error(account.error);
    const created = await server.admin.createApiKey(account.value.id, 'test');
    if (!created.ok) throw new Error(created.error);
    key = created.value.key;
  }, 60_000);
  afterAll(async () => {
    // The database back first: the server's shutdown records what it has in hand.
    await pg?.start().catch(() => {});
    await server?.close();
    await pg?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const scrape = async () => {
    const response = await fetch(`${server.metricsUrl}/metrics`);
    expect(response.status).toBe(200);
    return response.text();
  };
  const apiCall = async () =>
    (
      await fetch(`${server.url}/api/check/async/chk_none`, {
        headers: { authorization: `Bearer ${key}` },
      })
    ).status;
  const byClass = (text: string) => {
    const count = (c: string) => sampleSum(text, 'rtw_http_responses_total', { surface: 'api', class: c });
    return { '2xx': count('2xx'), '4xx': count('4xx'), '5xx': count('5xx') };
  };

  it('counts the API by status class, and the database gauge follows the database', async () => {
    const before = await scrape();
    expect(sampleSum(before, 'rtw_database_up')).toBe(1);
    const keyInfo = samplesOf(before).filter((s) => s.name === 'rtw_encryption_key_info');
    expect(keyInfo.map((s) => s.labels.key_id)).toEqual([server.database.currentKeyId]);
    expect(server.database.currentKeyId).toMatch(/^[0-9a-f]{8}$/);
    const start = byClass(before);
    expect(await apiCall()).toBe(404);
    expect(byClass(await scrape())).toEqual({ ...start, '4xx': start['4xx'] + 1 });

    await pg.stop('fast');
    const down = await scrape();
    expect(sampleSum(down, 'rtw_database_up')).toBe(0);
    // Still there, with the value unknown.
    const queue = samplesOf(down).filter((s) => s.name === 'rtw_async_checks');
    expect(queue.length).toBe(4);
    expect(queue.every((s) => Number.isNaN(s.value))).toBe(true);
    const oldest = samplesOf(down).filter((s) => s.name === 'rtw_async_check_oldest_due_seconds');
    expect(oldest.length).toBe(2);

    const statuses = [await apiCall(), await apiCall(), await apiCall()];
    for (const status of statuses) expect(status).toBeGreaterThanOrEqual(500);
    const during = byClass(await scrape());
    expect(during['5xx']).toBe(start['5xx'] + 3);

    await pg.start();
    let up = await scrape();
    // The pool opens a new connection at the next query: a scrape or two.
    for (let i = 0; i < 50 && sampleSum(up, 'rtw_database_up') !== 1; i++) {
      await new Promise((r) => setTimeout(r, 100));
      up = await scrape();
    }
    expect(sampleSum(up, 'rtw_database_up')).toBe(1);
    expect(
      samplesOf(up)
        .filter((s) => s.name === 'rtw_async_checks')
        .every((s) => s.value === 0),
    ).toBe(true);
    expect(await apiCall()).toBe(404);
  }, 60_000);
});
