import { describe, expect, it } from 'vitest';
import { hasControlCharacter, withoutControlCharacters } from './control-characters.js';

describe('withoutControlCharacters', () => {
  it('removes escape sequences and other controls, and keeps words apart', () => {
    const text = 'Name:\u001b]0;owned\u0007 Jane\u001b[2J\r\nDoe\u0000\u009b31m\ttoday\u007f';
    const plain = withoutControlCharacters(text);
    expect(hasControlCharacter(plain)).toBe(false);
    expect(plain).toBe('Name:]0;owned Jane[2J Doe31m today');
  });

  it('leaves ordinary text, accents and emoji alone', () => {
    expect(withoutControlCharacters('Zoë Ó Briain — 🏠')).toBe('Zoë Ó Briain — 🏠');
  });
});
