import type { Logger } from 'pino';
import { safeError } from '../safe-error.js';
import { groupCommit } from './group-commit.js';
import type { AttemptRecord, WebhookDeliveriesRepo } from './webhook-ports.js';

/** How long a delivered attempt's log line waits for others to share its statement. */
const DELIVERED_LOG_LINGER_MS = 20;

export interface AttemptLog {
  /** Logs the attempt and moves the delivery on; false when its lease was lost. */
  write(attempt: AttemptRecord): Promise<boolean>;
  /**
   * A delivered attempt: nothing waits on its log line (no retry to schedule, no e-mail), so the job
   * ends at once and the line waits a little for others to share its statement. Until the line is
   * written the delivery stays leased, so nobody takes it again; a crash before then sends it again
   * once the lease ends, as a crash between the POST and the log always did (at least once).
   */
  writeBehind(attempt: AttemptRecord): void;
  /** Waits for the lines still being written behind (before the database closes). */
  settle(): Promise<void>;
}

/** The attempt log's writers: attempts that end while a write is in progress share the next one (group-commit.ts). */
export function createAttemptLog(
  deliveries: Pick<WebhookDeliveriesRepo, 'recordAttempts'>,
  log: Logger,
): AttemptLog {
  const writeAll = (attempts: readonly AttemptRecord[]) => deliveries.recordAttempts(attempts);
  const write = groupCommit(writeAll, { maxBatch: 64 });
  const writeLater = groupCommit(writeAll, { maxBatch: 64, lingerMs: DELIVERED_LOG_LINGER_MS });
  const inFlight = new Set<Promise<void>>();
  return {
    write,
    writeBehind(attempt) {
      const deliveryId = attempt.delivery.id;
      const line: Promise<void> = writeLater(attempt)
        .then(
          (held) => {
            if (!held) log.warn({ deliveryId }, 'webhook delivery lease lost; its attempt was not recorded');
          },
          (error: unknown) => log.error({ err: safeError(error), deliveryId }, 'webhook attempt log failed'),
        )
        .finally(() => inFlight.delete(line));
      inFlight.add(line);
    },
    async settle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
