import { type PortalLog, silentPortalLog } from './portal-log.js';

/**
 * Admission by measured latency (issue 34): how many live checks may run at once, adapted every second
 * so that a check's own overhead (its time not spent waiting on the portal: network-time.ts) stays
 * under a target. Past the limit, new checks are refused at once (503 BUSY); the slot count stays the
 * hard ceiling. The signal is each running check's parts (session start to first page, each step) as
 * they end, so the limit reacts within a step (about 2 s), not a whole check (20 s and more): a limit
 * that learns only from finished checks overshoots by everything admitted while it waited.
 *
 * The rule (decisions.md, "Issue 34"): with the estimate E under the target, the limit grows while
 * it is what holds checks back, by up to GROWTH a second, less near the target; over it, it is cut to
 * the checks in flight times target / E (at most CUT_FLOOR at once), and not again before the checks
 * in flight have come down to the new limit (before then a cut cannot have shown). The target is the
 * larger of `targetMs` and twice the overhead seen with few checks running, so that a machine or
 * portal whose pages cost more even when quiet is not starved to the minimum.
 */
export interface OverheadLimitOptions {
  /** The hard ceiling: the check slots. */
  readonly slots: number;
  /** Cores the process may use: the floor and the starting limit scale with them. */
  readonly cores: number;
  /** Checks in flight now (the slots in use). */
  readonly inUse: () => number;
  /** A check's own overhead to stay under, ms (DEFAULT_OVERHEAD_TARGET_MS). */
  readonly targetMs?: number;
  /** Monotonic ms; injectable for tests. */
  readonly now?: () => number;
  /** How often the limit is adjusted; 0 starts no timer (tests call `tick`). */
  readonly tickMs?: number;
  /** Told once when the limit starts holding checks back, and once when it has stopped. */
  readonly log?: PortalLog;
}

export interface OverheadLimitStats {
  /** Checks admitted at once now (never above the slots). */
  readonly limit: number;
  /** The estimated own overhead of a check now, ms; null before any part of a check has ended. */
  readonly estimateMs: number | null;
  /** The target in force (targetMs, or more on a machine slower when quiet), ms. */
  readonly targetMs: number;
}

export interface OverheadLimit {
  /** A part of a running check ended: its own and wall ms (OwnTimeMeter.mark). */
  observe(part: { readonly ownMs: number; readonly wallMs: number }): void;
  /** A check ended after `parts` observed parts. */
  checkEnded(parts: number): void;
  /** Why a check beside `inUse` running ones is refused now, or null. Cheap: one comparison. */
  refuse(inUse: number): string | null;
  /** Adjusts the limit from the last window's parts; the timer calls it every tickMs. */
  tick(): void;
  stats(): OverheadLimitStats;
  stop(): void;
}

/**
 * The bound is a 2 s p95 of what a client sees past the portal's time, under a burst; this
 * estimates the mean inside the driver. At 900 ms the benchmark's accepted checks ran p50 1.09 s and
 * p95 2.08 s at 500 a minute offered (decisions.md, "Issue 34"), so 750.
 */
export const DEFAULT_OVERHEAD_TARGET_MS = 750;
/** The window of parts one estimate reads: about a step of every check in flight. */
const WINDOW_MS = 3_000;
/** Fewer parts than this in the window say nothing (an idle or nearly idle service). */
const MIN_PARTS = 5;
/** The most the limit grows in a second (as a share of itself), when far under the target. */
const GROWTH = 0.1;
/** The deepest single cut. */
const CUT_FLOOR = 0.5;
/** Under this share of the target the limit may grow; between it and the target it holds. */
const GROW_BELOW = 0.85;
/** Checks a core admitted at start, before anything is measured, and the floor: a core's worth. */
const START_PER_CORE = 16;
const FLOOR_PER_CORE = 2;
/** With at most this many checks a core in flight, the overhead seen is the quiet machine's own. */
const QUIET_PER_CORE = 2;
/** The quiet overhead is the lowest seen this long. */
const QUIET_MEMORY_MS = 30 * 60_000;
/** A part's parts-per-check starting guess: a check's pages, about ten. */
const START_PARTS_PER_CHECK = 10;
/**
 * With no check in flight this long, the limit goes back up to where it starts: what cut it is gone,
 * and an idle instance must not meet the next burst at its floor.
 */
const IDLE_RESET_MS = 10_000;
/** "No longer held back" is said after this long without a check held back. */
const QUIET_LOG_MS = 60_000;

interface Part {
  readonly at: number;
  readonly ownMs: number;
}

