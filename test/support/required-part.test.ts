import { describe, expect, it, vi } from 'vitest';
import { missing, underCi } from './required-part.js';

describe('required parts of a test suite', () => {
  it('reads CI as CI services set it', () => {
    expect(underCi({ CI: 'true' })).toBe(true);
    expect(underCi({ CI: '1' })).toBe(true);
    expect(underCi({ CI: 'false' })).toBe(false);
    expect(underCi({ CI: '0' })).toBe(false);
    expect(underCi({})).toBe(false);
  });

  it('throws under CI when a part is missing, and skips with a warning elsewhere', () => {
    expect(() => missing(true, 'Chromium', 'install chromium-headless-shell', { CI: 'true' })).toThrow(
      /Chromium is missing: install chromium-headless-shell \(under CI/,
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(missing(true, 'Chromium', 'install it', {})).toBe(true);
    expect(warn).toHaveBeenCalledWith('skipped: Chromium is missing: install it');
    warn.mockRestore();
    expect(missing(false, 'Chromium', 'install it', { CI: 'true' })).toBe(false);
  });
});
