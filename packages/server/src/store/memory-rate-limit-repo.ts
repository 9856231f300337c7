import type { RateLimitRepo } from '../accounts/ports.js';

/** Past this many keys, ended windows are dropped (sign-in keys are chosen by whoever signs in). */
const PRUNE_FROM = 10_000;

/**
 * Fixed windows in memory, for the embedded database only: its data folder is locked to one process,
 * so this process sees every request and the count equals the SQL one, at no query cost.
 */
export function createMemoryRateLimitRepo(): RateLimitRepo {
  const windows = new Map<string, { start: number; end: number; hits: number }>();
  let pruneAt = PRUNE_FROM;
  const add = (keyId: string, windowStart: number, windowSeconds: number, by: number): number => {
    const current = windows.get(keyId);
    if (current && current.start === windowStart) {
      current.hits = Math.max(0, current.hits + by);
      return current.hits;
    }
    if (windows.size >= pruneAt) {
      // A window that ended before this one started is over whatever the clock says now.
      for (const [key, window] of windows) if (window.end <= windowStart) windows.delete(key);
      pruneAt = Math.max(PRUNE_FROM, windows.size * 2);
    }
    const hits = Math.max(0, by);
    windows.set(keyId, { start: windowStart, end: windowStart + windowSeconds, hits });
    return hits;
  };
  return {
    hit: async (keyId, windowStart, windowSeconds) => add(keyId, windowStart, windowSeconds, 1),
    add: async (keyId, windowStart, windowSeconds, by) => add(keyId, windowStart, windowSeconds, by),
  };
}
