import { describe, expect, it } from 'vitest';
import { safeBaseName } from './base-name.js';

describe('safeBaseName', () => {
  it('keeps a reference as it is', () => {
    expect(safeBaseName('WE-K7Q2M9A-TP')).toBe('WE-K7Q2M9A-TP');
  });

  it('cannot climb out of the folder or hide the file', () => {
    expect(safeBaseName('../../etc/passwd')).toBe('etc-passwd');
    expect(safeBaseName('.hidden')).toBe('hidden');
    expect(safeBaseName('a/b\\c d')).toBe('a-b-c-d');
  });

  it('gives undefined when nothing usable is left', () => {
    expect(safeBaseName('../..')).toBeUndefined();
    expect(safeBaseName('')).toBeUndefined();
  });

  it('caps the length', () => {
    expect(safeBaseName('x'.repeat(300))).toHaveLength(100);
  });
});
