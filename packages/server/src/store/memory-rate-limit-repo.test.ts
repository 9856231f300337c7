import { describe, expect, it } from 'vitest';
import { createMemoryRateLimitRepo } from './memory-rate-limit-repo.js';

describe('in-memory rate windows', () => {
  it('counts within a window and starts again in the next', async () => {
    const repo = createMemoryRateLimitRepo();
    expect(await repo.hit('k', 100, 1)).toBe(1);
    expect(await repo.hit('k', 100, 1)).toBe(2);
    expect(await repo.hit('k', 101, 1)).toBe(1);
  });

  it('drops ended windows once there are many keys, and keeps the live ones counting', async () => {
    const repo = createMemoryRateLimitRepo();
    // A 15-minute window from t=0, then 20,000 one-second windows of other keys up to t=200.
    expect(await repo.hit('long', 0, 900)).toBe(1);
    for (let i = 0; i < 20_000; i++) await repo.hit(`short${i}`, Math.floor(i / 100), 1);
    expect(await repo.hit('long', 0, 900)).toBe(2);
    // The last short windows, still live when the pruning ran, kept their counts.
    expect(await repo.hit('short19999', 199, 1)).toBe(2);
    expect(await repo.hit('short0', 300, 1)).toBe(1);
  });
});
