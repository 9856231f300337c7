import { describe, expect, it } from 'vitest';
import type { CheckKind } from '../check-kind.js';
import { validateCheckRequest } from './check-request.js';

const now = new Date('2026-03-15T10:00:00Z');
const sync = { async: false, now };
const async = { async: true, now };

const VALID: Record<CheckKind, Record<string, unknown>> = {
  right_to_work: { share_code: 'wac pt0 001', date_of_birth: '1990-01-01', company_name: 'Acme Ltd' },
  right_to_rent: {
    share_code: 'RACPT0001',
    date_of_birth: '1990-01-01',
    checker_name: 'Jane Landlord',
    checker_type: 'landlord',
  },
  immigration_status: {
    share_code: 'SACPT0001',
    date_of_birth: '1990-01-01',
    company_name: 'Big Bank plc, Leeds branch',
    job_title: 'Account opening officer',
    purpose: 'personal_finance',
  },
};

function refusal(kind: CheckKind, body: unknown, field: string, opts = sync): string {
  const result = validateCheckRequest(kind, body, opts);
  if (result.ok) throw new Error(`expected a refusal naming ${field}`);
  expect(result.error).toMatchObject({ code: 'INVALID_INPUT', status: 400, field });
  expect(result.error.message).toContain(field === 'body' ? 'request body' : field);
  return result.error.message;
}

describe('validateCheckRequest: every endpoint', () => {
  it.each(['right_to_work', 'right_to_rent', 'immigration_status'] as const)(
    '%s accepts a valid body and normalises only the share code',
    (kind) => {
      const result = validateCheckRequest(kind, VALID[kind], sync);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.value.kind).toBe(kind);
      expect(result.value.async).toBeNull();
      expect(result.value.request).toEqual({
        ...VALID[kind],
        share_code: expect.stringMatching(/^[A-Z0-9]{9}$/),
      });
    },
  );

  it.each(['right_to_work', 'right_to_rent', 'immigration_status'] as const)(
    '%s refuses bodies that are not objects',
    (kind) => {
      for (const body of [null, undefined, [], [VALID[kind]], 'share_code=WACPT0001', 42, true]) {
        expect(refusal(kind, body, 'body')).toContain('must be a JSON object');
      }
    },
  );

  it.each(['right_to_work', 'right_to_rent', 'immigration_status'] as const)(
    '%s refuses unknown fields by name',
    (kind) => {
      expect(refusal(kind, { ...VALID[kind], colour: 'blue' }, 'colour')).toContain(
        'Unknown field "colour": remove it',
      );
      const proto = JSON.parse(`{"__proto__": {"polluted": true}, ${JSON.stringify(VALID[kind]).slice(1)}`);
      expect(refusal(kind, proto, '__proto__')).toContain('Unknown field "__proto__"');
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(refusal(kind, { ...VALID[kind], constructor: 'x' }, 'constructor')).toContain('Unknown field');
    },
  );

  it('cuts long unknown field names in the message', () => {
    const name = 'f'.repeat(10_000);
    const result = validateCheckRequest('right_to_work', { ...VALID.right_to_work, [name]: 1 }, sync);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.field).toBe(name);
    expect(result.error.message).toContain(`Unknown field "${'f'.repeat(40)}...": remove it`);
    expect(result.error.message.length).toBeLessThan(300);
  });

  it.each(['right_to_work', 'right_to_rent', 'immigration_status'] as const)(
    '%s requires share_code and date_of_birth',
    (kind) => {
      const { share_code: _s, ...noCode } = VALID[kind];
      expect(refusal(kind, noCode, 'share_code')).toContain('is required');
      const { date_of_birth: _d, ...noDob } = VALID[kind];
      expect(refusal(kind, noDob, 'date_of_birth')).toContain('is required');
      expect(refusal(kind, { ...VALID[kind], date_of_birth: '2015-01-01' }, 'date_of_birth')).toContain(
        'under 16',
      );
      expect(refusal(kind, { ...VALID[kind], share_code: 12345 }, 'share_code')).toContain(
        'must be a string',
      );
    },
  );

  it.each(['right_to_work', 'right_to_rent', 'immigration_status'] as const)(
    '%s takes check only with its own kind',
    (kind) => {
      const ok = validateCheckRequest(kind, { ...VALID[kind], check: kind }, sync);
      expect(ok.ok && ok.value.request.check).toBe(kind);
      for (const other of [
        'right_to_work',
        'right_to_rent',
        'immigration_status',
        'RIGHT_TO_WORK',
        '',
        null,
        1,
      ]) {
        if (other === kind) continue;
        expect(refusal(kind, { ...VALID[kind], check: other }, 'check')).toContain(`check must be "${kind}"`);
      }
    },
  );

  it.each(['right_to_work', 'right_to_rent', 'immigration_status'] as const)(
    '%s refuses the asynchronous fields on the synchronous endpoint',
    (kind) => {
      expect(
        refusal(kind, { ...VALID[kind], callback_url: 'https://example.com/' }, 'callback_url'),
      ).toContain('only accepted by the asynchronous endpoint');
      expect(refusal(kind, { ...VALID[kind], client_reference: 'r-1' }, 'client_reference')).toContain(
        'asynchronous',
      );
    },
  );
});

