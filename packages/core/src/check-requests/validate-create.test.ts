import { describe, expect, it } from 'vitest';
import { fail, ok } from '../outcome.js';
import { checkRequestFields, validateApplicantEmail, validateCheckRequestCreate } from './validate-create.js';

const RTW = { kind: 'right_to_work', company_name: 'Acme Ltd' };
const RTR = { kind: 'right_to_rent', checker_name: 'Pat Landlord', checker_type: 'agent' };
const IS = {
  kind: 'immigration_status',
  company_name: 'Big Bank plc',
  job_title: 'Loans officer',
  purpose: 'travel',
};

function refusal(body: unknown) {
  const result = validateCheckRequestCreate(body);
  if (result.ok) throw new Error('expected a refusal');
  expect(result.error.code).toBe('INVALID_INPUT');
  expect(result.error.status).toBe(400);
  return result.error;
}

describe('checkRequestFields', () => {
  it('lists the kind, its checker fields and the request fields, never the applicant fields', () => {
    expect(checkRequestFields('right_to_work')).toEqual([
      'kind',
      'company_name',
      'client_reference',
      'callback_url',
      'expires_in_days',
      'applicant_email',
    ]);
    expect(checkRequestFields('right_to_rent')).toContain('checker_type');
    expect(checkRequestFields('immigration_status')).toEqual(
      expect.arrayContaining(['job_title', 'purpose', 'other_purpose']),
    );
    for (const kind of ['right_to_work', 'right_to_rent', 'immigration_status'] as const) {
      expect(checkRequestFields(kind)).not.toContain('share_code');
      expect(checkRequestFields(kind)).not.toContain('date_of_birth');
      expect(checkRequestFields(kind)).not.toContain('check');
    }
  });
});

