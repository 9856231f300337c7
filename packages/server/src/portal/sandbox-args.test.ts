import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, sandboxArgs } from './playwright-browser.js';

describe("Chromium's sandbox", () => {
  it('stays on for a user other than root, unless turned off', () => {
    expect(sandboxArgs(null, 1000)).toEqual([]);
    expect(sandboxArgs(undefined, 1000)).toEqual([]);
    expect(sandboxArgs(false, 1000)).toEqual(['--no-sandbox']);
  });

  it('is off as root, where Chromium refuses to start with it, unless asked for', () => {
    expect(sandboxArgs(null, 0)).toEqual(['--no-sandbox']);
    expect(sandboxArgs(true, 0)).toEqual([]);
  });

  it('is never turned off by the fixed launch arguments', () => {
    expect(CHROMIUM_ARGS).not.toContain('--no-sandbox');
  });
});
