/** When a check must be over, on a monotonic clock (wall-clock jumps must not end or extend a check). */
export class Deadline {
  constructor(
    readonly at: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  static in(ms: number, now: () => number = () => performance.now()): Deadline {
    return new Deadline(now() + ms, now);
  }

  remainingMs(): number {
    return Math.max(0, this.at - this.now());
  }

  /** For a Playwright timeout: never 0, which Playwright reads as "wait for ever". */
  timeoutMs(): number {
    return Math.max(1, Math.round(this.remainingMs()));
  }

  expired(): boolean {
    return this.remainingMs() <= 0;
  }
}

export type Timed<T> = { readonly done: true; readonly value: T } | { readonly done: false };

/**
 * Waits for `promise` at most `ms`. A promise that loses the race keeps running: its rejection is
 * swallowed here so that nothing surfaces as an unhandled rejection later.
 */
export async function within<T>(promise: Promise<T>, ms: number): Promise<Timed<T>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Timed<T>>((resolve) => {
    timer = setTimeout(() => resolve({ done: false }), Math.max(0, ms));
  });
  promise.catch(() => {});
  try {
    return await Promise.race([promise.then((value): Timed<T> => ({ done: true, value })), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
