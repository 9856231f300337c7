/**
 * A time written to a queue: a Date read from an injected clock (tests run long schedules in
 * seconds), or a span after the database's own now() (production: every process sharing the database
 * reads one clock, so leases and due times do not depend on how well the machines' clocks agree).
 */
export type QueueTime = Date | { readonly afterMs: number };

/** `ms` after now: on the injected clock when there is one, else on the database's. */
export function queueTimeAfter(clock: (() => Date) | undefined, ms: number): QueueTime {
  return clock ? new Date(clock().getTime() + ms) : { afterMs: ms };
}

/** A claimed queue entry: its id and the token every later write of the run is conditional on. */
export interface QueueJob {
  readonly id: string;
  readonly leaseToken: string;
}

/** What every claim of due entries says, whatever the queue. */
export interface LeaseClaim {
  readonly limit: number;
  /** The injected clock's now; absent, the database's now() says what is due. */
  readonly now?: Date | undefined;
  /** The lease: due again (claimable by anyone) at this time unless renewed. */
  readonly leaseUntil: QueueTime;
  readonly leaseToken: string;
  readonly workerId: string;
  /** Entries this worker is running: never claimed again here, even if their lease has run out. */
  readonly exclude: readonly string[];
}

/** A claim as the worker makes it: for one lane (asynchronous checks and webhooks use the key's mode). */
export interface ClaimRequest<Lane extends string = string> extends LeaseClaim {
  readonly lane: Lane;
}

/** The storage side of a leased queue: the two operations the worker needs. */
export interface LeasedQueue<J extends QueueJob, Lane extends string> {
  claim(input: LeaseClaim & { readonly mode: Lane }): Promise<J[]>;
  /** Whether an entry of `mode` is due, without taking it (asked before capacity is held for a claim). */
  anyDue?(input: Pick<LeaseClaim, 'now' | 'exclude'> & { readonly mode: Lane }): Promise<boolean>;
  /** Extends the lease; false when it was lost (another worker took the entry over, or it ended). */
  renewLease(id: string, leaseToken: string, leaseUntil: QueueTime): Promise<boolean>;
}

/** The worker's claim and renew, for a queue whose lanes are its rows' `mode`. */
export function leasedQueueOps<J extends QueueJob, Lane extends string>(queue: LeasedQueue<J, Lane>) {
  const { anyDue } = queue;
  return {
    claim: ({ lane, ...claim }: ClaimRequest<Lane>) => queue.claim({ mode: lane, ...claim }),
    ...(anyDue
      ? {
          anyDue: (lane: Lane, look: Pick<LeaseClaim, 'now' | 'exclude'>) =>
            anyDue.call(queue, { mode: lane, ...look }),
        }
      : {}),
    renew: (job: J, leaseUntil: QueueTime) => queue.renewLease(job.id, job.leaseToken, leaseUntil),
  };
}
