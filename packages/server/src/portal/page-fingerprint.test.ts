import { describe, expect, it } from 'vitest';
import { fingerprintOf } from './page-fingerprint.js';
import type { PageSnapshot } from './page-snapshot.js';

const secrets = { shareCode: 'W7K2M9P4Q', dateOfBirth: '1990-04-27', typed: ['Zephyr Foods Ltd'] };

const snapshot = (
  name: string,
  reference: string,
  company = 'Zephyr Foods Ltd',
  code = 'W7K 2M9 P4Q',
): PageSnapshot => ({
  title: 'Right to work',
  path: `/rtw-view/profile/${reference}`,
  host: 'right-to-work.service.gov.uk',
  h1: 'Employment eligibility result',
  blocks: [
    { t: 'heading', level: 1, text: 'Employment eligibility result' },
    { t: 'heading', level: 2, text: name },
    { t: 'paragraph', text: `${name} was born on 27 April 1990 and may work.` },
    { t: 'heading', level: 3, text: `Checked by ${company} on 4 May 2026, ${reference}` },
    { t: 'heading', level: 3, text: `Share code ${code}` },
  ],
  errorSummary: [],
  controls: [{ kind: 'text', id: 'shareCode', name: 'shareCode', label: 'Share code', legend: '' }],
  actions: [
    { role: 'button', name: 'Continue', id: 'submit' },
    { role: 'link', name: 'Sign out', id: '' },
  ],
  images: [],
  hasMain: true,
  status: 200,
});

describe('fingerprintOf', () => {
  it('keeps the structure and drops names, dates, codes, typed values and paragraphs', () => {
    const print = fingerprintOf('result', snapshot('Ana María López', 'WE-A1B2C3D-EF'), secrets);
    expect(print).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
      step: 'result',
      host: 'right-to-work.service.gov.uk',
      path: '/rtw-view/profile/:id',
      headings: [
        'h1 Employment eligibility result',
        'h2 [name?]',
        'h3 Checked by [typed] on # May #, [capitals]-[code]-[capitals]',
        'h3 Share code [share code]',
      ],
      fields: ['text name=shareCode id=shareCode "Share code"'],
      buttons: ['Continue'],
    });
    expect(JSON.stringify(print)).not.toMatch(/López|Ana|1990|Zephyr|W7K|A1B2C3D/);
  });

  it('gives the same id to the same page whoever the check was for', () => {
    const other = { shareCode: 'W3H8D2L6T', dateOfBirth: '1985-11-03', typed: ['Other Co'] };
    expect(
      fingerprintOf('result', snapshot('TOMASZ NOWAK', 'WE-Z9Y8X7W-AB', 'Other Co', 'W3H8D2L6T'), other).id,
    ).toBe(fingerprintOf('result', snapshot('ANA LÓPEZ', 'WE-A1B2C3D-EF'), secrets).id);
  });
});
