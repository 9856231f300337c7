import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './retry-after.js';

const now = Date.UTC(2026, 0, 1, 12, 0, 0);

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter('7', now)).toBe(7);
    expect(parseRetryAfter(' 120 ', now)).toBe(120);
  });

  it('reads an HTTP-date in all three RFC 9110 forms, rounding up', () => {
    expect(parseRetryAfter('Thu, 01 Jan 2026 12:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Thursday, 01-Jan-26 12:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Thu Jan  1 12:00:30 2026', now)).toBe(30);
    expect(parseRetryAfter('Thu, 01 Jan 2026 12:00:00 GMT', now - 500)).toBe(1);
  });

  it('treats a date in the past as now', () => {
    expect(parseRetryAfter('Thu, 01 Jan 2026 11:00:00 GMT', now)).toBe(0);
  });

  it.each([null, undefined, '', '-5', '1.5', 'soon', 'Thu, 01 Jan 2026', '5 seconds', '0x10', 'NaN', '1e3'])(
    'ignores %j',
    (value) => {
      expect(parseRetryAfter(value, now)).toBeUndefined();
    },
  );

  it('reads bare digits as seconds, never as a year', () => {
    expect(parseRetryAfter('2026', now)).toBe(2026);
  });

  it('ignores a well-formed but impossible date', () => {
    expect(parseRetryAfter('Thu, 99 Jan 2026 12:00:30 GMT', now)).toBeUndefined();
  });
});
