import { describe, expect, it } from 'vitest';
import { parseCookies } from './cookies.js';

describe('parseCookies', () => {
  it('keeps the first of a repeated name, decodes values, skips junk', () => {
    const cookies = parseCookies('sid=a; junk; =x; sid=b; n=x%20y; bad=%E0%A4%A');
    expect([...cookies]).toEqual([
      ['sid', 'a'],
      ['n', 'x y'],
      ['bad', '%E0%A4%A'],
    ]);
    expect(parseCookies(undefined).size).toBe(0);
  });
});
