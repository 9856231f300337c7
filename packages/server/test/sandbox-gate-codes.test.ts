// A test key on rtw-server answers the sandbox's gate codes (issue 36) as the sandbox does: core's
// scenarios, so 429 RATE_LIMITED with Retry-After, and the two 402s with upgrade_url, on the wire.
import { SANDBOX_BUSY_RETRY_AFTER_SECONDS, SANDBOX_UPGRADE_URL } from '@sharecode/core/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/api.js';
import { newKey, startTestServer, type TestServer } from './support/test-server.js';

describe('the sandbox gate codes on a test key', () => {
  let service: TestServer;
  let key: string;
  beforeAll(async () => {
    service = await startTestServer('pglite');
    ({ key } = await newKey(service.admin, 'pro', 'test'));
  });
  afterAll(async () => {
    await service?.close();
  });

  const check = (shareCode: string) =>
    call(service.url, 'POST', '/api/check', {
      key,
      json: { share_code: shareCode, date_of_birth: '1990-01-01', company_name: 'Acme Ltd' },
    });

  it('answers WRATE0001 with 429 RATE_LIMITED and Retry-After', async () => {
    const answer = await check('WRATE0001');
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe(String(SANDBOX_BUSY_RETRY_AFTER_SECONDS));
    expect(answer.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  });

  it.each([
    ['WQUOT0001', 'QUOTA_EXCEEDED'],
    ['WPAYR0001', 'PAYMENT_REQUIRED'],
  ])('answers %s with 402 %s and the sandbox upgrade_url', async (shareCode, code) => {
    const answer = await check(shareCode);
    expect(answer.status).toBe(402);
    expect(answer.body).toEqual({
      error: { code, message: expect.any(String), upgrade_url: SANDBOX_UPGRADE_URL },
    });
  });
});
