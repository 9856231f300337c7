// GET /livez and GET /readyz as an orchestrator asks them, and the drain that follows the first
// shutdown signal: readiness turns 503 first, then a live check whose client has gone finishes and is
// recorded before the database closes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CheckResult, Outcome } from '@sharecode/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../src/accounts/admin.js';
import { askAdminSocket } from '../src/admin/admin-socket-client.js';
import type { LiveCheckRunner } from '../src/checks/live-check-runner.js';
import { openDatabase, startServer } from '../src/index.js';
import { SERVER_VERSION } from '../src/version.js';
import { validBody } from './support/api.js';
import { seedPgliteDataDir } from './support/pglite-template.js';
import { createPostgresDatabase, type TestPostgresDatabase } from './support/postgres.js';
import { newKey, startTestServer, type TestServer } from './support/test-server.js';

const getJson = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('GET /livez and GET /readyz', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answer 200 when the process runs and the database is migrated', async () => {
    expect(await getJson(`${server.url}/livez`)).toEqual({ status: 200, body: { status: 'alive' } });
    expect(await getJson(`${server.url}/readyz`)).toEqual({ status: 200, body: { status: 'ready' } });
    const head = await fetch(`${server.url}/readyz`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const post = await fetch(`${server.url}/livez`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(post.status).toBe(400); // core's route error, as for /healthz
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('says the migrations are not applied when the schema is behind, while /livez stays 200', async () => {
    const { rows } = await server.database.db.query<{ version: number; name: string; applied_at: Date }>(
      'SELECT version, name, applied_at FROM schema_migrations ORDER BY version DESC LIMIT 1',
    );
    const newest = rows[0];
    if (!newest) throw new Error('no migration');
    await server.database.db.query('DELETE FROM schema_migrations WHERE version = $1', [newest.version]);
    try {
      const ready = await getJson(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.body.status).toBe('not_ready');
      expect(String(ready.body.reasons)).toContain('migrations not applied');
      expect((await getJson(`${server.url}/livez`)).status).toBe(200);
    } finally {
      await server.database.db.query(
        'INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)',
        [newest.version, newest.name, newest.applied_at],
      );
    }
    expect((await getJson(`${server.url}/readyz`)).status).toBe(200);
  });
});

describe('GET /readyz with the database down (PostgreSQL)', () => {
  let pg: TestPostgresDatabase;
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    pg = await createPostgresDatabase();
    server = await startServer({
      host: '127.0.0.1',
      port: 0,
      env: { DATABASE_URL: pg.url, RTW_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') },
      sweepIntervalMs: 0,
      logLevelOverride: 'silent',
    });
  });
  afterAll(async () => {
    await server?.close().catch(() => {});
    await pg?.drop();
  });

  it('answers 503 with the reason, and /livez still 200: a database blip restarts nothing', async () => {
    expect((await getJson(`${server.url}/readyz`)).status).toBe(200);
    await pg.drop(); // WITH (FORCE): the server's connections are cut and the database is gone.
    const ready = await getJson(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'not_ready' });
    expect((ready.body.reasons as string[]).join(' ')).toMatch(/the database does not answer/);
    expect(await getJson(`${server.url}/livez`)).toEqual({ status: 200, body: { status: 'alive' } });
  });
});

/** A live runner whose checks wait until the test lets them answer. */
function gatedRunner() {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const state = { started: 0, finished: 0 };
  const runner: LiveCheckRunner = {
    async run(_request, context): Promise<Outcome<CheckResult>> {
      state.started += 1;
      await gate;
      state.finished += 1;
      const { runSandboxCheck } = await import('@sharecode/core/sandbox');
      return runSandboxCheck(_request, { attempt: context.attempt, now: context.now });
    },
  };
  return { runner, state, open: () => open() };
}

const waitFor = async (condition: () => boolean, what: string) => {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
};

describe('shutdown drains: /readyz turns 503 first, checks whose clients have gone finish', () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rtw-drain-'));
    await seedPgliteDataDir(join(dir, 'data'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('records each live check in flight although its client disconnected', async () => {
    const dataDir = join(dir, 'data');
    const gated = gatedRunner();
    const logs: string[] = [];
    const server = await startServer({
      host: '127.0.0.1',
      port: 0,
      dataDir,
      env: {},
      liveRunner: gated.runner,
      sweepIntervalMs: 0,
      logDestination: { write: (line: string) => void logs.push(line) },
      shutdownDelayMs: 400,
    });
    const { key, accountId } = await newKey(server.admin, 'pro', 'live');
    // The embedded server answers admin commands on its socket (the bin's commands: admin-process.test.ts).
    const listed = await askAdminSocket(join(dataDir, 'admin.sock'), {
      version: SERVER_VERSION,
      command: 'accounts.list',
      params: {},
    });
    expect(listed.kind === 'answer' && listed.answer.ok && listed.answer.value).toEqual([
      expect.objectContaining({ id: accountId, plan: 'pro' }),
    ]);
    const clients = [1, 2, 3, 4].map(() => new AbortController());
    const requests = clients.map((client) =>
      fetch(`${server.url}/api/check/right-to-rent`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(validBody('/api/check/right-to-rent')),
        signal: client.signal,
      }).catch((error: unknown) => error),
    );
    await waitFor(() => gated.state.started === 4, 'four checks to reach the portal');
    for (const client of clients) client.abort();
    await Promise.all(requests);
    await waitFor(
      () => logs.filter((l) => l.includes('client disconnected before the answer')).length === 4,
      'four disconnected-client lines',
    );

    const closing = server.close();
    const ready = await getJson(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.body.reasons).toContain('shutting down: in-flight work is finishing');
    expect((await getJson(`${server.url}/livez`)).status).toBe(200);

    gated.open();
    await closing;
    expect(gated.state.finished).toBe(4);
    expect(logs.join('\n')).not.toContain('check run threw');
    const line = JSON.parse(logs.find((l) => l.includes('client disconnected')) ?? '{}');
    expect(line).toMatchObject({ level: 30, req: { method: 'POST', path: '/api/check/right-to-rent' } });
    expect(line.reqId).toMatch(/^req_/);

    const reopened = await openDatabase({ dataDir, databaseUrl: null, encryptionKey: null });
    if (!reopened.ok) throw new Error(reopened.error);
    try {
      const admin = createAdmin({
        accounts: reopened.value.accounts,
        usage: reopened.value.usage,
        now: () => new Date(),
      });
      const usage = await admin.usage(accountId);
      expect(usage.ok && usage.value.used).toBe(4);
      expect(usage.ok && usage.value.inProgress).toBe(0);
      const copies = await reopened.value.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM check_copies WHERE account_id = $1 AND http_status = 200',
        [accountId],
      );
      expect(copies.rows[0]?.n).toBe(4);
    } finally {
      await reopened.value.close();
    }
  });
});
