import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { safeError } from '../safe-error.js';
import { type ClaimRequest, type QueueJob, type QueueTime, queueTimeAfter } from './queue-ports.js';

export type { ClaimRequest, QueueJob } from './queue-ports.js';

export interface QueueWorkerOptions<J extends QueueJob, Lane extends string = string> {
  /** Jobs run at once by this process. */
  readonly concurrency: number;
  /** Of those, per lane (live checks are held to the portal's check slots); its keys are the lanes. */
  readonly laneConcurrency: Readonly<Record<Lane, number>>;
  readonly pollIntervalMs: number;
  readonly leaseMs: number;
  /**
   * An injected clock (tests): claims and leases then carry its instants. Absent, the database's clock
   * decides what is due and when a lease ends.
   */
  readonly clock?: (() => Date) | undefined;
  /** Identifies this process's claims in the queue (`claimed_by`); random by default. */
  readonly workerId?: string | undefined;
  readonly log: Logger;
  claim(request: ClaimRequest<Lane>): Promise<J[]>;
  /**
   * Capacity a lane's job needs beyond the worker's own lanes (live checks: a portal check slot,
   * which synchronous checks share): up to `count` held now, or null when the lane needs none. The
   * claim then asks for no more jobs than were held, so a job is only claimed when it can run.
   */
  reserve?(lane: Lane, count: number): ReservedCapacity[] | null;
  /**
   * Whether a job of the lane is due, looked at before capacity is reserved: an empty queue then
   * holds no slot even for the moment of a claim (a synchronous check would find it taken).
   */
  anyDue?(
    lane: Lane,
    look: { readonly now?: Date | undefined; readonly exclude: readonly string[] },
  ): Promise<boolean>;
  /** Extends a running job's lease; false when it was lost. */
  renew(job: J, leaseUntil: QueueTime): Promise<boolean>;
  /**
   * Runs the job to its next state; `wakeAfterMs` asks for a look at the queue then (a retry's due
   * time). `reserved` is the capacity held for it, released by the worker once the run ends.
   */
  run(job: J, reserved?: ReservedCapacity): Promise<{ readonly wakeAfterMs?: number }>;
}

/** Capacity held for one job; release is idempotent (and a no-op once the run took it over). */
export interface ReservedCapacity {
  release(): void;
}

export interface QueueWorker<Lane extends string = string> {
  /** Identifies this process's claims in the queue (`claimed_by`). */
  readonly workerId: string;
  start(): void;
  /** Look for due jobs now (a job was just queued here); `lane` narrows the look to that lane. */
  nudge(lane?: Lane): void;
  /** Stops claiming and waits for the jobs in hand to reach their next state. */
  stop(): Promise<void>;
}

/**
 * The loop every server process runs: claim due jobs up to its concurrency (on a timer, when nudged,
 * and whenever a job finishes), run each while renewing its lease every third of the lease, and let
 * the lease of anything it cannot finish run out so another process takes it over.
 */
