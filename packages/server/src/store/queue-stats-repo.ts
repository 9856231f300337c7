import type { KeyMode } from '../accounts/api-key.js';
import type { QueueStats, QueueStatsSource } from '../queue/queue-stats.js';
import type { Queryable } from './db.js';

interface Row {
  mode: KeyMode;
  status: 'queued' | 'running';
  n: number;
  oldest: number | string | null;
}

/**
 * One query over the in-progress checks only (the queue's partial index, never the ended history):
 * counts by mode and state, and the age of the oldest entry that is due (its due time passed).
 */
export function createQueueStatsRepo(db: Queryable): QueueStatsSource {
  return {
    async read(): Promise<QueueStats> {
      const { rows } = await db.query<Row>(
        `SELECT mode, status, count(*)::integer AS n,
                extract(epoch FROM now() - min(due_at) FILTER (WHERE due_at <= now()))::float8 AS oldest
           FROM async_checks WHERE status IN ('queued', 'running')
          GROUP BY mode, status`,
      );
      const oldestDueSeconds: Record<KeyMode, number> = { live: 0, test: 0 };
      for (const row of rows) {
        oldestDueSeconds[row.mode] = Math.max(oldestDueSeconds[row.mode], Number(row.oldest ?? 0));
      }
      return {
        checks: rows.map((row) => ({ mode: row.mode, state: row.status, count: row.n })),
        oldestDueSeconds,
      };
    },
  };
}
