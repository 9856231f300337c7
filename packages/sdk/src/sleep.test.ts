import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sleep } from './sleep.js';

describe('sleep', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves after the delay and leaves no listener or timer behind', async () => {
    const controller = new AbortController();
    let done = false;
    const waiting = sleep(1_000, controller.signal).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(done).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with the abort reason at once and clears its timer', async () => {
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal).catch((error: unknown) => error);
    controller.abort('stop');
    expect(await waiting).toBe('stop');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clamps delays past the timer limit instead of firing at once', async () => {
    let done = false;
    void sleep(1e13).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(done).toBe(false);
  });
});
