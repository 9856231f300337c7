import { describe, expect, it } from 'vitest';
import { PURPOSE_LABELS, purposeWording } from './purpose-wording.js';
import { PURPOSES } from './validation/request-fields.js';

describe('purposeWording', () => {
  it('words every purpose as the portal labels it', () => {
    expect(PURPOSES.map((purpose) => purposeWording(purpose, 'Volunteer vetting'))).toEqual([
      'A driving licence',
      'A student loan',
      'Education or training',
      'A global or european health insurance card',
      'Personal finance (including bank and building society accounts, loans, credit cards and mortgages)',
      'Homelessness assistance or council housing',
      'Travel',
      'Volunteer vetting',
    ]);
  });

  it('has a label for every purpose', () => {
    expect(Object.keys(PURPOSE_LABELS).sort()).toEqual([...PURPOSES].sort());
  });
});