export function createQueueWorker<J extends QueueJob, Lane extends string = string>(
  options: QueueWorkerOptions<J, Lane>,
): QueueWorker<Lane> {
  const { clock, log, leaseMs } = options;
  const workerId = options.workerId ?? `wrk_${randomBytes(12).toString('hex')}`;
  const allLanes = Object.keys(options.laneConcurrency) as Lane[];
  const inFlight = new Map<string, { readonly lane: Lane; readonly done: Promise<void> }>();
  const wakeTimers = new Set<NodeJS.Timeout>();
  let claims = 0;
  let running = false;
  let ticking = false;
  /** Lanes to look at on the next pass: a finished job or a nudge names its lane, a timer names all. */
  const pending = new Set<Lane>();
  /** Lanes whose last look may have left due jobs behind (no room, or a full batch came back). */
  const backlog = new Set<Lane>();
  let pollTimer: NodeJS.Timeout | null = null;

  const inLane = (lane: Lane) => [...inFlight.values()].filter((job) => job.lane === lane).length;

  const wakeAfter = (ms: number) => {
    const timer = setTimeout(() => {
      wakeTimers.delete(timer);
      tick(null);
    }, ms);
    timer.unref();
    wakeTimers.add(timer);
  };

  const launch = (lane: Lane, job: J, reserved: ReservedCapacity | undefined) => {
    const renewal = setInterval(
      () => {
        options.renew(job, queueTimeAfter(clock, leaseMs)).then(
          (held) => {
            if (held) return;
            // Another worker has the job: this run's writes will be refused, nothing more to hold.
            clearInterval(renewal);
            log.warn({ jobId: job.id }, 'queue lease lost while running');
          },
          (error: unknown) =>
            log.error({ err: safeError(error), jobId: job.id }, 'queue lease renewal failed'),
        );
      },
      Math.max(1, Math.floor(leaseMs / 3)),
    );
    renewal.unref();
    const done = (async () => {
      try {
        const next = await options.run(job, reserved);
        if (next.wakeAfterMs !== undefined && running) wakeAfter(next.wakeAfterMs);
      } catch (error) {
        // Nothing was written for this run: its lease runs out and a worker runs it again.
        log.error({ err: safeError(error), jobId: job.id }, 'queue job failed');
      } finally {
        reserved?.release();
        clearInterval(renewal);
        inFlight.delete(job.id);
        // The room freed serves this lane, or any lane that had to leave due jobs waiting.
        tick([lane, ...backlog]);
      }
    })();
    inFlight.set(job.id, { lane, done });
  };

  async function claimDue(lanes: readonly Lane[]): Promise<void> {
    for (const lane of lanes) {
      const free = Math.min(
        options.concurrency - inFlight.size,
        options.laneConcurrency[lane] - inLane(lane),
      );
      if (!running) return;
      // The capacity first: a job claimed without it would only fail (BUSY) and spend an attempt.
      const reserved = free > 0 ? await reserveFor(lane, free) : null;
      const room = reserved === null ? free : reserved.length;
      if (room <= 0) {
        backlog.add(lane);
        continue;
      }
      let jobs: J[];
      try {
        jobs = await claimJobs(lane, room);
      } catch (error) {
        for (const held of reserved ?? []) held.release();
        throw error;
      }
      // Given back at once when the claim found fewer jobs than were held.
      for (const held of reserved?.slice(jobs.length) ?? []) held.release();
      if (jobs.length >= room) backlog.add(lane);
      else backlog.delete(lane);
      jobs.forEach((job, i) => {
        launch(lane, job, reserved?.[i]);
      });
    }
  }

  /** Capacity for up to `free` jobs of the lane, when it needs any and a job is due; null: none needed. */
  async function reserveFor(lane: Lane, free: number): Promise<ReservedCapacity[] | null> {
    // Asking for none holds nothing: it only says whether the lane needs capacity at all.
    if (!options.reserve || options.reserve(lane, 0) === null) return null;
    if (options.anyDue && !(await options.anyDue(lane, { now: clock?.(), exclude: [...inFlight.keys()] })))
      return [];
    return options.reserve(lane, free);
  }

  function claimJobs(lane: Lane, limit: number): Promise<J[]> {
    const now = clock?.();
    claims += 1;
    return options.claim({
      lane,
      limit,
      now,
      leaseUntil: now ? new Date(now.getTime() + leaseMs) : { afterMs: leaseMs },
      leaseToken: `${workerId}.${claims}`,
      workerId,
      exclude: [...inFlight.keys()],
    });
  }

  function tick(lanes: readonly Lane[] | null): void {
    if (!running) return;
    for (const lane of lanes ?? allLanes) pending.add(lane);
    if (ticking) return;
    ticking = true;
    void (async () => {
      try {
        // Jobs that end together (their writes shared one commit) free their room together: look once
        // they all have, so one claim serves them all instead of one claim each.
        await new Promise<void>((resolve) => setImmediate(resolve));
        while (pending.size > 0 && running) {
          const lanes = allLanes.filter((each) => pending.has(each));
          pending.clear();
          await claimDue(lanes);
        }
      } catch (error) {
        log.error({ err: safeError(error) }, 'queue claim failed');
      } finally {
        ticking = false;
      }
    })();
  }

  return {
    workerId,
    start() {
      if (running) return;
      running = true;
      // A fixed beat, never pushed back by busy lanes, so every lane is looked at on time.
      pollTimer = setInterval(() => tick(null), options.pollIntervalMs);
      pollTimer.unref();
      tick(null);
    },
    nudge: (lane) => tick(lane ? [lane] : null),
    async stop() {
      running = false;
      if (pollTimer) clearInterval(pollTimer);
      for (const timer of wakeTimers) clearTimeout(timer);
      wakeTimers.clear();
      // A claim in progress may still launch jobs: wait until it has, then for every job in hand.
      while (ticking) await new Promise((resolve) => setTimeout(resolve, 5));
      await Promise.all([...inFlight.values()].map((job) => job.done));
    },
  };
}