export function createOverheadLimit(options: OverheadLimitOptions): OverheadLimit {
  const now = options.now ?? (() => performance.now());
  const cores = Math.max(1, Math.floor(options.cores));
  const ceiling = Math.max(1, Math.floor(options.slots));
  const floor = Math.min(ceiling, FLOOR_PER_CORE * cores);
  const baseTargetMs = options.targetMs ?? DEFAULT_OVERHEAD_TARGET_MS;
  const log = options.log ?? silentPortalLog;
  const start = Math.min(ceiling, START_PER_CORE * cores);
  let limit = start;
  let busySince = now();
  /** When the limit last held a check back, while that episode is still being reported; else null. */
  let holdingSince: number | null = null;
  let lastHeldAt = 0;
  let parts: Part[] = [];
  let partsPerCheck = START_PARTS_PER_CHECK;
  let estimateMs: number | null = null;
  let quiet: { readonly ms: number; readonly at: number } | null = null;
  /** Since the last tick: whether the limit held a check back, and the most in flight. */
  let heldBack = false;
  let peakInUse = 0;
  /** Set by a cut; no further cut until the checks in flight have come down to it. */
  let draining = false;
  /** Ticks in a row that were quiet (see tick). */
  let quietTicks = 0;

  const targetMs = () => Math.max(baseTargetMs, quiet ? 2 * quiet.ms : 0);
  const figures = () => ({
    limit: Math.floor(limit),
    ownOverheadMs: estimateMs === null ? null : Math.round(estimateMs),
    targetMs: Math.round(targetMs()),
  });
  /** Logs an episode of checks held back once, at its start and its end (not per refusal). */
  const report = (at: number, held: boolean) => {
    if (held) lastHeldAt = at;
    if (held && holdingSince === null) {
      holdingSince = at;
      log.warn(
        figures(),
        "live checks at the admission limit: new synchronous ones get 503 BUSY, queued ones wait (the limit keeps a check's own overhead under its target)",
      );
    } else if (!held && holdingSince !== null && at - lastHeldAt >= QUIET_LOG_MS) {
      log.info(
        { ...figures(), seconds: Math.round((lastHeldAt - holdingSince) / 1000) },
        'live checks no longer held back by the admission limit',
      );
      holdingSince = null;
    }
  };

  const tick = () => {
    const at = now();
    parts = parts.filter((p) => p.at > at - WINDOW_MS);
    const seenPeak = Math.max(peakInUse, options.inUse());
    const wasHeldBack = heldBack;
    heldBack = false;
    peakInUse = 0;
    report(at, wasHeldBack);
    if (seenPeak > 0) busySince = at;
    else if (at - busySince >= IDLE_RESET_MS) limit = Math.max(limit, start);
    if (parts.length < MIN_PARTS) return;
    const estimate = (parts.reduce((sum, p) => sum + p.ownMs, 0) / parts.length) * partsPerCheck;
    estimateMs = estimate;
    // Quiet: few checks, and none held back, for a whole window (parts that waited through an
    // overload a cut is draining have ended by then).
    quietTicks = seenPeak <= QUIET_PER_CORE * cores && !wasHeldBack ? quietTicks + 1 : 0;
    if (quietTicks >= WINDOW_MS / 1_000) {
      if (!quiet || estimate <= quiet.ms || quiet.at < at - QUIET_MEMORY_MS) quiet = { ms: estimate, at };
    }
    const target = targetMs();
    if (draining && seenPeak <= Math.ceil(limit)) draining = false;
    if (estimate > target) {
      if (draining) return;
      const factor = Math.max(CUT_FLOOR, target / estimate);
      limit = Math.max(floor, Math.min(limit, seenPeak) * factor);
      draining = true;
      return;
    }
    if (estimate < GROW_BELOW * target && (wasHeldBack || seenPeak >= Math.floor(limit))) {
      limit = Math.min(ceiling, limit + Math.max(1, limit * GROWTH * (1 - estimate / target)));
    }
  };

  const timer = (options.tickMs ?? 1_000) > 0 ? setInterval(tick, options.tickMs ?? 1_000) : null;
  timer?.unref();

  return {
    observe(part) {
      parts.push({ at: now(), ownMs: part.ownMs });
    },
    checkEnded(count) {
      if (count > 0) partsPerCheck += (count - partsPerCheck) * 0.1;
    },
    refuse(inUse) {
      peakInUse = Math.max(peakInUse, inUse);
      if (inUse < Math.floor(limit)) return null;
      heldBack = true;
      return `${inUse} checks in flight, at the limit that keeps a check's own overhead under ${Math.round(targetMs())} ms`;
    },
    tick,
    stats: () => ({ limit: Math.floor(limit), estimateMs, targetMs: targetMs() }),
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
