import { describe, expect, it } from 'vitest';
import { readBearerToken } from './authenticate.js';

describe('readBearerToken', () => {
  it('reads the key of a bearer header, in any case of the scheme', () => {
    expect(readBearerToken('Bearer rtw_test_abc')).toEqual({ token: 'rtw_test_abc' });
    expect(readBearerToken('bearer   rtw_test_abc  ')).toEqual({ token: 'rtw_test_abc' });
  });

  it('treats a missing header, another scheme or an empty bearer as no key', () => {
    for (const header of [
      undefined,
      '',
      '   ',
      'Basic abc',
      'Bearer',
      'Bearer ',
      'Token rtw_test_abc',
      'Bearer a b',
    ]) {
      const read = readBearerToken(header);
      expect('problem' in read, String(header)).toBe(true);
      expect('problem' in read && read.problem).toContain('Authorization');
    }
  });
});
