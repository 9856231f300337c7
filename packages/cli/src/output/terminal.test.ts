import { describe, expect, it } from 'vitest';
import { animationEnabled, colorEnabled, isCi } from './terminal.js';

const tty = { write: () => true, isTTY: true };
const pipe = { write: () => true, isTTY: false };

describe('colorEnabled', () => {
  it('colours a terminal only', () => {
    expect(colorEnabled(tty, {}, true)).toBe(true);
    expect(colorEnabled(pipe, {}, true)).toBe(false);
  });

  it('honours --no-color, NO_COLOR and TERM=dumb', () => {
    expect(colorEnabled(tty, {}, false)).toBe(false);
    expect(colorEnabled(tty, { NO_COLOR: '1' }, true)).toBe(false);
    expect(colorEnabled(tty, { TERM: 'dumb' }, true)).toBe(false);
  });

  it('lets FORCE_COLOR colour a pipe, but not over NO_COLOR or --no-color', () => {
    expect(colorEnabled(pipe, { FORCE_COLOR: '1' }, true)).toBe(true);
    expect(colorEnabled(tty, { FORCE_COLOR: '0' }, true)).toBe(false);
    expect(colorEnabled(pipe, { FORCE_COLOR: '1', NO_COLOR: '1' }, true)).toBe(false);
    expect(colorEnabled(pipe, { FORCE_COLOR: '1' }, false)).toBe(false);
  });
});

describe('animationEnabled', () => {
  it('animates a terminal outside CI only', () => {
    expect(animationEnabled(tty, {}, false)).toBe(true);
    expect(animationEnabled(pipe, {}, false)).toBe(false);
    expect(animationEnabled(tty, { CI: 'true' }, false)).toBe(false);
    expect(animationEnabled(tty, { TERM: 'dumb' }, false)).toBe(false);
    expect(animationEnabled(tty, {}, true)).toBe(false);
  });

  it('reads CI=false and CI=0 as not CI', () => {
    expect(isCi({ CI: 'false' })).toBe(false);
    expect(isCi({ CI: '0' })).toBe(false);
    expect(isCi({ CI: '1' })).toBe(true);
  });
});
