import { describe, expect, it } from 'vitest';
import { applicantLinkMessage } from './applicant-link-message.js';

const URL = 'https://checks.example.com/r/AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const EXPIRES = new Date('2026-07-01T09:05:00Z');

describe('applicantLinkMessage', () => {
  it('names who asks, the link, until when, and where the share code comes from', () => {
    const message = applicantLinkMessage(
      { kind: 'right_to_work', mode: 'live', asker: 'Acme Ltd', expiresAt: EXPIRES },
      URL,
    );
    expect(message.subject).toBe('Acme Ltd has asked you to prove your right to work in the UK');
    expect(message.text).toContain('Acme Ltd has asked you to prove your right to work in the UK.');
    expect(message.text.split('\n')).toContain(URL);
    // British Summer Time on 1 July: 09:05 UTC is 10:05am in the UK.
    expect(message.text).toContain('The link works until 10:05am on 1 July 2026. It can be used once.');
    expect(message.text).toContain(
      '"Prove your right to work to an employer": https://www.gov.uk/prove-right-to-work',
    );
    expect(message.text).toContain('Right to work share codes start with W.');
  });

  it('gives an immigration-status request its reason and job title', () => {
    const message = applicantLinkMessage(
      {
        kind: 'immigration_status',
        mode: 'live',
        asker: 'Big Bank plc',
        jobTitle: 'Loans officer',
        purpose: 'Travel',
        expiresAt: EXPIRES,
      },
      URL,
    );
    expect(message.text).toContain('Reason for the check: Travel');
    expect(message.text).toContain('Job title of the person checking: Loans officer');
    expect(message.text).toContain('Immigration status share codes start with S.');
  });

  it('is plain text: no markup, and no line but the link carries a URL of ours', () => {
    const message = applicantLinkMessage(
      { kind: 'right_to_rent', mode: 'live', asker: 'Pat <b>Landlord</b>', expiresAt: EXPIRES },
      URL,
    );
    expect(message.text).toContain(
      'Pat <b>Landlord</b> has asked you to prove your right to rent in England.',
    );
    expect(message.text.split('\n').filter((line) => line.includes('checks.example.com'))).toEqual([URL]);
  });
});
