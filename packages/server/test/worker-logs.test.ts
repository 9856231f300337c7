// The asynchronous worker's info lines: each attempt's end, the retry, the final state, with ids and
// codes only (never the share code, date of birth or name of the request).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, validBody } from './support/api.js';
import { type AsyncTestServer, startAsyncTestServer } from './support/async-server.js';
import { newKey } from './support/test-server.js';

describe('the asynchronous worker logs attempts, retries and ends at info', () => {
  let server: AsyncTestServer;
  beforeAll(async () => {
    server = await startAsyncTestServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  const linesOf = (checkId: string) =>
    server.logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.checkId === checkId && entry.level === 30);
  const waitFor = async (condition: () => boolean) => {
    for (let i = 0; i < 1000 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(condition()).toBe(true);
  };

  it('a check that succeeds on its second attempt', async () => {
    const { key } = await newKey(server.admin, 'pro', 'test');
    const body: Record<string, unknown> = {
      ...validBody('/api/check/right-to-rent'),
      share_code: 'RRTRY0001',
    };
    const created = await call(server.url, 'POST', '/api/check/right-to-rent/async', { key, json: body });
    expect(created.status).toBe(202);
    const checkId = (created.body as { id: string }).id;
    const requestId = created.headers.get('x-request-id');

    await waitFor(() => linesOf(checkId).some((l) => l.msg === 'async check retry scheduled'));
    server.clock.advance(3_600_000);
    await waitFor(() => linesOf(checkId).some((l) => l.msg === 'async check ended'));

    const lines = linesOf(checkId);
    expect(lines.map((l) => l.msg)).toEqual([
      'async check attempt ended',
      'async check retry scheduled',
      'async check attempt ended',
      'async check ended',
    ]);
    expect(lines[0]).toMatchObject({ requestId, mode: 'test', kind: 'right_to_rent', attempt: 1 });
    expect(typeof lines[0]?.code).toBe('string');
    expect(lines[1]).toMatchObject({ attempt: 1, nextAttempt: 2 });
    expect(lines[2]).toMatchObject({ attempt: 2, code: null });
    expect(lines[3]).toMatchObject({ attempts: 2, status: 'succeeded', code: null });
    const text = JSON.stringify(lines);
    for (const personal of ['RRTRY0001', String(body.date_of_birth), String(body.checker_name)])
      expect(text).not.toContain(personal);
  });
});
