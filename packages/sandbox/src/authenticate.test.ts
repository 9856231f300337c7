import { describe, expect, it } from 'vitest';
import { authenticate } from './authenticate.js';

const KEY = 'rtw_test_ABCdef0123456789xyzW00000000000000000000';

describe('authenticate', () => {
  it('accepts a test key of 40 letters and digits, in any case of "Bearer"', () => {
    expect(authenticate(`Bearer ${KEY}`)).toEqual({ ok: true, value: KEY });
    expect(authenticate(`bearer ${KEY}`)).toEqual({ ok: true, value: KEY });
    expect(authenticate(`BEARER  ${KEY} `)).toEqual({ ok: true, value: KEY });
    expect(authenticate(`Bearer rtw_test_${'a'.repeat(40)}`).ok).toBe(true);
  });

  it.each([
    null,
    '',
    '   ',
    KEY,
    `Basic ${KEY}`,
    'Bearer',
    'Bearer ',
    `Bearer ${KEY} more`,
    `Bearer\t${KEY}`,
  ])('answers UNAUTHENTICATED to %j', (header) => {
    const outcome = authenticate(header);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
  });

  it.each([
    `rtw_test_${'a'.repeat(39)}`,
    'rtw_test_aaaaaaaaaaaaaaaaaaaa00000000000000000000-',
    'rtw_TEST_aaaaaaaaaaaaaaaaaaaaaa',
    'token',
  ])('answers INVALID_KEY to %s without repeating it', (key) => {
    const outcome = authenticate(`Bearer ${key}`);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error).toMatchObject({ code: 'INVALID_KEY', status: 401 });
      expect(outcome.error.message).not.toContain(key);
    }
  });

  it('tells a live key that the sandbox takes rtw_test_ keys', () => {
    const outcome = authenticate('Bearer rtw_live_aaaaaaaaaaaaaaaaaaaaaaaa0000000000000000');
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.code).toBe('INVALID_KEY');
      expect(outcome.error.message).toMatch(/sandbox.*rtw_test_/);
    }
  });
});
