/**
 * The sandbox's timers. Everything asynchronous runs on setTimeout, looked up at each call so fake
 * timers installed after the sandbox was created still drive it; `reset()` cancels them all and
 * starts a new epoch, so work already in flight (a run or a delivery) knows to drop its result.
 */
export class Scheduler {
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();
  #epoch = 0;

  get epoch(): number {
    return this.#epoch;
  }

  /** Runs `task` after `ms` milliseconds, unless `reset()` comes first; returns a function that cancels it. */
  after(ms: number, task: () => void): () => void {
    const id = globalThis.setTimeout(() => {
      this.#timers.delete(id);
      task();
    }, ms);
    this.#timers.add(id);
    return () => {
      globalThis.clearTimeout(id);
      this.#timers.delete(id);
    };
  }

  /** How many timers are waiting (tests use it to see the sandbox idle). */
  get pending(): number {
    return this.#timers.size;
  }

  reset(): void {
    for (const id of this.#timers) globalThis.clearTimeout(id);
    this.#timers.clear();
    this.#epoch++;
  }
}
