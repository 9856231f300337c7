import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { KeyMode } from '../accounts/api-key.js';
import { type ClaimRequest, createQueueWorker, type QueueWorker } from './async-worker.js';

interface Job {
  readonly id: string;
  readonly leaseToken: string;
  readonly lane: KeyMode;
}

const settle = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

/** A queue in memory: due jobs per lane, handed out as the worker claims them. */
function fakeQueue(jobs: Job[]) {
  const claims: ClaimRequest[] = [];
  const due = [...jobs];
  return {
    claims,
    due,
    async claim(request: ClaimRequest): Promise<Job[]> {
      claims.push(request);
      const taken: Job[] = [];
      for (const job of [...due]) {
        if (taken.length >= request.limit || job.lane !== request.lane || request.exclude.includes(job.id))
          continue;
        due.splice(due.indexOf(job), 1);
        taken.push({ ...job, leaseToken: request.leaseToken });
      }
      return taken;
    },
  };
}

describe('the queue worker', () => {
  let worker: QueueWorker | undefined;
  afterEach(async () => {
    await worker?.stop();
  });

  it('runs jobs up to its concurrency and the lane limits, renews leases, and stop() waits for the jobs in hand', async () => {
    const jobs: Job[] = [
      ...Array.from({ length: 6 }, (_, i) => ({ id: `live-${i}`, leaseToken: '', lane: 'live' as const })),
      ...Array.from({ length: 6 }, (_, i) => ({ id: `test-${i}`, leaseToken: '', lane: 'test' as const })),
    ];
    const queue = fakeQueue(jobs);
    const running = new Set<string>();
    let most = { all: 0, live: 0 };
    const renewed: string[] = [];
    const releases: Array<() => void> = [];
    worker = createQueueWorker<Job>({
      concurrency: 4,
      laneConcurrency: { live: 2, test: 4 },
      pollIntervalMs: 10_000,
      leaseMs: 30,
      clock: () => new Date('2026-01-01T00:00:00Z'),
      log: pino({ level: 'silent' }),
      claim: (request) => queue.claim(request),
      async renew(job) {
        renewed.push(job.id);
        return true;
      },
      async run(job) {
        running.add(job.id);
        const live = [...running].filter((id) => id.startsWith('live')).length;
        most = { all: Math.max(most.all, running.size), live: Math.max(most.live, live) };
        await new Promise<void>((resolve) => releases.push(resolve));
        running.delete(job.id);
        return {};
      },
    });
    worker.start();
    await settle(60);
    expect(running.size).toBe(4);
    expect([...running].filter((id) => id.startsWith('live')).length).toBeLessThanOrEqual(2);
    // Leases of running jobs are renewed every third of the lease.
    expect(new Set(renewed)).toEqual(new Set(running));
    // Each claim carries a fresh token and excludes the jobs in hand.
    expect(new Set(queue.claims.map((c) => c.leaseToken)).size).toBe(queue.claims.length);
    while (queue.due.length > 0 || running.size > 0) {
      for (const release of releases.splice(0)) release();
      await settle(10);
    }
    expect(most).toEqual({ all: 4, live: 2 });

    // stop() resolves only once the job in hand has finished.
    queue.due.push({ id: 'late', leaseToken: '', lane: 'test' });
    worker.nudge('test');
    await settle();
    expect(running.has('late')).toBe(true);
    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await settle();
    expect(stopped).toBe(false);
    for (const release of releases.splice(0)) release();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('the poll looks at every lane on a fixed beat, however often a busy lane is nudged', async () => {
    const queue = fakeQueue([]);
    const ran: string[] = [];
    worker = createQueueWorker<Job>({
      concurrency: 4,
      laneConcurrency: { live: 1, test: 4 },
      pollIntervalMs: 40,
      leaseMs: 1_000,
      clock: () => new Date(),
      log: pino({ level: 'silent' }),
      claim: (request) => queue.claim(request),
      renew: async () => true,
      async run(job) {
        ran.push(job.id);
        return {};
      },
    });
    worker.start();
    await settle(10);
    // A live job becomes due without a nudge (another process queued it, or its lease ran out).
    queue.due.push({ id: 'orphan', leaseToken: '', lane: 'live' });
    const nudging = setInterval(() => worker?.nudge('test'), 5);
    await settle(150);
    clearInterval(nudging);
    expect(ran).toEqual(['orphan']);
  });

  it('a failing claim or run is logged and the worker carries on', async () => {
    const queue = fakeQueue([{ id: 'a', leaseToken: '', lane: 'test' }]);
    let failClaims = 1;
    const ran: string[] = [];
    worker = createQueueWorker<Job>({
      concurrency: 2,
      laneConcurrency: { live: 1, test: 2 },
      pollIntervalMs: 20,
      leaseMs: 1_000,
      clock: () => new Date(),
      log: pino({ level: 'silent' }),
      async claim(request) {
        if (failClaims-- > 0) throw new Error('database unavailable');
        return queue.claim(request);
      },
      renew: async () => true,
      async run(job) {
        ran.push(job.id);
        if (job.id === 'a') throw new Error('run failed');
        return {};
      },
    });
    worker.start();
    await settle(100);
    expect(ran).toEqual(['a']);
    const before = queue.claims.length;
    queue.due.push({ id: 'b', leaseToken: '', lane: 'live' });
    worker.nudge('live');
    await settle(10);
    expect(ran).toEqual(['a', 'b']);
    expect(queue.claims.slice(before).some((c) => c.lane === 'live')).toBe(true);
  });

  it('claims a live job only with a slot held for it, gives back what the claim did not use, and runs the job with it', async () => {
    const queue = fakeQueue([
      { id: 'l1', leaseToken: '', lane: 'live' },
      { id: 'l2', leaseToken: '', lane: 'live' },
    ]);
    let free = 1;
    let released = 0;
    const heldBy = new Map<string, unknown>();
    let finishRuns: () => void = () => {};
    const runsMayEnd = new Promise<void>((resolve) => {
      finishRuns = resolve;
    });
    const hold = () => {
      free -= 1;
      let done = false;
      return {
        release() {
          if (done) return;
          done = true;
          free += 1;
          released += 1;
        },
      };
    };
    worker = createQueueWorker<Job>({
      concurrency: 4,
      laneConcurrency: { live: 3, test: 4 },
      pollIntervalMs: 10,
      leaseMs: 1_000,
      clock: () => new Date(),
      log: pino({ level: 'silent' }),
      claim: (request) => queue.claim(request),
      reserve: (lane, count) => {
        if (lane !== 'live') return null;
        const held = [];
        while (held.length < count && free > 0) held.push(hold());
        return held;
      },
      anyDue: async (lane) => queue.due.some((job) => job.lane === lane),
      renew: async () => true,
      async run(job, reserved) {
        heldBy.set(job.id, reserved);
        await runsMayEnd;
        return {};
      },
    });
    worker.start();
    await settle(100);
    // One slot free: one job claimed (limit 1), the other waits in the queue, not failed.
    expect([...heldBy.keys()]).toEqual(['l1']);
    expect(heldBy.get('l1')).toBeDefined();
    expect(queue.claims.every((c) => c.lane !== 'live' || c.limit === 1)).toBe(true);
    expect(queue.due.map((job) => job.id)).toEqual(['l2']);
    finishRuns();
    await settle(100);
    // The first slot came back when its run ended, and served the second job.
    expect([...heldBy.keys()]).toEqual(['l1', 'l2']);
    await worker.stop();
    worker = undefined;
    // Every hold was given back: by the worker after each run, none left taken.
    expect(free).toBe(1);
    expect(released).toBe(2);
  });
});