describe('validateCheckRequestCreate', () => {
  it('accepts each kind with its defaults', () => {
    expect(validateCheckRequestCreate(RTW)).toEqual(
      ok({
        kind: 'right_to_work',
        checker: { company_name: 'Acme Ltd' },
        client_reference: null,
        callback_url: null,
        expires_in_days: 14,
        applicant_email: null,
      }),
    );
    const rtr = validateCheckRequestCreate(RTR);
    expect(rtr.ok && rtr.value.checker).toEqual({ checker_name: 'Pat Landlord', checker_type: 'agent' });
    const is = validateCheckRequestCreate({ ...IS, purpose: 'other', other_purpose: 'Vetting a volunteer' });
    expect(is.ok && is.value.checker).toEqual({
      company_name: 'Big Bank plc',
      job_title: 'Loans officer',
      purpose: 'other',
      other_purpose: 'Vetting a volunteer',
    });
  });

  it('keeps the request fields as sent', () => {
    const result = validateCheckRequestCreate({
      ...RTW,
      client_reference: 'cand-42',
      callback_url: 'https://hr.example.com/hooks',
      expires_in_days: 90,
      applicant_email: '  sam@example.co.uk ',
    });
    expect(result).toEqual(
      ok({
        kind: 'right_to_work',
        checker: { company_name: 'Acme Ltd' },
        client_reference: 'cand-42',
        callback_url: 'https://hr.example.com/hooks',
        expires_in_days: 90,
        applicant_email: 'sam@example.co.uk',
      }),
    );
  });

  it.each([null, [], 'text', 3])('refuses a body that is not an object (%j)', (body) => {
    expect(refusal(body)).toMatchObject({ field: 'body' });
  });

  it('refuses a missing or unknown kind, naming the accepted ones', () => {
    expect(refusal({ company_name: 'Acme Ltd' }).message).toBe(
      'kind is required: send one of right_to_work, right_to_rent, immigration_status.',
    );
    expect(refusal({ ...RTW, kind: 'right-to-work' }).message).toContain(
      'kind is not one of the accepted values',
    );
  });

  it('refuses the applicant fields: the applicant types them on the page', () => {
    const error = refusal({ ...RTW, share_code: 'W123ABC45' });
    expect(error.field).toBe('share_code');
    expect(error.message).toContain("entered by the applicant on the request's page");
    expect(error.message).toContain('POST /api/check/async');
    expect(error.message).not.toContain('W123ABC45');
  });

  it('refuses fields of another kind with advice, and unknown fields with the accepted list', () => {
    expect(refusal({ ...RTW, checker_type: 'landlord' }).message).toBe(
      'checker_type is not accepted by a right-to-work check request (checker_type belongs to the right-to-rent check): remove it.',
    );
    expect(refusal({ ...IS, colour: 'blue' }).message).toBe(
      'Unknown field "colour": remove it. An immigration-status check request accepts kind, company_name, job_title, purpose, other_purpose, client_reference, callback_url, expires_in_days, applicant_email.',
    );
    expect(refusal({ ...RTW, check: 'right_to_work' }).field).toBe('check');
  });

  it('judges the checker fields as the check does', () => {
    expect(refusal({ kind: 'right_to_work' }).field).toBe('company_name');
    expect(refusal({ ...RTR, checker_type: 'owner' }).field).toBe('checker_type');
    expect(refusal({ ...IS, other_purpose: 'x' }).field).toBe('other_purpose');
    expect(refusal({ ...IS, purpose: 'other' }).field).toBe('other_purpose');
  });

  it.each([0, 91, 1.5, '14', null])('refuses expires_in_days %j', (days) => {
    expect(refusal({ ...RTW, expires_in_days: days }).message).toBe(
      'expires_in_days must be a whole number of days from 1 to 90: send a number in that range, or leave it out for 14.',
    );
  });

  it('accepts expires_in_days from 1 to 90', () => {
    for (const days of [1, 45, 90]) {
      const result = validateCheckRequestCreate({ ...RTW, expires_in_days: days });
      expect(result.ok && result.value.expires_in_days).toBe(days);
    }
  });

  it('refuses a callback URL that is not https, by the check rules or the rule given', () => {
    expect(refusal({ ...RTW, callback_url: 'http://hr.example.com/hooks' }).field).toBe('callback_url');
    const allowed = validateCheckRequestCreate(
      { ...RTW, callback_url: 'http://127.0.0.1:9000/' },
      { validateCallbackUrl: (raw) => ok(String(raw)) },
    );
    expect(allowed.ok && allowed.value.callback_url).toBe('http://127.0.0.1:9000/');
  });

  it('names every problem at once, the first first', () => {
    const error = refusal({ kind: 'right_to_rent', expires_in_days: 0, applicant_email: 'sam' });
    expect(error.field).toBe('checker_name');
    expect(error.fields).toEqual(['checker_name', 'checker_type', 'expires_in_days', 'applicant_email']);
  });

  it('answers a body whose fields throw when read with a refusal, not a throw', () => {
    const body = {};
    Object.defineProperty(body, 'kind', {
      enumerable: true,
      get: () => {
        throw new Error('boom');
      },
    });
    expect(refusal(body)).toMatchObject({ field: 'body' });
  });
});

describe('validateApplicantEmail', () => {
  it('accepts one address, trimmed, and no address', () => {
    expect(validateApplicantEmail(undefined)).toEqual(ok(null));
    expect(validateApplicantEmail('sam@example.com')).toEqual(ok('sam@example.com'));
    expect(validateApplicantEmail(' sam.o+hr@mail.example.co.uk ')).toEqual(
      ok('sam.o+hr@mail.example.co.uk'),
    );
  });

  it.each([
    'sam',
    'sam@example',
    'sam@@example.com',
    'sam smith@example.com',
    'sam@example..com',
    'a@b.com, c@d.com',
    'sam@example.com\r\nBcc: x@y.com',
    `${'a'.repeat(250)}@example.com`,
    null,
    42,
  ])('refuses %j, saying what to send', (raw) => {
    const result = validateApplicantEmail(raw);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.field).toBe('applicant_email');
    expect(result.error.message).toContain('applicant_email must be one e-mail address');
    expect(result).toEqual(fail(result.error));
  });
});
