import { describe, expect, it } from 'vitest';
import { API_KEY_RANDOM_CHARS, apiKeyMode, apiKeyShapeProblem } from './api-key-shape.js';

describe('the API key shape', () => {
  it('accepts rtw_live_ and rtw_test_ with exactly 40 letters and digits', () => {
    expect(API_KEY_RANDOM_CHARS).toBe(40);
    expect(apiKeyMode(`rtw_live_${'a'.repeat(40)}`)).toBe('live');
    expect(apiKeyMode(`rtw_test_${'Z9'.repeat(20)}`)).toBe('test');
    expect(apiKeyShapeProblem(`rtw_test_${'0'.repeat(40)}`)).toBeUndefined();
  });

  it('refuses 20, 39 and 41 characters, other characters and other prefixes, saying why without the key', () => {
    for (const key of [
      `rtw_test_${'a'.repeat(20)}`,
      `rtw_live_${'a'.repeat(39)}`,
      `rtw_live_${'a'.repeat(41)}`,
      `rtw_live_${'-'.repeat(40)}`,
      `rtw_prod_${'a'.repeat(40)}`,
      `Bearer rtw_live_${'a'.repeat(40)}`,
      '',
    ]) {
      expect(apiKeyMode(key)).toBeNull();
      const problem = apiKeyShapeProblem(key);
      expect(problem).toMatch(/followed by 40 letters and digits/);
      if (key.length > 12) expect(problem).not.toContain(key.slice(9));
    }
    expect(apiKeyShapeProblem(`rtw_test_${'a'.repeat(20)}`)).toMatch(/starts rtw_test_ but has 20 after it/);
  });
});
