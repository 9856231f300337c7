import { describe, expect, it } from 'vitest';
import { layoutWidth, wrapWords } from './wrap.js';

describe('wrapWords', () => {
  it('keeps every line within the width', () => {
    const lines = wrapWords('Accepted on the first attempt after one BUSY answer and a retry', 20);
    expect(lines.every((line) => line.length <= 20)).toBe(true);
    expect(lines.join(' ')).toBe('Accepted on the first attempt after one BUSY answer and a retry');
  });

  it('leaves a word longer than the width alone on its line', () => {
    expect(wrapWords('a verylongwordindeed b', 5)).toEqual(['a', 'verylongwordindeed', 'b']);
  });

  it('uses 80 columns without a terminal', () => {
    expect(layoutWidth(undefined)).toBe(80);
    expect(layoutWidth(120)).toBe(120);
  });
});
