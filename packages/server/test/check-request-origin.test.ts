import type { CheckRequest } from '@sharecode/core/check-requests';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from './support/api.js';
import { newKey, startTestServer, type TestServer } from './support/test-server.js';

// Where the applicant's link points: RTW_PUBLIC_URL when set, else the request's origin as Fastify
// sees it (forwarded headers only from a trusted proxy).
const BODY = { kind: 'right_to_work', company_name: 'Acme Ltd' };

describe('the origin of the applicant link', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  const linkOf = async (headers: Record<string, string> = {}) => {
    if (!server) throw new Error('no server');
    const { key } = await newKey(server.admin, 'free', 'test');
    const created = await call(server.url, 'POST', '/api/check-requests', { key, json: BODY, headers });
    expect(created.status).toBe(201);
    return (created.body as CheckRequest).url ?? '';
  };

  it('is RTW_PUBLIC_URL when set, whatever the request says', async () => {
    server = await startTestServer('pglite', { env: { RTW_PUBLIC_URL: 'https://checks.example.com/' } });
    expect(await linkOf({ 'x-forwarded-host': 'evil.example' })).toMatch(
      /^https:\/\/checks\.example\.com\/r\/[A-Za-z0-9]{32}$/,
    );
  });

  it("is the request's own origin otherwise, forwarded headers only from a trusted proxy", async () => {
    server = await startTestServer('pglite');
    const untrusted = await linkOf({ 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    expect(untrusted.startsWith(`${server.url}/r/`)).toBe(true);
    await server.close();
    server = await startTestServer('pglite', { env: { RTW_TRUST_PROXY: '127.0.0.1' } });
    const trusted = await linkOf({
      'x-forwarded-host': 'checks.proxy.example',
      'x-forwarded-proto': 'https',
    });
    expect(trusted).toMatch(/^https:\/\/checks\.proxy\.example\/r\/[A-Za-z0-9]{32}$/);
  });
});
