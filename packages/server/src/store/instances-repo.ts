import type { CheckKind } from '@sharecode/core';
import type { KeyMode } from '../accounts/api-key.js';
import type { InstanceRecord, InstancesRepo, QueueSummary } from '../health/cluster-ports.js';
import { type Db, toNumber } from './db.js';
import { createQueueStatsRepo } from './queue-stats-repo.js';

const iso = (value: unknown): string => new Date(value as string | Date).toISOString();

const ttl = (param: number) => `now() + $${param}::double precision * interval '1 millisecond'`;

/** Instances and the queue's summary, on the database's clock. */
export function createInstancesRepo(db: Db): InstancesRepo {
  const queueStats = createQueueStatsRepo(db);
  return {
    async register(instance, ttlMs) {
      await db.query(
        `INSERT INTO instances (id, host, version, slots, portal_driver, started_at, heartbeat_at, expires_at, key_id)
         VALUES ($1, $2, $3, $4, $5, now(), now(), ${ttl(6)}, $7)
         ON CONFLICT (id) DO UPDATE
           SET heartbeat_at = now(), expires_at = excluded.expires_at`,
        [
          instance.id,
          instance.host,
          instance.version,
          instance.slots,
          instance.portalDriver,
          ttlMs,
          instance.keyId ?? null,
        ],
      );
    },
    async heartbeat(id, ttlMs) {
      const { rowCount } = await db.query(
        `UPDATE instances SET heartbeat_at = now(), expires_at = ${ttl(2)} WHERE id = $1`,
        [id, ttlMs],
      );
      return rowCount > 0;
    },
    async remove(id) {
      await db.query('DELETE FROM instances WHERE id = $1', [id]);
    },
    async alive() {
      await db.query('DELETE FROM instances WHERE expires_at <= now()');
      const { rows } = await db.query<{
        id: string;
        host: string;
        version: string;
        slots: number;
        portal_driver: boolean;
        key_id: string | null;
        started_at: unknown;
        heartbeat_at: unknown;
      }>(
        `SELECT id, host, version, slots, portal_driver, key_id, started_at, heartbeat_at FROM instances
          ORDER BY started_at, id`,
      );
      return rows.map(
        (r): InstanceRecord => ({
          id: r.id,
          host: r.host,
          version: r.version,
          slots: r.slots,
          portalDriver: r.portal_driver,
          keyId: r.key_id,
          startedAt: iso(r.started_at),
          lastHeartbeatAt: iso(r.heartbeat_at),
        }),
      );
    },
    async queue(): Promise<QueueSummary> {
      // The counts by mode and state are the metrics' own query (queue-stats-repo.ts).
      const [stats, oldest, due] = await Promise.all([
        queueStats.read(),
        db.query<{ id: string; mode: KeyMode; kind: CheckKind; created_at: unknown; age: unknown }>(
          `SELECT id, mode, kind, created_at,
                  greatest(0, extract(epoch FROM now() - created_at)) AS age
             FROM async_checks WHERE status = 'queued' AND due_at <= now()
            ORDER BY created_at, id LIMIT 1`,
        ),
        db.query<{ count: unknown }>(
          `SELECT count(*) AS count FROM async_checks
            WHERE mode = 'live' AND status = 'queued' AND due_at <= now()`,
        ),
      ]);
      const first = oldest.rows[0];
      return {
        byState: stats.checks
          .map((c) => ({ mode: c.mode, status: c.state, count: c.count }))
          .sort((a, b) => a.mode.localeCompare(b.mode) || a.status.localeCompare(b.status)),
        oldestDue: first
          ? {
              id: first.id,
              mode: first.mode,
              kind: first.kind,
              createdAt: iso(first.created_at),
              ageSeconds: Math.floor(toNumber(first.age)),
            }
          : null,
        liveDue: due.rows[0] ? toNumber(due.rows[0].count) : 0,
      };
    },
  };
}
