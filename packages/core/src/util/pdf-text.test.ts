import { describe, expect, it } from 'vitest';
import { encodableText, wrapText } from './pdf-text.js';

// One unit per character: widths are easy to reason about.
const font = { widthOfTextAtSize: (text: string, size: number) => text.length * size };
const latin1 = new Set(Array.from({ length: 256 }, (_, i) => i));

describe('encodableText', () => {
  it('keeps what the font encodes, strips accents it cannot, and marks the rest "?"', () => {
    expect(encodableText('Café', latin1)).toBe('Café');
    expect(encodableText('Erdős', latin1)).toBe('Erdos');
    expect(encodableText('株 😀', latin1)).toBe('? ?');
  });
});

describe('wrapText', () => {
  it('breaks at white space and cuts a word wider than the line', () => {
    expect(wrapText('aa bb  cc', font, 1, 5)).toEqual(['aa bb', 'cc']);
    expect(wrapText('abcdefghijkl x', font, 1, 5)).toEqual(['abcde', 'fghij', 'kl x']);
    expect(wrapText('', font, 1, 5)).toEqual([]);
  });
});
