import type { RateLimitRepo } from '../accounts/ports.js';
import type { Db } from './db.js';

/**
 * Fixed windows in the database, so every process on one PostgreSQL counts the same requests: one
 * atomic upsert-and-count per request. The retention sweep deletes windows once they have ended.
 */
export function createRateLimitRepo(db: Db): RateLimitRepo {
  const add = async (keyId: string, windowStart: number, by: number): Promise<number> => {
    const { rows } = await db.query<{ hits: number }>(
      `INSERT INTO rate_windows (key_id, window_second, hits) VALUES ($1, $2, GREATEST($3::int, 0))
       ON CONFLICT (key_id, window_second) DO UPDATE SET hits = GREATEST(rate_windows.hits + $3::int, 0)
       RETURNING hits`,
      [keyId, windowStart, by],
    );
    return rows[0]?.hits ?? Math.max(by, 0);
  };
  return {
    hit: (keyId, windowStart) => add(keyId, windowStart, 1),
    add: (keyId, windowStart, _windowSeconds, by) => add(keyId, windowStart, by),
  };
}
