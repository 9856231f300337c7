import type { ClusterStatus } from './cluster-status.js';
import { portalHealthWire } from './portal-health-wire.js';

/** `rtw-server status --json`: the cluster's status in the snake_case of every JSON answer. */
export function clusterStatusWire(status: ClusterStatus) {
  const oldest = status.queue.oldestDue;
  return {
    instances: status.instances.map((i) => ({
      id: i.id,
      host: i.host,
      version: i.version,
      slots: i.slots,
      portal_driver: i.portalDriver,
      key_id: i.keyId,
      started_at: i.startedAt,
      last_heartbeat_at: i.lastHeartbeatAt,
    })),
    queue: {
      by_state: status.queue.byState.map((s) => ({ mode: s.mode, status: s.status, count: s.count })),
      oldest_due: oldest
        ? {
            id: oldest.id,
            mode: oldest.mode,
            kind: oldest.kind,
            created_at: oldest.createdAt,
            age_seconds: oldest.ageSeconds,
          }
        : null,
      live_due: status.queue.liveDue,
    },
    portal: portalHealthWire(status.portal),
    warnings: [...status.warnings],
  };
}

export type ClusterStatusWire = ReturnType<typeof clusterStatusWire>;
