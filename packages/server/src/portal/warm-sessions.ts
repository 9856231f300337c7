/** Sessions kept open ahead of checks: about a second of arrivals at 220 a minute. */
export const WARM_SESSIONS = 4;

/**
 * How many sessions to keep open ahead for `slots` checks at once: never more than could be taken
 * before one is refilled. Each is an idle renderer (tens of MB), so a one-slot server keeps one.
 */
export function warmSessionsFor(slots: number): number {
  return Math.max(0, Math.min(WARM_SESSIONS, Math.floor(slots)));
}

/**
 * A few sessions opened ahead of demand. Opening one (a browser context, its first page, the page's
 * CDP session and block list) takes a quarter of a second and more on a busy machine, most of it
 * Chromium starting the context's renderer process; done while earlier checks wait on the portal,
 * it is off the next check's path. A warm session is as fresh as one opened on demand: nothing has
 * used it, and each is handed out once, then closed by the check as before.
 */
export interface WarmSessions<S> {
  /** A ready session if there is one (refilled in the background), else one opened now. */
  take(): Promise<S>;
  /** Closes the ready sessions and opens no more. */
  stop(): void;
}

export function createWarmSessions<S>(
  open: () => Promise<S>,
  close: (session: S) => Promise<void>,
  size: number,
): WarmSessions<S> {
  const ready: S[] = [];
  let opening = 0;
  let stopped = false;
  const discard = (session: S) => {
    close(session).catch(() => {});
  };
  // Filled on use, not at launch: a browser that runs no check opens nothing.
  const refill = () => {
    while (!stopped && ready.length + opening < size) {
      opening += 1;
      open().then(
        (session) => {
          opening -= 1;
          if (stopped) discard(session);
          else ready.push(session);
        },
        // Usually a browser going away; the next `take` opens its own session and reports why.
        () => {
          opening -= 1;
        },
      );
    }
  };
  return {
    take() {
      const session = ready.shift();
      refill();
      return session === undefined ? open() : Promise.resolve(session);
    },
    stop() {
      stopped = true;
      for (const session of ready.splice(0)) discard(session);
    },
  };
}
