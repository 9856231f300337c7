// A real share code sent with a test key (issue 36, the integrator's walk): the service's test mode
// answers what the sandbox answers, a 404 NOT_FOUND that says it is a test key and where the test
// codes are, not "ask the applicant to check the code".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKey, startTestServer, type TestServer } from './support/test-server.js';

describe('a test key sent a code that is no sandbox code', () => {
  let service: TestServer;
  let key: string;

  beforeAll(async () => {
    service = await startTestServer('pglite');
    ({ key } = await newKey(service.admin, 'pro', 'test'));
  });
  afterAll(async () => {
    await service?.close();
  });

  it('answers 404 NOT_FOUND saying this is a test key, with the sandbox codes to use', async () => {
    const response = await fetch(`${service.url}/api/check`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        share_code: 'W9Z8Y7X6V',
        date_of_birth: '1990-01-01',
        company_name: 'Acme Ltd',
      }),
    });
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('NOT_FOUND');
    expect(body.error.message).toMatch(/This is a test key/);
    expect(body.error.message).toMatch(/such as WACPT0001/);
    expect(body.error.message).toMatch(/`rtw sandbox codes`.*sandbox README/);
    expect(body.error.message).not.toMatch(/W9Z8Y7X6V|Ask the applicant/);
  });
});
