import { describe, expect, it } from 'vitest';
import { makeReference, makeToken, uniformInt } from './random.js';

describe('random', () => {
  it('makes references in the WE-XXXXXXX-XX shape', () => {
    for (let i = 0; i < 50; i += 1) expect(makeReference('WE')).toMatch(/^WE-[A-Z0-9]{7}-[A-Z]{2}$/);
  });

  it('makes distinct tokens', () => {
    expect(makeToken()).not.toBe(makeToken());
    expect(makeToken()).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('draws integers inside the bounds', () => {
    for (let i = 0; i < 50; i += 1) {
      const n = uniformInt(3, 5);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(5);
    }
    expect(uniformInt(7, 7)).toBe(7);
  });
});
