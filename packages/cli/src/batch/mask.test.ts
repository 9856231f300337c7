import { describe, expect, it } from 'vitest';
import { maskShareCode } from './mask.js';

describe('maskShareCode', () => {
  it('keeps the kind letter and the last three characters only', () => {
    expect(maskShareCode('WACPT0001')).toBe('W*****001');
    expect(maskShareCode(' w acp t0001 ')).toBe('W*****001');
  });

  it('hides short or empty values entirely', () => {
    expect(maskShareCode('AB12')).toBe('****');
    expect(maskShareCode('')).toBe('');
  });
});
