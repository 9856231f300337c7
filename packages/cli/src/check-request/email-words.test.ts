import type { CheckRequest } from '@sharecode/sdk';
import { describe, expect, it } from 'vitest';
import { palette } from '../output/palette.js';
import { emailWords, renderRequest } from './render.js';

const request = (extra: Record<string, unknown>): CheckRequest =>
  ({
    id: `creq_${'a'.repeat(32)}`,
    kind: 'right_to_work',
    status: 'waiting',
    mode: 'live',
    url: null,
    company_name: 'Acme Ltd',
    client_reference: null,
    callback_url: null,
    applicant_email: 'sam@example.com',
    applicant_email_status: 'sending',
    failed_attempts: 0,
    expires_at: '2026-12-12T09:00:00.000Z',
    created_at: '2026-11-28T09:00:00.000Z',
    ended_at: null,
    check: null,
    ...extra,
  }) as unknown as CheckRequest;

describe('what became of the e-mail (applicant_email_status)', () => {
  it('says it in words after the create, never "if the service sends mail"', () => {
    expect(emailWords(request({ applicant_email_status: 'sent' }))).toBe(
      'The service has e-mailed the link to sam@example.com',
    );
    expect(emailWords(request({}))).toMatch(
      /^The service is e-mailing the link to sam@example.com \(rtw request status creq_a+ says when it is sent\)$/,
    );
    expect(emailWords(request({ applicant_email_status: 'failed' }))).toBe(
      'The service could not e-mail the link to sam@example.com: send it yourself',
    );
    expect(emailWords(request({ applicant_email_status: 'not_sent' }))).toBe(
      'This service has no mail settings, so the link was not e-mailed to sam@example.com: send it yourself',
    );
    expect(emailWords(request({ applicant_email: null, applicant_email_status: null }))).toBe(
      'Send it to the applicant yourself (e-mail or text message)',
    );
  });

  it('shows it beside the address in the status', () => {
    const lines = renderRequest(request({ applicant_email_status: 'failed' }), palette(false));
    expect(lines).toContain(
      'Applicant e-mail: sam@example.com (could not e-mail the link: send it yourself)',
    );
  });
});
