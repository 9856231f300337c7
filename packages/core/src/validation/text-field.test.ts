import { describe, expect, it } from 'vitest';
import { characterCount, validateText } from './text-field.js';

const rule = { field: 'company_name', describes: 'the name of the organisation', minLength: 1 } as const;

function refusal(raw: unknown, r: Parameters<typeof validateText>[1] = rule): string {
  const result = validateText(raw, r);
  if (result.ok) throw new Error('expected a refusal');
  expect(result.error).toMatchObject({ code: 'INVALID_INPUT', field: r.field });
  expect(result.error.message.startsWith(`${r.field} `)).toBe(true);
  return result.error.message;
}

describe('validateText', () => {
  it.each(['A', 'Acme Ltd', 'x'.repeat(200), 'Société Générale', '株式会社', '😀'.repeat(200), ' Acme '])(
    'accepts %j',
    (raw) => {
      expect(validateText(raw, rule)).toEqual({ ok: true, value: raw });
    },
  );

  it('counts characters, not UTF-16 units', () => {
    expect(characterCount('😀😀')).toBe(2);
    expect(validateText('😀'.repeat(201), rule).ok).toBe(false);
  });

  it('refuses missing, empty, blank, too long, non-string and multi-line values', () => {
    expect(refusal(undefined)).toContain('is required');
    expect(refusal('')).toContain('must not be empty');
    expect(refusal('   ')).toContain('must not be empty');
    expect(refusal('x'.repeat(201))).toContain('longer than 200 characters');
    expect(refusal('x'.repeat(5_000_000))).toContain('longer than 200 characters');
    expect(refusal(42)).toContain('must be a string');
    expect(refusal(null)).toContain('must be a string');
    expect(refusal(['Acme'])).toContain('must be a string');
    expect(refusal('Acme\nLtd')).toContain('control characters');
    expect(refusal('Acme\u0000')).toContain('control characters');
  });

  it('lets optional references be empty but not too long', () => {
    const reference = { field: 'client_reference', describes: 'your id', minLength: 0 } as const;
    expect(validateText('', reference)).toEqual({ ok: true, value: '' });
    expect(refusal('r'.repeat(201), reference)).toContain('longer than 200');
  });

  it.each([
    ['ESC', '\u001b[31mref'],
    ['NUL', 'ref\u0000'],
    ['line break', 'a\nb'],
    ['tab', 'a\tb'],
    ['DEL', 'a\u007fb'],
    ['C1 CSI', 'a\u009b31m'],
    ['C1 NEL', 'a\u0085b'],
    ['C1 first', '\u0080'],
  ])('refuses a %s in every text field, client_reference included', (_name, raw) => {
    for (const r of [rule, { field: 'client_reference', describes: 'your id', minLength: 0 } as const]) {
      expect(refusal(raw, r)).toContain('control characters');
    }
  });

  it('keeps the characters just past the control ranges', () => {
    for (const raw of ['~', '\u00a0Acme', '\u00e9', 'Zoë']) {
      expect(validateText(raw, rule)).toEqual({ ok: true, value: raw });
    }
  });
});
