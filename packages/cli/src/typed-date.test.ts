import { describe, expect, it } from 'vitest';
import { readTypedDate, typedDateProblem } from './typed-date.js';

describe('readTypedDate', () => {
  it('reads DD/MM/YYYY (day first) and YYYY-MM-DD, with spaces around', () => {
    expect(readTypedDate('31/12/2026')).toEqual({ ok: true, value: '2026-12-31' });
    expect(readTypedDate(' 1/2/1990 ')).toEqual({ ok: true, value: '1990-02-01' });
    expect(readTypedDate('2026-12-31')).toEqual({ ok: true, value: '2026-12-31' });
    expect(readTypedDate('29/02/2024')).toEqual({ ok: true, value: '2024-02-29' });
  });

  it('tells a day that does not exist from text that is not a date', () => {
    expect(readTypedDate('31/02/1990')).toEqual({ ok: false, reason: 'not_real', isoShaped: '1990-02-31' });
    expect(readTypedDate('29/02/2026')).toMatchObject({ ok: false, reason: 'not_real' });
    expect(readTypedDate('2026-13-01')).toMatchObject({ ok: false, reason: 'not_real' });
    expect(readTypedDate('tomorrow')).toEqual({ ok: false, reason: 'shape' });
    expect(readTypedDate('12/31/26')).toEqual({ ok: false, reason: 'shape' });
  });

  it('says which, naming the date as typed', () => {
    const impossible = readTypedDate('31/02/2026');
    const words = readTypedDate('next week');
    if (impossible.ok || words.ok) throw new Error('expected problems');
    expect(typedDateProblem('31/02/2026', impossible)).toBe(
      '31/02/2026 is not a real date: check the day and the month.',
    );
    expect(typedDateProblem('next week', words)).toBe(
      '"next week" is not a date: write it as DD/MM/YYYY or YYYY-MM-DD, such as 31/12/2026.',
    );
  });
});