describe('validateCheckRequest: right to work', () => {
  it('requires company_name of 1 to 200 characters', () => {
    const { company_name: _c, ...rest } = VALID.right_to_work;
    expect(refusal('right_to_work', rest, 'company_name')).toContain('is required');
    expect(refusal('right_to_work', { ...rest, company_name: '' }, 'company_name')).toContain(
      'must not be empty',
    );
    expect(refusal('right_to_work', { ...rest, company_name: 'x'.repeat(201) }, 'company_name')).toContain(
      '200',
    );
    expect(refusal('right_to_work', { ...rest, company_name: 7 }, 'company_name')).toContain(
      'must be a string',
    );
    expect(validateCheckRequest('right_to_work', { ...rest, company_name: 'x'.repeat(200) }, sync).ok).toBe(
      true,
    );
  });

  it('points right-to-rent and immigration-status fields elsewhere', () => {
    expect(refusal('right_to_work', { ...VALID.right_to_work, checker_name: 'A' }, 'checker_name')).toContain(
      'company_name',
    );
    expect(
      refusal('right_to_work', { ...VALID.right_to_work, checker_type: 'agent' }, 'checker_type'),
    ).toContain('right-to-rent');
    expect(refusal('right_to_work', { ...VALID.right_to_work, purpose: 'travel' }, 'purpose')).toContain(
      'immigration-status',
    );
  });

  it('refuses a right-to-rent code, saying which service it is for', () => {
    expect(
      refusal('right_to_work', { ...VALID.right_to_work, share_code: 'RACPT0001' }, 'share_code'),
    ).toContain('so it is a right-to-rent share code');
  });
});

describe('validateCheckRequest: right to rent', () => {
  it('requires checker_name and checker_type landlord or agent', () => {
    const { checker_name: _n, ...noName } = VALID.right_to_rent;
    expect(refusal('right_to_rent', noName, 'checker_name')).toContain('is required');
    const { checker_type: _t, ...noType } = VALID.right_to_rent;
    expect(refusal('right_to_rent', noType, 'checker_type')).toContain('is required');
    for (const bad of ['tenant', 'Landlord', '', 1, null]) {
      expect(
        refusal('right_to_rent', { ...VALID.right_to_rent, checker_type: bad }, 'checker_type'),
      ).toContain('"landlord" or "agent"');
    }
    expect(
      validateCheckRequest('right_to_rent', { ...VALID.right_to_rent, checker_type: 'agent' }, sync).ok,
    ).toBe(true);
  });

  it('refuses company_name with a pointer to checker_name', () => {
    expect(
      refusal('right_to_rent', { ...VALID.right_to_rent, company_name: 'Acme' }, 'company_name'),
    ).toContain('checker_name');
  });

  it('refuses a right-to-work code', () => {
    expect(
      refusal('right_to_rent', { ...VALID.right_to_rent, share_code: 'WACPT0001' }, 'share_code'),
    ).toContain('right-to-work share code');
  });
});

