import { describe, expect, it } from 'vitest';
import { checkRequestProblems, validateCheckRequest } from './check-request.js';
import { tidyChoice, tidyShareCode, tidyTypedDate, tidyTypedRequest } from './typed-input.js';

const now = new Date('2026-06-01T12:00:00Z');

describe('typed input', () => {
  it('reads share codes with spaces, dashes and lower case', () => {
    expect(tidyShareCode('wac-pt0-001')).toBe('WACPT0001');
    expect(tidyShareCode(' WAC PT0 001 ')).toBe('WACPT0001');
    expect(tidyShareCode('W\u2013AC PT0001')).toBe('WACPT0001');
  });

  it('reads UK dates day first, and ISO dates, with spaces around', () => {
    expect(tidyTypedDate('01/02/1990')).toBe('1990-02-01');
    expect(tidyTypedDate(' 1/2/1990 ')).toBe('1990-02-01');
    expect(tidyTypedDate(' 1990-01-01')).toBe('1990-01-01');
    // Not a real day, or not a date: left for the date rule to refuse.
    expect(tidyTypedDate('31/02/1990')).toBe('31/02/1990');
    expect(tidyTypedDate('01/13/1990')).toBe('01/13/1990');
    expect(tidyTypedDate('yesterday')).toBe('yesterday');
  });

  it('reads choices in any case, with spaces for underscores', () => {
    expect(tidyChoice('Landlord', ['landlord', 'agent'])).toBe('landlord');
    expect(tidyChoice(' Student loan', ['student_loan'])).toBe('student_loan');
    expect(tidyChoice('tenant', ['landlord', 'agent'])).toBe('tenant');
  });

  it('tidies a request so that core accepts it, normalised', () => {
    const body = tidyTypedRequest({
      share_code: 'rac-pt0-001',
      date_of_birth: '01/01/1990',
      checker_name: ' Acme Lettings ',
      checker_type: 'Agent',
    });
    const checked = validateCheckRequest('right_to_rent', body, { async: false, now });
    expect(checked).toEqual({
      ok: true,
      value: {
        kind: 'right_to_rent',
        async: null,
        request: {
          share_code: 'RACPT0001',
          date_of_birth: '1990-01-01',
          checker_name: 'Acme Lettings',
          checker_type: 'agent',
        },
      },
    });
  });
});

describe('checkRequestProblems', () => {
  it('lists every problem, in the order the service meets them; the service names them all, the first first', () => {
    const body = { date_of_birth: 'not a date', purpose: 'fun', colour: 'blue' };
    const all = checkRequestProblems('immigration_status', body, { async: false, now });
    expect(all.ok).toBe(false);
    if (all.ok) return;
    expect(all.error.map((problem) => problem.field)).toEqual([
      'colour',
      'share_code',
      'date_of_birth',
      'company_name',
      'job_title',
      'purpose',
    ]);
    // The service answers with every problem in one message, the first one first (issue 28).
    const first = validateCheckRequest('immigration_status', body, { async: false, now });
    expect(first.ok).toBe(false);
    if (first.ok) return;
    expect(first.error.field).toBe(all.error[0]?.field);
    expect(first.error.message.startsWith(all.error[0]?.message ?? '-')).toBe(true);
    expect(first.error.fields).toEqual(all.error.map((problem) => problem.field));
  });

  it('judges other_purpose only once purpose is known', () => {
    const base = { share_code: 'S12345678', date_of_birth: '1990-01-01', company_name: 'A', job_title: 'B' };
    const other = checkRequestProblems(
      'immigration_status',
      { ...base, purpose: 'other' },
      { async: false, now },
    );
    expect(other.ok ? [] : other.error.map((p) => p.field)).toEqual(['other_purpose']);
    const travel = checkRequestProblems(
      'immigration_status',
      { ...base, purpose: 'travel', other_purpose: 'x' },
      { async: false, now },
    );
    expect(travel.ok ? [] : travel.error.map((p) => p.field)).toEqual(['other_purpose']);
  });

  it('lists both asynchronous fields when both are wrong', () => {
    const body = {
      share_code: 'W12345678',
      date_of_birth: '1990-01-01',
      company_name: 'Acme',
      client_reference: 'x'.repeat(300),
      callback_url: 'ftp://example.com',
    };
    const all = checkRequestProblems('right_to_work', body, { async: true, now });
    expect(all.ok ? [] : all.error.map((p) => p.field)).toEqual(['client_reference', 'callback_url']);
  });
});
