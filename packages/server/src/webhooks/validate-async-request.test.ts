import { SANDBOX_DATE_OF_BIRTH } from '@sharecode/core';
import { describe, expect, it } from 'vitest';
import { createCallbackUrlPolicy } from './callback-url-policy.js';
import { validateAsyncRequest } from './validate-async-request.js';

const now = new Date('2026-03-10T12:00:00Z');
const body = (extra: Record<string, unknown>) => ({
  share_code: 'wacpt 0001',
  date_of_birth: SANDBOX_DATE_OF_BIRTH,
  company_name: 'Acme Ltd',
  ...extra,
});

describe('validateAsyncRequest', () => {
  it('is core validation when no host is listed', () => {
    const refused = validateAsyncRequest(
      'right_to_work',
      body({ callback_url: 'https://localhost/x' }),
      now,
      createCallbackUrlPolicy(),
    );
    expect(refused.ok).toBe(false);
  });

  it('accepts a listed host and keeps the rest of the validated request', () => {
    const policy = createCallbackUrlPolicy(['localhost']);
    const accepted = validateAsyncRequest(
      'right_to_work',
      body({ callback_url: 'https://localhost:8443/x', client_reference: 'ref-1' }),
      now,
      policy,
    );
    expect(accepted).toMatchObject({
      ok: true,
      value: {
        kind: 'right_to_work',
        request: { share_code: 'WACPT0001' },
        async: { client_reference: 'ref-1', callback_url: 'https://localhost:8443/x' },
      },
    });
    expect(
      validateAsyncRequest('right_to_work', body({ callback_url: 'http://localhost/x' }), now, policy).ok,
    ).toBe(false);
    expect(
      validateAsyncRequest(
        'right_to_work',
        body({ callback_url: 'https://localhost/x', company_name: '' }),
        now,
        policy,
      ).ok,
    ).toBe(false);
  });
});
