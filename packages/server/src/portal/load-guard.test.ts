import { describe, expect, it } from 'vitest';
import { availableMemoryBytes, startLoadGuard } from './load-guard.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('load guard', () => {
  it('refuses while available memory is under its floor, and admits again once it recovers', async () => {
    let available = 100 * 2 ** 20;
    const guard = startLoadGuard({
      maxEventLoopDelayMs: 10_000,
      minAvailableBytes: 256 * 2 ** 20,
      sampleMs: 20,
      availableBytes: () => available,
    });
    expect(guard.overloaded()).toMatch(/available memory 100 MiB under 256 MiB/);
    available = 2 ** 30;
    await wait(80);
    expect(guard.overloaded()).toBeNull();
    guard.stop();
  });

  it('refuses while the event loop stays late, not for one pause', async () => {
    const guard = startLoadGuard({ maxEventLoopDelayMs: 50, minAvailableBytes: 0, sampleMs: 100 });
    const block = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until) {
        // Blocking on purpose.
      }
    };
    block(150);
    for (let i = 0; i < 30; i += 1) {
      expect(guard.overloaded()).toBeNull();
      await wait(10);
    }
    // Late again and again: every sample sees a long delay.
    let seen: string | null = null;
    for (let i = 0; i < 12 && seen === null; i += 1) {
      block(150);
      // Long enough for the delay monitor's own timer to record the lateness.
      await wait(15);
      seen = guard.overloaded();
    }
    expect(seen).toMatch(/event loop delay p99 \d+ ms for 2 samples, over 50 ms/);
    guard.stop();
  });

  it('reads the machine memory', () => {
    expect(availableMemoryBytes()).toBeGreaterThan(0);
  });
});
