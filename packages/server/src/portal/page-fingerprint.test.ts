import { describe, expect, it } from 'vitest';
import { KNOWN_WORDS, wordShape } from './known-words.js';
import { fingerprintOf, fingerprintText } from './page-fingerprint.js';
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
        'h2 Aa Aa Aa',
        'h3 Checked by [typed] on 9 Aa 9, [capitals]-A9A9A9A-[capitals]',
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

  it('gives the same id to names of the same shape, in any case', () => {
    expect(fingerprintOf('result', snapshot('Tomasz Nowak', 'WE-Z9Y8X7W-AB'), secrets).id).toBe(
      fingerprintOf('result', snapshot('Zoë Müller', 'WE-A1B2C3D-EF'), secrets).id,
    );
  });
});

const NONE = { shareCode: '', dateOfBirth: '' };

describe('fingerprintText', () => {
  it.each([
    ['Check the details of Ana María López', 'Check the details of Aa Aa Aa'],
    ['Check the details of ana maría lópez', 'Check the details of a a a'],
    ["Check the details of Siobhán O'Brien-Smith", "Check the details of Aa A'Aa-Aa"],
    ['Details of José', 'Details of Aa'],
    ['Share code for Mohammed', 'Share code for Aa'],
    ['Name: Will Grant', 'Name: Aa Aa'],
    ['Результат: Иван Петров', 'Aa: Aa Aa'],
  ])('leaves only the shape of names: %j', (text, expected) => {
    expect(fingerprintText(text, NONE)).toBe(expected);
  });

  it.each([
    ['1990/04/27', '9/9/9'],
    ['27/04/1990', '9/9/9'],
    ['27.04.1990', '9.9.9'],
    ['27-04-1990', '9-9-9'],
    ['1990-04-27', '9-9-9'],
    ['27 April 1990', '9 Aa 9'],
    ['27th April 1990', '9a Aa 9'],
    ['27th of April, 1990', '9a of Aa, 9'],
    ['April 27, 1990', 'Aa 9, 9'],
    ['27 Apr 1990', '9 Aa 9'],
    ['27 april 1990', '9 a 9'],
    ['Saturday 27 April 1990', 'Aa 9 Aa 9'],
    ['Date of birth: 27 APRIL 1990', 'Date of birth: 9 [capitals] 9'],
    ['Valid until 4 May 2031', 'Valid until 9 Aa 9'],
  ])('leaves no date: %j', (text, expected) => {
    const printed = fingerprintText(`Born ${text}`, NONE);
    expect(printed).toBe(`Born ${expected}`);
    expect(printed).not.toMatch(/27|04|1990|2031|April|Apr\b|May|Saturday/i);
  });

  it("keeps the wording of known pages, and placeholders of the request's own values", () => {
    expect(fingerprintText('Enter the share code', NONE)).toBe('Enter the share code');
    expect(fingerprintText('Check the details of Zephyr Foods Ltd', secrets)).toBe(
      'Check the details of [typed]',
    );
    expect(fingerprintText('Your code W7K 2M9 P4Q has expired', secrets)).toBe(
      'Your code [share code] has expired',
    );
  });

  it("knows no month, no day and none of the research's example names", () => {
    for (const word of ['January', 'April', 'May', 'December', 'Monday', 'Saturday', 'Jane', 'Doe']) {
      expect(KNOWN_WORDS.has(word), word).toBe(false);
    }
  });

  it('writes shapes as runs of A, a and 9', () => {
    expect(wordShape('López')).toBe('Aa');
    expect(wordShape('Lo\u0301pez')).toBe('Aa');
    expect(wordShape('W7K')).toBe('A9A');
    expect(wordShape('27th')).toBe('9a');
    expect(wordShape('McDonald')).toBe('AaAa');
  });
});
