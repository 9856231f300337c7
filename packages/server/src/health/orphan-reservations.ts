import type { Logger } from 'pino';
import type { OrphanRelease } from '../accounts/ports.js';
import type { CheckObserver } from '../checks/observer-port.js';
import { safeError } from '../safe-error.js';

export interface OrphanReleaseLoop {
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Every `intervalMs` (the heartbeat's), gives back the quota reservations of instances that stopped
 * heartbeating: killed, out of memory, or stopped past their drain time. Each live instance runs it;
 * the database makes each release happen once (usage-repo.ts), and whoever releases logs and counts.
 * An instance is forgotten after MISSED_HEARTBEATS missed beats, so a dead one's quota comes back
 * within four heartbeats (40 s by default).
 */
export function startOrphanRelease(options: {
  readonly releaseOrphans: () => Promise<OrphanRelease[]>;
  readonly intervalMs: number;
  readonly log: Logger;
  readonly observer: Pick<CheckObserver, 'reservationsReleased'>;
}): OrphanReleaseLoop {
  const { log, observer } = options;
  const pass = async () => {
    try {
      for (const { instanceId, count } of await options.releaseOrphans()) {
        log.warn(
          { instanceId, reservations: count },
          'gave back the quota reservations of an instance that stopped heartbeating (its checks were never answered, nothing was charged)',
        );
        observer.reservationsReleased({ reason: 'instance_gone', count });
      }
    } catch (error) {
      log.error({ err: safeError(error) }, 'could not give back the reservations of stopped instances');
    }
  };
  let passing: Promise<void> = pass();
  const timer = setInterval(() => {
    passing = passing.then(pass);
  }, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await passing;
    },
  };
}
