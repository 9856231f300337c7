import type { Logger } from 'pino';
import { safeError } from '../safe-error.js';
import type { InstanceRegistration, InstancesRepo } from './cluster-ports.js';

/** Heartbeats an instance may miss before the others forget it (decisions.md, issue 26). */
export const MISSED_HEARTBEATS = 3;

export interface InstanceHeartbeat {
  /**
   * Registers again now (the server, registered before it set up its HTTP stack, calls it once it
   * listens: that setup may outlast the registration's time to live on a busy machine).
   */
  renew(): Promise<void>;
  /** Unregisters this instance (a clean shutdown): the others stop counting it at once. */
  stop(): Promise<void>;
}

/**
 * Registers this instance on the shared database and renews the registration every `intervalMs`;
 * after MISSED_HEARTBEATS missed beats its row expires and every reader forgets it. A beat that
 * finds its row gone (the database was unreachable that long) registers again. Each beat also looks
 * at the queue: live checks due while no instance with a portal driver is alive are warned about
 * once, and once more only after the situation has cleared and come back.
 */
export async function startInstanceHeartbeat(options: {
  readonly repo: InstancesRepo;
  readonly instance: InstanceRegistration;
  readonly intervalMs: number;
  readonly log: Logger;
}): Promise<InstanceHeartbeat> {
  const { repo, instance, intervalMs, log } = options;
  const ttlMs = intervalMs * MISSED_HEARTBEATS;
  await repo.register(instance, ttlMs);
  let stranded = false;
  const watchStranded = async () => {
    const [alive, queue] = await Promise.all([repo.alive(), repo.queue()]);
    const now = queue.liveDue > 0 && !alive.some((each) => each.portalDriver);
    if (now && !stranded) {
      log.warn(
        { liveChecksWaiting: queue.liveDue, instances: alive.length },
        'live checks are waiting in the queue: no instance with a portal driver is running (start one without --no-portal-driver)',
      );
    } else if (!now && stranded) {
      log.info('an instance with a portal driver is running again: waiting live checks will be claimed');
    }
    stranded = now;
  };
  let beating: Promise<void> = watchStranded().catch(() => {});
  const beat = async () => {
    try {
      if (!(await repo.heartbeat(instance.id, ttlMs))) {
        log.warn(
          { instanceId: instance.id },
          'this instance had been forgotten (missed heartbeats): registering again',
        );
        await repo.register(instance, ttlMs);
      }
      await watchStranded();
    } catch (error) {
      log.error({ err: safeError(error) }, 'instance heartbeat failed');
    }
  };
  const timer = setInterval(() => {
    beating = beating.then(beat);
  }, intervalMs);
  timer.unref();
  return {
    renew() {
      beating = beating.then(() => repo.register(instance, ttlMs));
      return beating;
    },
    async stop() {
      clearInterval(timer);
      await beating;
      await repo.remove(instance.id).catch((error: unknown) => {
        log.error({ err: safeError(error) }, 'could not unregister this instance');
      });
    },
  };
}