describe('validateCheckRequest: immigration status', () => {
  const base = VALID.immigration_status;

  it('accepts every purpose; other_purpose only with other', () => {
    for (const purpose of [
      'driving_licence',
      'student_loan',
      'education_or_training',
      'health_insurance_card',
      'personal_finance',
      'homelessness_or_council_housing',
      'travel',
    ]) {
      expect(validateCheckRequest('immigration_status', { ...base, purpose }, sync).ok).toBe(true);
      expect(
        refusal('immigration_status', { ...base, purpose, other_purpose: 'x' }, 'other_purpose'),
      ).toContain('only accepted when purpose is "other"');
    }
    const other = validateCheckRequest(
      'immigration_status',
      { ...base, purpose: 'other', other_purpose: 'Volunteer vetting' },
      sync,
    );
    expect(other.ok && other.value.kind === 'immigration_status' && other.value.request.other_purpose).toBe(
      'Volunteer vetting',
    );
    expect(refusal('immigration_status', { ...base, purpose: 'other' }, 'other_purpose')).toContain(
      'is required',
    );
    expect(
      refusal('immigration_status', { ...base, purpose: 'other', other_purpose: '' }, 'other_purpose'),
    ).toContain('must not be empty');
    expect(
      refusal(
        'immigration_status',
        { ...base, purpose: 'other', other_purpose: 'y'.repeat(201) },
        'other_purpose',
      ),
    ).toContain('200');
  });

  it('refuses a missing or unknown purpose, listing the values', () => {
    const { purpose: _p, ...noPurpose } = base;
    expect(refusal('immigration_status', noPurpose, 'purpose')).toContain('is required');
    expect(refusal('immigration_status', { ...base, purpose: 'Travel' }, 'purpose')).toContain(
      'driving_licence, student_loan',
    );
  });

  it('requires company_name and job_title', () => {
    const { company_name: _c, ...noCompany } = base;
    expect(refusal('immigration_status', noCompany, 'company_name')).toContain('branch');
    const { job_title: _j, ...noJob } = base;
    expect(refusal('immigration_status', noJob, 'job_title')).toContain('is required');
    expect(refusal('immigration_status', { ...base, job_title: 'j'.repeat(201) }, 'job_title')).toContain(
      '200',
    );
  });

  it('refuses checker_type with its own message', () => {
    expect(refusal('immigration_status', { ...base, checker_type: 'landlord' }, 'checker_type')).toBe(
      'checker_type is not accepted by the immigration-status check (checker_type belongs to the right-to-rent check): remove it.',
    );
  });

  it('refuses right-to-work and right-to-rent codes', () => {
    expect(refusal('immigration_status', { ...base, share_code: 'WACPT0001' }, 'share_code')).toContain(
      'right-to-work share code',
    );
    expect(refusal('immigration_status', { ...base, share_code: 'R ACPT 0001' }, 'share_code')).toContain(
      'right-to-rent share code',
    );
  });
});

describe('validateCheckRequest: asynchronous fields', () => {
  it('keeps client_reference and callback_url, null when not sent', () => {
    const bare = validateCheckRequest('right_to_work', VALID.right_to_work, async);
    expect(bare.ok && bare.value.async).toEqual({ client_reference: null, callback_url: null });
    const full = validateCheckRequest(
      'right_to_rent',
      {
        ...VALID.right_to_rent,
        client_reference: 'tenancy-42',
        callback_url: 'https://hooks.example.com/rtr',
      },
      async,
    );
    expect(full.ok && full.value.async).toEqual({
      client_reference: 'tenancy-42',
      callback_url: 'https://hooks.example.com/rtr',
    });
  });

  it('applies the limits and the callback-URL rules', () => {
    const body = VALID.immigration_status;
    expect(
      refusal(
        'immigration_status',
        { ...body, client_reference: 'r'.repeat(201) },
        'client_reference',
        async,
      ),
    ).toContain('200');
    expect(
      refusal('immigration_status', { ...body, client_reference: 5 }, 'client_reference', async),
    ).toContain('must be a string');
    expect(
      refusal('immigration_status', { ...body, client_reference: null }, 'client_reference', async),
    ).toContain('must be a string');
    expect(
      refusal(
        'immigration_status',
        { ...body, callback_url: 'http://hooks.example.com/' },
        'callback_url',
        async,
      ),
    ).toContain('https');
    expect(
      refusal('immigration_status', { ...body, callback_url: 'https://2130706433/' }, 'callback_url', async),
    ).toContain('private');
    expect(refusal('immigration_status', { ...body, callback_url: null }, 'callback_url', async)).toContain(
      'must be a string',
    );
    expect(validateCheckRequest('immigration_status', { ...body, client_reference: '' }, async).ok).toBe(
      true,
    );
  });
});

