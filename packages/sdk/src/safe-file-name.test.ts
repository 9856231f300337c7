import { describe, expect, it } from 'vitest';
import { safeFileName } from './safe-file-name.js';

describe('safeFileName', () => {
  it('keeps ordinary references and removes what could climb or hide', () => {
    expect(safeFileName('RTW-2026-000123')).toBe('RTW-2026-000123');
    expect(safeFileName('../../etc/passwd')).toBe('etc-passwd');
    expect(safeFileName('...')).toBeUndefined();
  });

  it.each([
    ['CON', '_CON'],
    ['con', '_con'],
    ['Prn', '_Prn'],
    ['AUX', '_AUX'],
    ['NUL', '_NUL'],
    ['nul.pdf', '_nul.pdf'],
    ['CON.tar.gz', '_CON.tar.gz'],
    ['COM1', '_COM1'],
    ['com9', '_com9'],
    ['LPT1', '_LPT1'],
    ['lpt9.txt', '_lpt9.txt'],
    ['COM¹', '_COM1'],
    ['COM0', '_COM0'],
  ])('prefixes the Windows device name %j', (raw, expected) => {
    expect(safeFileName(raw)).toBe(expected);
  });

  it.each(['CONSOLE', 'NULL', 'COM10', 'LPT', 'AUXILIARY', 'con-1', 'my-nul', 'COM1x'])(
    'leaves %j alone: not a device name',
    (raw) => {
      expect(safeFileName(raw)).toBe(raw);
    },
  );

  it('stays within 100 characters once prefixed', () => {
    const name = safeFileName(`nul.${'a'.repeat(120)}`);
    expect(name?.startsWith('_nul.')).toBe(true);
    expect(name?.length).toBe(100);
  });
});
