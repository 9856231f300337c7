import { describe, expect, it } from 'vitest';
import { apiKeyMode, displayPrefix, generateApiKey, hashApiKey, KEY_RANDOM_CHARS } from './api-key.js';

describe('API keys', () => {
  it('are rtw_live_/rtw_test_ plus at least 192 bits of base62 randomness', () => {
    expect(KEY_RANDOM_CHARS * Math.log2(62)).toBeGreaterThanOrEqual(192);
    const live = generateApiKey('live');
    expect(live.key).toMatch(/^rtw_live_[0-9A-Za-z]{40}$/);
    expect(generateApiKey('test').key).toMatch(/^rtw_test_[0-9A-Za-z]{40}$/);
    expect(new Set(Array.from({ length: 200 }, () => generateApiKey('live').key)).size).toBe(200);
  });

  it('are stored as a SHA-256 digest and shown by a short prefix only', () => {
    const { key, hash, prefix } = generateApiKey('live');
    expect(hash).toHaveLength(32);
    expect(hash.equals(hashApiKey(key))).toBe(true);
    expect(prefix).toBe(`${key.slice(0, 13)}…`);
    expect(displayPrefix('rtw_test_abcdefgh')).toBe('rtw_test_abcd…');
  });

  it('tells the mode of a well-formed key and refuses anything else', () => {
    expect(apiKeyMode(`rtw_live_${'a'.repeat(40)}`)).toBe('live');
    expect(apiKeyMode(`rtw_test_${'Z9'.repeat(20)}`)).toBe('test');
    for (const text of [
      '',
      'rtw_live_',
      `rtw_live_${'a'.repeat(39)}`,
      `rtw_live_${'a'.repeat(41)}`,
      `rtw_prod_${'a'.repeat(40)}`,
      `rtw_live_${'-'.repeat(40)}`,
    ]) {
      expect(apiKeyMode(text)).toBeNull();
    }
  });
});
