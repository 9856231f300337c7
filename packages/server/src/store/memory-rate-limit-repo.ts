import type { RateLimitRepo } from '../accounts/ports.js';

/**
 * Fixed one-second windows in memory, for the embedded database only: its data folder is locked to
 * one process, so this process sees every request and the count equals the SQL one, at no query cost.
 */
export function createMemoryRateLimitRepo(): RateLimitRepo {
  const windows = new Map<string, { second: number; hits: number }>();
  return {
    async hit(keyId, windowSecond) {
      const current = windows.get(keyId);
      if (current && current.second === windowSecond) {
        current.hits += 1;
        return current.hits;
      }
      windows.set(keyId, { second: windowSecond, hits: 1 });
      return 1;
    },
  };
}
