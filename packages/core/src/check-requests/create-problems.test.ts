import { describe, expect, it } from 'vitest';
import { checkRequestCreateProblems, validateCheckRequestCreate } from './validate-create.js';

describe('checkRequestCreateProblems', () => {
  it('lists every problem at once, in the order validateCheckRequestCreate names them', () => {
    const body = { kind: 'immigration_status', purpose: 'fun', expires_in_days: 0, share_code: 'W12345678' };
    const all = checkRequestCreateProblems(body);
    expect(all.ok).toBe(false);
    if (all.ok) return;
    const fields = all.error.map((problem) => problem.field);
    expect(fields).toEqual(
      expect.arrayContaining(['share_code', 'company_name', 'purpose', 'expires_in_days']),
    );
    const one = validateCheckRequestCreate(body);
    expect(one.ok).toBe(false);
    if (one.ok) return;
    expect(one.error.message.startsWith(all.error[0]?.message ?? '-')).toBe(true);
    expect(one.error.fields).toEqual(fields);
  });

  it('answers a valid request as validateCheckRequestCreate does', () => {
    const body = { kind: 'right_to_work', company_name: 'Acme Ltd' };
    expect(checkRequestCreateProblems(body)).toEqual(validateCheckRequestCreate(body));
  });

  it('refuses what is not an object with one problem', () => {
    const all = checkRequestCreateProblems([]);
    expect(all.ok).toBe(false);
    if (!all.ok) expect(all.error.map((problem) => problem.field)).toEqual(['body']);
  });
});
