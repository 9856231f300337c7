import type { LeaseClaim, QueueTime } from '../queue/queue-ports.js';
import type { Queryable } from './db.js';

/**
 * The claim and lease SQL both queues share (asynchronous checks and webhook deliveries): each row is
 * its own queue entry, with `mode`, `due_at` (when a worker may take it: the next attempt, or the end
 * of the current run's lease), `lease_token` (who holds it) and `claimed_by`.
 */
export interface LeasedTable {
  readonly table: string;
  /** Rows a claim may take once due (waiting, or running with a lease that may run out). */
  readonly open: string;
  /** Rows whose lease can still be renewed. */
  readonly held: string;
  /** The order in which due rows are taken. */
  readonly order: string;
}

/** The two parameters of a QueueTime: the injected instant, or the span after the database's now(). */
export const timeParams = (time: QueueTime): [Date | null, number | null] =>
  time instanceof Date ? [time, null] : [null, time.afterMs];

/** The SQL of a QueueTime passed as `timeParams` in parameters `$at` and `$at+1`. */
export const timeSql = (at: number): string =>
  `coalesce($${at}::timestamptz, now() + $${at + 1}::double precision * interval '1 millisecond')`;

/** Now: the injected clock's when the caller has one (parameter `$at`), else the database's. */
export const nowSql = (at: number): string => `coalesce($${at}::timestamptz, now())`;

/**
 * A new entry is due at once. Whichever of the writer's clock and the database's is behind decides,
 * so a writer whose clock runs ahead never holds its own entry back.
 */
export const dueAtOnceSql = (param: number): string => `least($${param}::timestamptz, now())`;

/**
 * Takes up to `limit` due rows of `mode` with `FOR UPDATE SKIP LOCKED` (two workers never hold one
 * row) and leases them: a fresh token, the worker's id, due again when the lease ends. `set` adds
 * assignments of the queue's own (alias `q`; parameters from $9 on come from `extra`).
 */
export async function claimLeased<Row>(
  q: Queryable,
  spec: LeasedTable,
  claim: LeaseClaim & { readonly mode: string },
  options: {
    readonly set?: string;
    /** From the claimed row `q` and `due` (which has `id`, and the columns in `dueColumns`). */
    readonly returning: string;
    readonly dueColumns?: string;
    /** Joined to the claimed rows for RETURNING, e.g. `LEFT JOIN async_checks c ON c.id = due.check_id`. */
    readonly join?: string;
    readonly extra?: readonly unknown[];
  },
): Promise<Row[]> {
  const { rows } = await q.query<Row>(
    `WITH due AS (
       SELECT id${options.dueColumns ? `, ${options.dueColumns}` : ''} FROM ${spec.table}
        WHERE mode = $1 AND ${spec.open} AND due_at <= ${nowSql(2)} AND NOT (id = ANY($3::text[]))
        ORDER BY ${spec.order}
        LIMIT $4
        FOR UPDATE SKIP LOCKED
     )
     UPDATE ${spec.table} q SET lease_token = $5, claimed_by = $6, due_at = ${timeSql(7)}${
       options.set ? `, ${options.set}` : ''
     }
       FROM due ${options.join ?? ''}
      WHERE q.id = due.id
     RETURNING ${options.returning}`,
    [
      claim.mode,
      claim.now ?? null,
      [...claim.exclude],
      claim.limit,
      claim.leaseToken,
      claim.workerId,
      ...timeParams(claim.leaseUntil),
      ...(options.extra ?? []),
    ],
  );
  return rows;
}

/** Whether any row of `mode` is due (a look without a lock, before capacity is held for a claim). */
export async function anyDue(
  q: Queryable,
  spec: LeasedTable,
  input: Pick<LeaseClaim, 'now' | 'exclude'> & { readonly mode: string },
): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM ${spec.table}
      WHERE mode = $1 AND ${spec.open} AND due_at <= ${nowSql(2)} AND NOT (id = ANY($3::text[])) LIMIT 1`,
    [input.mode, input.now ?? null, [...input.exclude]],
  );
  return rows.length > 0;
}

/** Extends a lease; false when it was lost (the token was replaced, or the row ended). */
export async function renewLeased(
  q: Queryable,
  spec: LeasedTable,
  id: string,
  leaseToken: string,
  leaseUntil: QueueTime,
): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE ${spec.table} SET due_at = ${timeSql(3)} WHERE id = $1 AND lease_token = $2 AND ${spec.held}`,
    [id, leaseToken, ...timeParams(leaseUntil)],
  );
  return rowCount > 0;
}
