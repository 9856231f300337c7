import { describe, expect, it } from 'vitest';
import { requestBodyFromOptions } from './create-body.js';

describe('requestBodyFromOptions', () => {
  it("tidies the flags as rtw check does and validates them with core's rules", () => {
    const judged = requestBodyFromOptions(
      { checkerName: ' Jo Smith ', checkerType: 'Landlord', email: 'sam@example.com', expiresInDays: '7' },
      'right_to_rent',
    );
    expect(judged).toEqual({
      ok: true,
      value: {
        kind: 'right_to_rent',
        checker: { checker_name: 'Jo Smith', checker_type: 'landlord' },
        client_reference: null,
        callback_url: null,
        expires_in_days: 7,
        applicant_email: 'sam@example.com',
      },
    });
  });

  it('names every problem at once, each under its flag', () => {
    const judged = requestBodyFromOptions(
      { jobTitle: 'Manager', purpose: 'fun', email: 'not an address', expiresInDays: '120' },
      'immigration_status',
    );
    expect(judged.ok).toBe(false);
    if (judged.ok) return;
    expect(judged.error.exitCode).toBe(2);
    expect(judged.error.message).toBe('4 things to put right before the request can be made:');
    const lines = judged.error.details.join('\n');
    expect(lines).toContain('- --company is missing: the name of your organisation making the check');
    expect(lines).toMatch(/- --purpose .*(personal_finance|one of)/);
    expect(lines).toMatch(/- --expires-in-days must be a whole number of days from 1 to 90/);
    expect(lines).toMatch(/- --email must be one e-mail address/);
    expect(lines).not.toMatch(/applicant_email|expires_in_days|company_name/);
  });

  it('refuses a flag of another kind, as the service would', () => {
    const judged = requestBodyFromOptions({ company: 'Acme Ltd', checkerName: 'Jo' }, 'right_to_work');
    expect(judged.ok).toBe(false);
    if (judged.ok) return;
    expect(judged.error.details.join('\n')).toContain('--checker-name');
  });

  it('adds the problems of other flags to the same list', () => {
    const judged = requestBodyFromOptions({ company: 'Acme Ltd' }, 'right_to_work', ['--wait is missing']);
    expect(judged.ok).toBe(false);
    if (judged.ok) return;
    expect(judged.error.details).toEqual(['- --wait is missing']);
  });
});
