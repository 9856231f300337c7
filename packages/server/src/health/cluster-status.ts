import type { InstanceRecord, InstancesRepo, QueueSummary } from './cluster-ports.js';
import type { PortalHealth, PortalHealthReport } from './portal-health.js';

/** What `rtw-server status` shows: the same whichever instance (or database) it reads. */
export interface ClusterStatus {
  readonly instances: readonly InstanceRecord[];
  readonly queue: QueueSummary;
  readonly portal: PortalHealthReport;
  /** What an operator should act on, in words; empty when nothing. */
  readonly warnings: readonly string[];
}

/** The cluster as the shared database tells it (also what metrics read for the cluster's figures). */
export async function readClusterStatus(deps: {
  readonly instances: InstancesRepo;
  readonly portalHealth: Pick<PortalHealth, 'report'>;
}): Promise<ClusterStatus> {
  const [instances, queue, portal] = await Promise.all([
    deps.instances.alive(),
    deps.instances.queue(),
    deps.portalHealth.report(),
  ]);
  return { instances, queue, portal, warnings: clusterWarnings(instances, queue) };
}

export function clusterWarnings(instances: readonly InstanceRecord[], queue: QueueSummary): string[] {
  const warnings: string[] = [];
  if (instances.length === 0)
    warnings.push('No rtw-server instance is running on this database: nothing claims queued checks.');
  else if (!instances.some((each) => each.portalDriver)) {
    warnings.push(
      queue.liveDue > 0
        ? `${queue.liveDue} live ${queue.liveDue === 1 ? 'check is' : 'checks are'} waiting in the queue: no running instance has a portal driver. Start one without --no-portal-driver.`
        : 'No running instance has a portal driver: live checks will wait in the queue until one starts.',
    );
  }
  return warnings;
}
