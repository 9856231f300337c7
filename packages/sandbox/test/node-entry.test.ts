// The '@sharecode/sandbox/node' helper, used as an integrator would: the server before the client.
import { ShareCodeClient } from '@sharecode/sdk';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setupSandboxServer } from '../src/node.js';

const { server, sandbox } = setupSandboxServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

it('intercepts a default SDK client and answers as a test key', async () => {
  const client = new ShareCodeClient({ apiKey: 'rtw_test_aaaaaaaaaaaaaaaaaaaaaaaa0000000000000000' });
  expect(client.baseUrl).toBe(sandbox.baseUrl);
  const result = await client.checkRightToWork({
    share_code: 'WNOEX0001',
    date_of_birth: '1990-01-01',
    company_name: 'Acme Staffing Ltd',
  });
  expect(result).toMatchObject({ outcome: 'ACCEPTED', expiry_date: null, title: 'Right to work' });
  expect(server.listHandlers().length).toBe(sandbox.handlers.length);
});
