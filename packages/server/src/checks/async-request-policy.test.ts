import { SANDBOX_DATE_OF_BIRTH } from '@sharecode/core/sandbox';
import { validateCheckRequest } from '@sharecode/core/validation';
import { describe, expect, it } from 'vitest';
import { createCallbackUrlPolicy } from './callback-url-policy.js';

const now = new Date('2026-03-10T12:00:00Z');
const body = (extra: Record<string, unknown>) => ({
  share_code: 'wacpt 0001',
  date_of_birth: SANDBOX_DATE_OF_BIRTH,
  company_name: 'Acme Ltd',
  ...extra,
});

describe("core's validateCheckRequest with the service's callback-URL policy", () => {
  it('is core validation when no host is listed', () => {
    const refused = validateCheckRequest('right_to_work', body({ callback_url: 'https://localhost/x' }), {
      async: true,
      now,
      validateCallbackUrl: createCallbackUrlPolicy().validate,
    });
    expect(refused.ok).toBe(false);
  });

  it('accepts a listed host and keeps the rest of the validated request', () => {
    const policy = createCallbackUrlPolicy(['localhost']);
    const accepted = validateCheckRequest(
      'right_to_work',
      body({ callback_url: 'https://localhost:8443/x', client_reference: 'ref-1' }),
      { async: true, now, validateCallbackUrl: policy.validate },
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
      validateCheckRequest('right_to_work', body({ callback_url: 'http://localhost/x' }), {
        async: true,
        now,
        validateCallbackUrl: policy.validate,
      }).ok,
    ).toBe(false);
    expect(
      validateCheckRequest('right_to_work', body({ callback_url: 'https://localhost/x', company_name: '' }), {
        async: true,
        now,
        validateCallbackUrl: policy.validate,
      }).ok,
    ).toBe(false);
  });
});