describe('validateCheckRequest: hostile input', () => {
  it('survives throwing getters and proxies', () => {
    const getter = Object.defineProperty({ ...VALID.right_to_work }, 'company_name', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    expect(refusal('right_to_work', getter, 'body')).toContain('could not be read');
    const proxy = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('boom');
        },
      },
    );
    expect(refusal('right_to_work', proxy, 'body')).toContain('could not be read');
  });

  it('refuses huge strings in every field', () => {
    const huge = 'A'.repeat(20_000_000);
    for (const field of ['share_code', 'date_of_birth', 'company_name'] as const) {
      refusal('right_to_work', { ...VALID.right_to_work, [field]: huge }, field);
    }
  });
});

describe('validateCheckRequest with a caller-given callback-URL rule', () => {
  const body = {
    share_code: 'WACPT0001',
    date_of_birth: '1990-01-01',
    company_name: 'Acme Ltd',
    callback_url: 'https://127.0.0.1:8443/hook',
  };
  const now = new Date('2026-11-21T12:00:00Z');

  it('uses core rule by default, and the given rule when there is one', () => {
    const strict = validateCheckRequest('right_to_work', body, { async: true, now });
    expect(strict.ok).toBe(false);
    const relaxed = validateCheckRequest('right_to_work', body, {
      async: true,
      now,
      validateCallbackUrl: (raw) => ({ ok: true, value: String(raw) }),
    });
    expect(relaxed.ok && relaxed.value.async?.callback_url).toBe('https://127.0.0.1:8443/hook');
  });
});

describe('validateCheckRequest: every invalid field in one answer', () => {
  it('names each invalid field, the first one first, in the order the fields are checked', () => {
    const result = validateCheckRequest(
      'immigration_status',
      { share_code: 'W12', date_of_birth: '31/01/1990', colour: 'red', purpose: 'fun' },
      async,
    );
    if (result.ok) throw new Error('expected a refusal');
    const { message, field, fields } = result.error;
    expect(field).toBe('colour');
    expect(fields).toEqual(['colour', 'share_code', 'date_of_birth', 'company_name', 'job_title', 'purpose']);
    expect(message).toMatch(/^Unknown field "colour": remove it\./);
    let at = 0;
    for (const name of fields ?? []) {
      const next = message.indexOf(name, at);
      expect(next, `${name} after position ${at} in: ${message}`).toBeGreaterThanOrEqual(at);
      at = next;
    }
    expect(message.match(/ Also: /g)).toHaveLength(5);
  });

  it('keeps a single refusal exactly as before (no "Also")', () => {
    const result = validateCheckRequest('right_to_work', { ...VALID.right_to_work, company_name: '' }, sync);
    if (result.ok) throw new Error('expected a refusal');
    expect(result.error.field).toBe('company_name');
    expect(result.error.fields).toBeUndefined();
    expect(result.error.message).not.toContain('Also:');
  });

  it('includes the asynchronous fields and the callback URL rule', () => {
    const result = validateCheckRequest(
      'right_to_work',
      { ...VALID.right_to_work, company_name: 7, callback_url: 'ftp://x', client_reference: 5 },
      async,
    );
    if (result.ok) throw new Error('expected a refusal');
    expect(result.error.fields).toEqual(['company_name', 'client_reference', 'callback_url']);
  });
});
