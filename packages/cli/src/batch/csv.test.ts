import { describe, expect, it } from 'vitest';
import { detectDelimiter, isEmptyRecord, parseCsv } from './csv.js';

const cells = (text: string) => {
  const parsed = parseCsv(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value.records.filter((record) => !isEmptyRecord(record)).map((record) => record.cells);
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

  it('detects semicolons and tabs, as spreadsheets export them', () => {
    expect(detectDelimiter('Employee No;Full name;Share code;Date of birth\n1;A, B;x;y')).toBe(';');
    expect(detectDelimiter('a\tb\tc\n')).toBe('\t');
    expect(detectDelimiter('"a;b",c\n')).toBe(',');
    expect(detectDelimiter('single\n')).toBe(',');
    expect(cells('a;b\n"x;y";Acme, Leeds\n')).toEqual([
      ['a', 'b'],
      ['x;y', 'Acme, Leeds'],
    ]);
    expect(cells('a\tb\n1\t2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps blank lines and empty rows as empty records, and short rows as they are', () => {
    const parsed = parseCsv('a;b\n\n;\n1\n');
    expect(parsed.ok && parsed.value.records.map((r) => [r.cells, isEmptyRecord(r)])).toEqual([
      [['a', 'b'], false],
      [[''], true],
      [['', ''], true],
      [['1'], false],
    ]);
  });

  it('numbers records by the line they start on', () => {
    const parsed = parseCsv('h\n"multi\nline"\n\nlast\n');
    expect(parsed.ok && parsed.value.records.map((record) => record.line)).toEqual([1, 2, 4, 5]);
  });

  it('refuses a quote left open and text after a closing quote, without throwing', () => {
    expect(parseCsv('a\n"open\n')).toEqual({ ok: false, error: 'line 2: a quoted field is never closed' });
    expect(parseCsv('a\n"x"y\n')).toEqual({
      ok: false,
      error: 'line 2: text after a closing quote (write a quote inside quotes as "")',
    });
  });

  it('gives nothing for empty input', () => {
    expect(cells('')).toEqual([]);
  });
});
