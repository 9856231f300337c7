/**
 * Work started on behalf of a request that must end, and be recorded, before shutdown closes the
 * browser and the database: fastify's close waits for connections, not handlers, so a check whose
 * client went away would otherwise be cut off mid-run (issue 25).
 */
export interface InFlight {
  /** Runs `work` and remembers it until it settles. */
  track<T>(work: () => Promise<T>): Promise<T>;
  /** Resolves once everything tracked so far, and anything it started meanwhile, has settled. */
  settled(): Promise<void>;
  readonly size: number;
}

export function createInFlight(): InFlight {
  const running = new Set<Promise<unknown>>();
  return {
    track(work) {
      const promise = work();
      const entry = promise.then(
        () => undefined,
        () => undefined,
      );
      running.add(entry);
      void entry.then(() => running.delete(entry));
      return promise;
    },
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
    },
    get size() {
      return running.size;
    },
  };
}
