import { describe, expect, it } from 'vitest';
import { isCheckId, newCheckId, newEventId, randomToken } from './ids.js';

describe('ids', () => {
  it('makes check and event ids of 32 letters and digits', () => {
    expect(newCheckId()).toMatch(/^chk_[A-Za-z0-9]{32}$/);
    expect(newEventId()).toMatch(/^evt_[A-Za-z0-9]{32}$/);
    expect(isCheckId(newCheckId())).toBe(true);
    expect(isCheckId('chk_short')).toBe(false);
    expect(isCheckId(42)).toBe(false);
  });

  it('does not repeat and uses the whole alphabet', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newCheckId()));
    expect(ids.size).toBe(1000);
    const seen = new Set(randomToken(20_000));
    expect(seen.size).toBe(62);
  });
});
