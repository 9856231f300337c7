import { describe, expect, it } from 'vitest';
import { periodOf, periodResetSeconds, secondsUntilReset } from './billing-period.js';

const unix = (iso: string) => Date.parse(iso) / 1000;

describe('billing periods (calendar months, UTC)', () => {
  it('names the month and resets on the 1st of the next one at 00:00 UTC', () => {
    expect(periodOf(new Date('2026-01-31T23:59:59.999Z'))).toBe('2026-01');
    expect(periodOf(new Date('2026-02-01T00:00:00Z'))).toBe('2026-02');
    expect(periodResetSeconds(new Date('2026-01-31T23:59:59Z'))).toBe(unix('2026-02-01T00:00:00Z'));
    expect(periodResetSeconds(new Date('2026-12-31T12:00:00Z'))).toBe(unix('2027-01-01T00:00:00Z'));
    expect(periodResetSeconds(new Date('2028-02-29T12:00:00Z'))).toBe(unix('2028-03-01T00:00:00Z'));
  });

  it('counts whole seconds to the reset, at least one', () => {
    expect(secondsUntilReset(new Date('2026-01-31T23:59:59Z'))).toBe(1);
    expect(secondsUntilReset(new Date('2026-01-31T23:59:59.5Z'))).toBe(1);
    expect(secondsUntilReset(new Date('2026-01-01T00:00:00Z'))).toBe(31 * 24 * 3600);
  });
});
