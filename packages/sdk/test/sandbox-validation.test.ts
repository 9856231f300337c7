// Errors before the first request, and the INVALID_INPUT that names every invalid field, as the SDK
// reports them against the sandbox (whose validation is core's, as the service's is).
import { setupSandboxServer } from '@sharecode/sandbox/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isInvalidInput, ShareCodeClient, ShareCodeUsageError } from '../src/index.js';
import { API_KEY, BASE } from './sandbox-helpers.js';

const { server, sandbox } = setupSandboxServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sandbox.reset();
  vi.unstubAllEnvs();
});
afterAll(() => server.close());

describe('the SDK and the sandbox: validation', () => {
  it('an INVALID_INPUT names every invalid field, the first field first', async () => {
    const client = new ShareCodeClient({ apiKey: API_KEY, baseUrl: BASE });
    const error = await client
      .createRightToWorkCheck({
        share_code: 'W12',
        date_of_birth: '31/01/1990',
        company_name: '',
        callback_url: 'ftp://hooks.example.com',
      })
      .catch((e: unknown) => e);
    if (!isInvalidInput(error)) return expect.fail(`expected INVALID_INPUT, got ${String(error)}`);
    expect(error.message).toMatch(/^share_code\b/);
    const at = ['share_code', 'date_of_birth', 'company_name', 'callback_url'].map((f) =>
      error.message.indexOf(f),
    );
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('no key anywhere: the constructor throws naming RTW_API_KEY, and nothing is sent', () => {
    vi.stubEnv('RTW_API_KEY', '');
    const sent = vi.fn();
    server.events.on('request:start', sent);
    expect(() => new ShareCodeClient({ baseUrl: BASE })).toThrow(ShareCodeUsageError);
    expect(() => new ShareCodeClient({ baseUrl: BASE })).toThrow(/RTW_API_KEY/);
    expect(sent).not.toHaveBeenCalled();
    server.events.removeAllListeners();
  });
});
