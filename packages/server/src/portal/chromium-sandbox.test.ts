import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumSandbox } from './playwright-browser.js';

describe("Chromium's sandbox", () => {
  it('stays on for a user other than root, unless turned off', () => {
    expect(chromiumSandbox(null, 1000)).toBe(true);
    expect(chromiumSandbox(undefined, 1000)).toBe(true);
    expect(chromiumSandbox(false, 1000)).toBe(false);
  });

  it('is off as root, where Chromium refuses to start with it, unless asked for', () => {
    expect(chromiumSandbox(null, 0)).toBe(false);
    expect(chromiumSandbox(true, 0)).toBe(true);
  });

  it('is never turned off by the fixed launch arguments', () => {
    expect(CHROMIUM_ARGS).not.toContain('--no-sandbox');
  });
});
