import type { KeyMode } from '../accounts/api-key.js';
import type { RecentCheck, RecentChecksRepo } from '../dashboard/recent-checks-port.js';
import type { Queryable } from './db.js';

interface Row {
  id: string;
  kind: string;
  way: 'async' | 'sync';
  status: RecentCheck['status'];
  error_code: string | null;
  created_at: Date | string;
  completed_at: Date | string | null;
}

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/**
 * Asynchronous checks (kept 30 days after their end) and synchronous ones (as long as their copy is
 * kept, 7 days): plain columns only, nothing sealed is read.
 */
export function createRecentChecksRepo(db: Queryable): RecentChecksRepo {
  return {
    async list(accountId: string, mode: KeyMode, since: Date, limit: number) {
      const { rows } = await db.query<Row>(
        `SELECT * FROM (
           SELECT id, kind, 'async' AS way, status, error_code, created_at, completed_at
             FROM async_checks WHERE account_id = $1 AND mode = $2 AND created_at >= $3
           UNION ALL
           SELECT id, kind, 'sync' AS way,
                  CASE WHEN http_status = 200 THEN 'succeeded' ELSE 'failed' END AS status,
                  error_code, created_at, created_at AS completed_at
             FROM check_copies WHERE account_id = $1 AND mode = $2 AND created_at >= $3
         ) recent
         ORDER BY created_at DESC, id
         LIMIT $4`,
        [accountId, mode, since, limit],
      );
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        way: row.way,
        status: row.status,
        errorCode: row.error_code,
        createdAt: toDate(row.created_at),
        completedAt: row.completed_at === null ? null : toDate(row.completed_at),
      }));
    },
  };
}
