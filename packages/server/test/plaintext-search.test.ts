// The data-at-rest test's search (support/plaintext-search.ts) must not fail at random on ids.
import { describe, expect, it } from 'vitest';
import { holdsPlaintext } from './support/plaintext-search.js';

describe('holdsPlaintext', () => {
  it('ignores a name part that only appears inside a random base62 key prefix or id', () => {
    const dump = '(key_01,rtw_live_qANNAz3,9f2c)\n(chk_7ANNAbY8x,anna1,xanna)';
    expect(holdsPlaintext(dump, 'ANNA')).toBe(false);
  });

  it('finds a name part stored as a value, in any case', () => {
    expect(holdsPlaintext('(1,"MARÍA ANNA",x)', 'ANNA')).toBe(true);
    expect(holdsPlaintext('(1,anna,x)', 'ANNA')).toBe(true);
  });

  it('finds long needles anywhere, and in hex (bytea)', () => {
    expect(holdsPlaintext('(1,xxFATIMA RAHMANyy)', 'FATIMA RAHMAN')).toBe(true);
    expect(holdsPlaintext(`(\\x00${Buffer.from('1990-01-01').toString('hex')}00)`, '1990-01-01')).toBe(true);
    // A 4-letter part's hex (8 hex digits) turns up in encrypted bytes by chance: not searched.
    expect(holdsPlaintext(`(\\x${Buffer.from('anna').toString('hex')})`, 'anna')).toBe(false);
  });
});
