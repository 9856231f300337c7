import { describe, expect, it } from 'vitest';
import { canonicalJson, requestFingerprint } from './fingerprint.js';
import { validateCheckRequest } from './validation/check-request.js';

const now = new Date('2026-03-15T10:00:00Z');

function fingerprint(body: Record<string, unknown>, async = true, kind = 'right_to_work' as const): string {
  const result = validateCheckRequest(kind, body, { async, now });
  if (!result.ok) throw new Error(result.error.message);
  return requestFingerprint(result.value);
}

const body = { share_code: 'WACPT0001', date_of_birth: '1990-01-01', company_name: 'Acme Ltd' };

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 1 }], c: null }, u: undefined })).toBe(
      '{"a":{"c":null,"d":[1,{"e":1,"f":2}]},"b":1}',
    );
  });
});

describe('requestFingerprint', () => {
  it('is a SHA-256 hex string', () => {
    expect(fingerprint(body)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is the same for the same request however it was spelled', () => {
    const base = fingerprint(body);
    expect(
      fingerprint({ company_name: 'Acme Ltd', date_of_birth: '1990-01-01', share_code: 'wac pt0 001' }),
    ).toBe(base);
    expect(fingerprint({ ...body, check: 'right_to_work' })).toBe(base);
  });

  it('changes with any field', () => {
    const base = fingerprint(body);
    expect(fingerprint({ ...body, company_name: 'Acme Ltd.' })).not.toBe(base);
    expect(fingerprint({ ...body, date_of_birth: '1990-01-02' })).not.toBe(base);
    expect(fingerprint({ ...body, share_code: 'WACPT0002' })).not.toBe(base);
    expect(fingerprint({ ...body, client_reference: 'a' })).not.toBe(base);
    expect(fingerprint({ ...body, callback_url: 'https://example.com/a' })).not.toBe(base);
    expect(fingerprint({ ...body, client_reference: '' })).not.toBe(base);
  });

  it('tells the kinds apart', () => {
    const rtr = validateCheckRequest(
      'right_to_rent',
      {
        share_code: 'RACPT0001',
        date_of_birth: '1990-01-01',
        checker_name: 'Acme Ltd',
        checker_type: 'agent',
      },
      { async: true, now },
    );
    expect(rtr.ok && requestFingerprint(rtr.value)).not.toBe(fingerprint(body));
  });
});
