import type { RateLimitRepo } from '../accounts/ports.js';
import type { Db } from './db.js';

/**
 * Fixed windows in the database, so every process on one PostgreSQL counts the same requests: one
 * atomic upsert-and-count per request. The retention sweep deletes windows once they have ended.
 */
export function createRateLimitRepo(db: Db): RateLimitRepo {
  return {
    async hit(keyId, windowStart) {
      const { rows } = await db.query<{ hits: number }>(
        `INSERT INTO rate_windows (key_id, window_second, hits) VALUES ($1, $2, 1)
         ON CONFLICT (key_id, window_second) DO UPDATE SET hits = rate_windows.hits + 1
         RETURNING hits`,
        [keyId, windowStart],
      );
      return rows[0]?.hits ?? 1;
    },
  };
}
