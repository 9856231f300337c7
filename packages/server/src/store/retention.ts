import { RATE_WINDOW_LONGEST_SECONDS } from '../accounts/ports.js';
import { type AsyncSweepReport, sweepAsyncChecks } from './async-retention.js';
import { type CheckRequestSweepReport, sweepCheckRequests } from './check-request-retention.js';
import type { Db } from './db.js';
import { deleteInBatches } from './in-batches.js';

/** A reservation older than this belongs to a process that died mid-check: give it back. */
export const STALE_RESERVATION_MS = 15 * 60 * 1000;
/** A window is kept a minute past the longest one's end (sign-in's 15 minutes), then swept. */
const RATE_WINDOW_KEEP_SECONDS = RATE_WINDOW_LONGEST_SECONDS + 60;

export interface SweepReport extends AsyncSweepReport, CheckRequestSweepReport {
  readonly checkCopies: number;
  readonly rateWindows: number;
  readonly staleReservations: number;
}

/**
 * Deletes what has outlived its retention as of `now`: investigation copies past their `expires_at`,
 * old rate-limit windows, reservations a crashed process left behind, and the results and then the
 * rows of ended asynchronous checks (async-retention.ts) and check requests. Safe to run from several processes at once.
 */
export async function sweepExpired(db: Db, now: Date): Promise<SweepReport> {
  const checkCopies = await deleteInBatches(db, 'check_copies', 'expires_at <= $1', 'expires_at', [now]);
  const windows = await db.query('DELETE FROM rate_windows WHERE window_second < $1', [
    Math.floor(now.getTime() / 1000) - RATE_WINDOW_KEEP_SECONDS,
  ]);
  const stale = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ released: number }>(
      `WITH gone AS (
         DELETE FROM usage_reservations r WHERE r.created_at < $1
           -- A queued or running asynchronous check holds its reservation for as long as it takes.
           AND NOT EXISTS (SELECT 1 FROM async_checks a WHERE a.reservation_id = r.id)
         RETURNING r.account_id, r.period
       ), per_counter AS (
         SELECT account_id, period, count(*)::integer AS n FROM gone GROUP BY account_id, period
       ), updated AS (
         UPDATE usage_counters c SET reserved = greatest(c.reserved - p.n, 0)
           FROM per_counter p WHERE c.account_id = p.account_id AND c.period = p.period
         RETURNING p.n
       )
       SELECT coalesce(sum(n), 0)::integer AS released FROM updated`,
      [new Date(now.getTime() - STALE_RESERVATION_MS)],
    );
    return rows[0]?.released ?? 0;
  });
  const asyncReport = await sweepAsyncChecks(db, now);
  const requestReport = await sweepCheckRequests(db, now);
  return {
    checkCopies,
    rateWindows: windows.rowCount,
    staleReservations: stale,
    ...asyncReport,
    ...requestReport,
  };
}
