/**
 * How long a check's pages spent waiting on the network (the portal's time), from the browser's own
 * Network events: the union of the intervals in which at least one request was in flight, on the
 * browser's monotonic clock. The rest of a check's time is the service's own (waiting for a core,
 * the browser or the database): the figure admission keeps under its target (overhead-limit.ts).
 *
 * The browser stamps a response when its network thread reads it, which a busy machine delays a
 * little; renderers, which do most of a check's work, are not involved, so their waiting counts as
 * the service's own, as it should.
 */
export interface NetworkClock {
  /** Network.requestWillBeSent (also each redirect of the same request). */
  sent(requestId: string, timestampSeconds: number): void;
  /** Network.loadingFinished or Network.loadingFailed. */
  ended(requestId: string, timestampSeconds: number): void;
  /**
   * Network time so far, in ms; an interval still open counts up to `nowMs` (performance.now()),
   * mapped onto the browser's clock by the smallest lag seen between an event and its arrival.
   */
  networkMs(nowMs?: number): number;
}

export function createNetworkClock(arrivedMs: () => number = () => performance.now()): NetworkClock {
  const open = new Set<string>();
  let totalMs = 0;
  let openedAtMs = 0;
  /** Node's clock minus the browser's, at its smallest: the event that arrived soonest after it happened. */
  let offsetMs = Number.POSITIVE_INFINITY;
  const seen = (timestampSeconds: number) => {
    const browserMs = timestampSeconds * 1000;
    offsetMs = Math.min(offsetMs, arrivedMs() - browserMs);
    return browserMs;
  };
  return {
    sent(requestId, timestampSeconds) {
      const at = seen(timestampSeconds);
      if (open.has(requestId)) return;
      if (open.size === 0) openedAtMs = at;
      open.add(requestId);
    },
    ended(requestId, timestampSeconds) {
      const at = seen(timestampSeconds);
      if (!open.delete(requestId)) return;
      if (open.size === 0) totalMs += Math.max(0, at - openedAtMs);
    },
    networkMs(nowMs = arrivedMs()) {
      if (open.size === 0 || !Number.isFinite(offsetMs)) return totalMs;
      return totalMs + Math.max(0, nowMs - offsetMs - openedAtMs);
    },
  };
}

/** A check's own time so far: its wall time since `startedMs` less its network time. */
export interface OwnTimeMeter {
  /** The own and wall ms since the last mark (or the start), for admission's running estimate. */
  mark(): { readonly ownMs: number; readonly wallMs: number };
  /** The check's own ms in all, so far. */
  ownMs(): number;
}

export function createOwnTimeMeter(
  startedMs: number,
  network: () => number,
  now: () => number = () => performance.now(),
): OwnTimeMeter {
  let lastWall = startedMs;
  let lastNetwork = network();
  let own = 0;
  return {
    mark() {
      const wall = now();
      const net = network();
      const wallMs = Math.max(0, wall - lastWall);
      const ownMs = Math.min(wallMs, Math.max(0, wallMs - (net - lastNetwork)));
      lastWall = wall;
      lastNetwork = net;
      own += ownMs;
      return { ownMs, wallMs };
    },
    ownMs: () => own,
  };
}
