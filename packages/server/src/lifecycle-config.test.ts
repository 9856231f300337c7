import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAIN_SECONDS, loadLifecycleConfig } from './lifecycle-config.js';

describe('RTW_DRAIN_SECONDS', () => {
  it('defaults to 80 s, under compose’s 90 s stop grace and over a check’s 60 s timeout', () => {
    const loaded = loadLifecycleConfig({}, {}, false);
    expect(loaded.ok && loaded.value.drainMs).toBe(DEFAULT_DRAIN_SECONDS * 1000);
    expect(DEFAULT_DRAIN_SECONDS).toBe(80);
  });

  it('takes seconds, fractions allowed', () => {
    const loaded = loadLifecycleConfig({}, { RTW_DRAIN_SECONDS: '2.5' }, false);
    expect(loaded.ok && loaded.value.drainMs).toBe(2500);
  });

  it('refuses a drain time not longer than the shutdown delay, saying why', () => {
    const loaded = loadLifecycleConfig(
      {},
      { RTW_DRAIN_SECONDS: '10', RTW_SHUTDOWN_DELAY_SECONDS: '10' },
      false,
    );
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.error.join(' ')).toMatch(/RTW_DRAIN_SECONDS \(10\) must be longer than/);
  });

  it('refuses what is not a number of seconds', () => {
    const loaded = loadLifecycleConfig({}, { RTW_DRAIN_SECONDS: 'soon' }, false);
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.error.join(' ')).toMatch(/RTW_DRAIN_SECONDS/);
  });
});
