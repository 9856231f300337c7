import { describe, expect, it } from 'vitest';
import { normaliseShareCode, validateShareCodeFor } from './share-code.js';

describe('normaliseShareCode', () => {
  it.each([
    ['WACPT0001', 'WACPT0001'],
    ['wacpt0001', 'WACPT0001'],
    ['WAC PT0 001', 'WACPT0001'],
    ['  w a c p t 0 0 0 1  ', 'WACPT0001'],
    ['WAC\tPT0\n001', 'WACPT0001'],
    ['WAC\u00a0PT0\u2003001', 'WACPT0001'],
    ['123456789', '123456789'],
  ])('accepts %j as %s', (raw, expected) => {
    expect(normaliseShareCode(raw)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['', 'too short'],
    ['WACPT000', '8 characters'],
    ['WACPT00011', '10 characters'],
    ['WACPT-001', 'hyphen'],
    ['WACPT000ß', 'non-ASCII letter'],
    ['ＷACPT0001', 'full-width letter'],
    ['W'.repeat(5000), 'huge'],
  ])('refuses %j (%s) naming share_code without echoing it', (raw) => {
    const result = normaliseShareCode(raw);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ code: 'INVALID_INPUT', status: 400, field: 'share_code' });
    expect(result.error.message).toMatch(/^share_code /);
    expect(result.error.message).toContain('9 letters and digits');
    if (raw.length > 3) expect(result.error.message).not.toContain(raw);
  });

  it.each([[undefined], [null], [123456789], [['WACPT0001']], [{}], [true]])(
    'refuses non-string %j',
    (raw) => {
      const result = normaliseShareCode(raw);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.message).toMatch(/^share_code (is required|must be a string)/);
    },
  );
});

describe('validateShareCodeFor', () => {
  it('accepts the purpose letter of each kind', () => {
    expect(validateShareCodeFor('right_to_work', 'w acpt 0001')).toEqual({ ok: true, value: 'WACPT0001' });
    expect(validateShareCodeFor('right_to_rent', 'RACPT0001')).toEqual({ ok: true, value: 'RACPT0001' });
    expect(validateShareCodeFor('immigration_status', 'sacpt0001')).toEqual({ ok: true, value: 'SACPT0001' });
  });

  it('says which service a right-to-rent code is for on the right-to-work check', () => {
    const result = validateShareCodeFor('right_to_work', 'RACPT0001');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.field).toBe('share_code');
    expect(result.error.message).toBe(
      'share_code starts with R, so it is a right-to-rent share code: use the right-to-rent check (POST /api/check/right-to-rent), or ask the applicant for a right-to-work share code (it starts with W).',
    );
  });

  it.each([
    ['right_to_rent', 'WACPT0001', 'right-to-work share code', 'starts with R'],
    ['immigration_status', 'WACPT0001', 'right-to-work share code', 'starts with S'],
    ['immigration_status', 'RACPT0001', 'right-to-rent share code', 'starts with S'],
    ['right_to_work', 'SACPT0001', 'immigration-status share code', 'starts with W'],
  ] as const)('on %s refuses %s as a %s', (kind, code, says, askFor) => {
    const result = validateShareCodeFor(kind, code);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toContain(says);
    expect(result.error.message).toContain(askFor);
    expect(result.error.message).not.toContain(code);
  });

  it('refuses a letter that belongs to no service', () => {
    const result = validateShareCodeFor('right_to_work', 'XACPT0001');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.message).toBe(
        'share_code starts with X, which is not a right-to-work share code: ask the applicant for a right-to-work share code (it starts with W).',
      );
    }
  });
});
