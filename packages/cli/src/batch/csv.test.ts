import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.js';

const cells = (text: string) => {
  const parsed = parseCsv(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value.map((record) => record.cells);
};

describe('parseCsv', () => {
  it('splits records and fields', () => {
    expect(cells('a,b\n1,2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('reads CRLF, a byte-order mark and a last line without a break', () => {
    expect(cells('\uFEFFa,b\r\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps commas, quotes and line breaks inside quotes', () => {
    expect(cells('name,note\n"Acme, Leeds","say ""hi""\nthere"\n')).toEqual([
      ['name', 'note'],
      ['Acme, Leeds', 'say "hi"\nthere'],
    ]);
  });

  it('skips blank lines but keeps empty fields', () => {
    expect(cells('a,b\n\n1,\n\n,2\n')).toEqual([
      ['a', 'b'],
      ['1', ''],
      ['', '2'],
    ]);
  });

  it('numbers records by the line they start on', () => {
    const parsed = parseCsv('h\n"multi\nline"\n\nlast\n');
    expect(parsed.ok && parsed.value.map((record) => record.line)).toEqual([1, 2, 5]);
  });

  it('refuses a quote left open and text after a closing quote, without throwing', () => {
    expect(parseCsv('a\n"open\n')).toEqual({ ok: false, error: 'line 2: a quoted field is never closed' });
    const after = parseCsv('a\n"x"y\n');
    expect(after.ok).toBe(false);
  });

  it('gives nothing for empty input', () => {
    expect(cells('')).toEqual([]);
  });
});
