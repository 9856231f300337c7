import { describe, expect, it } from 'vitest';
import { diagnosticOf, redactPageText } from './diagnostic.js';
import type { PageSnapshot } from './page-snapshot.js';

const secrets = { shareCode: 'W7K2M9P4Q', dateOfBirth: '1990-04-07' };

describe('diagnostics', () => {
  it('removes the share code, the date of birth and names in capitals from page text', () => {
    expect(redactPageText('Check for W7K 2M9 P4Q and w7k2m9p4q', secrets)).toBe(
      'Check for [share code] and [share code]',
    );
    expect(redactPageText('Born 7 April 1990, 07/04/1990, 7 Apr 1990 or 1990-04-07', secrets)).toBe(
      'Born [date of birth], [date of birth], [date of birth] or [date of birth]',
    );
    expect(redactPageText('Right to work for ANA MARÍA LÓPEZ - GOV.UK', secrets)).toBe(
      'Right to work for [capitals] - GOV.UK',
    );
    expect(redactPageText('x'.repeat(200), secrets)).toHaveLength(121);
  });

  it('keeps only the step, the note, redacted title and h1, the path and a hash of the HTML', () => {
    const snapshot = {
      title: 'Right to work: ANA LÓPEZ - GOV.UK',
      path: '/rtw-view/profile',
      h1: 'Employment eligibility result',
      status: 200,
    } as PageSnapshot;
    const diagnostic = diagnosticOf('result', 'unknown page', snapshot, '<html>ANA</html>', secrets);
    expect(diagnostic).toEqual({
      step: 'result',
      note: 'unknown page',
      title: 'Right to work: [capitals] - GOV.UK',
      path: '/rtw-view/profile',
      h1: 'Employment eligibility result',
      status: 200,
      htmlSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(diagnosticOf('entry', 'timed out', null, null, secrets)).toMatchObject({
      title: null,
      htmlSha256: null,
    });
  });
});
