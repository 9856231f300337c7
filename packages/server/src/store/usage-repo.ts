import type { UsageCounts, UsageRepo } from '../accounts/ports.js';
import type { Db, Queryable } from './db.js';

/**
 * Monthly usage per account. Admission is one conditional upsert on the account's counter row, so two
 * processes racing for the last included check serialise on that row and exactly one is admitted.
 * A reservation row remembers each admitted check until it is charged or released; the retention
 * sweep gives back reservations a crashed process left behind.
 */
export function createUsageRepo(db: Db): UsageRepo {
  return {
    reserve: (input) =>
      db.transaction(async (tx) => {
        const { rows } = await tx.query<UsageCounts>(
          `INSERT INTO usage_counters (account_id, period, used, reserved)
           SELECT $1, $2, 0, 1 WHERE $3::integer > 0
           ON CONFLICT (account_id, period) DO UPDATE SET reserved = usage_counters.reserved + 1
           WHERE usage_counters.used + usage_counters.reserved < $3::integer
           RETURNING used, reserved`,
          [input.accountId, input.period, input.ceiling],
        );
        const admitted = rows[0];
        if (!admitted) return { granted: false, ...(await countsIn(tx, input.accountId, input.period)) };
        await tx.query(
          `INSERT INTO usage_reservations (id, account_id, period, key_id, created_at, instance_id, check_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [
            input.reservationId,
            input.accountId,
            input.period,
            input.keyId,
            input.now,
            input.holder?.instanceId ?? null,
            input.holder?.checkId ?? null,
          ],
        );
        return { granted: true, used: admitted.used, reserved: admitted.reserved };
      }),

    commit: (input) =>
      db.transaction(async (tx) => {
        const held = await tx.query('DELETE FROM usage_reservations WHERE id = $1 RETURNING id', [
          input.reservationId,
        ]);
        // A reservation the sweep already gave back (the check outlived the stale limit) is still charged.
        const { rows } = await tx.query<UsageCounts>(
          `INSERT INTO usage_counters (account_id, period, used, reserved) VALUES ($1, $2, 1, 0)
           ON CONFLICT (account_id, period) DO UPDATE
             SET used = usage_counters.used + 1, reserved = greatest(usage_counters.reserved - $3::integer, 0)
           RETURNING used, reserved`,
          [input.accountId, input.period, held.rowCount > 0 ? 1 : 0],
        );
        const counts = rows[0] ?? { used: 1, reserved: 0 };
        const overage = counts.used > input.includedChecks;
        await tx.query(
          `INSERT INTO usage_ledger
             (check_id, account_id, key_id, period, kind, plan, overage, amount_pence, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            input.checkId,
            input.accountId,
            input.keyId,
            input.period,
            input.kind,
            input.plan,
            overage,
            overage ? input.overagePence : 0,
            input.now,
          ],
        );
        return counts;
      }),

    release: (reservationId) =>
      db.transaction(async (tx) => {
        await tx.query(
          `WITH gone AS (DELETE FROM usage_reservations WHERE id = $1 RETURNING account_id, period)
           UPDATE usage_counters c SET reserved = c.reserved - 1
             FROM gone WHERE c.account_id = gone.account_id AND c.period = gone.period`,
          [reservationId],
        );
      }),

    async releaseOrphans() {
      // One statement, so atomic without a transaction of its own. Its DELETE decides: a second
      // instance running it at the same time waits on the rows' locks and then finds them gone, so
      // each reservation is given back once.
      const { rows } = await db.query<{ instance_id: string; n: number }>(
        `WITH gone AS (
           DELETE FROM usage_reservations r
            WHERE r.instance_id IS NOT NULL
              AND NOT EXISTS (SELECT 1 FROM instances i WHERE i.id = r.instance_id AND i.expires_at > now())
              AND NOT EXISTS (SELECT 1 FROM async_checks a WHERE a.reservation_id = r.id)
           RETURNING r.account_id, r.period, r.instance_id
         ), per_counter AS (
           SELECT account_id, period, count(*)::integer AS n FROM gone GROUP BY account_id, period
         ), updated AS (
           UPDATE usage_counters c SET reserved = greatest(c.reserved - p.n, 0)
             FROM per_counter p WHERE c.account_id = p.account_id AND c.period = p.period
         )
         SELECT instance_id, count(*)::integer AS n FROM gone GROUP BY instance_id ORDER BY instance_id`,
      );
      return rows.map((row) => ({ instanceId: row.instance_id, count: row.n }));
    },

    counts: (accountId, period) => countsIn(db, accountId, period),

    async summary(accountId, period) {
      const counts = await countsIn(db, accountId, period);
      const { rows } = await db.query<{ checks: number; pence: number }>(
        `SELECT count(*)::integer AS checks, coalesce(sum(amount_pence), 0)::integer AS pence
           FROM usage_ledger WHERE account_id = $1 AND period = $2 AND overage`,
        [accountId, period],
      );
      return { ...counts, overageChecks: rows[0]?.checks ?? 0, overagePence: rows[0]?.pence ?? 0 };
    },
  };
}

async function countsIn(q: Queryable, accountId: string, period: string): Promise<UsageCounts> {
  const { rows } = await q.query<UsageCounts>(
    'SELECT used, reserved FROM usage_counters WHERE account_id = $1 AND period = $2',
    [accountId, period],
  );
  return rows[0] ?? { used: 0, reserved: 0 };
}
