import { safeError } from '../safe-error.js';
import { Deadline, type Timed, within } from './deadline.js';
import { type PortalLog, silentPortalLog } from './portal-log.js';
import { createRetryAfter } from './retry-after.js';

/**
 * One launched browser as the pool sees it. The Playwright implementation is playwright-browser.ts;
 * the pool itself knows nothing of Playwright, so its rules are tested with a fake.
 */
export interface PoolBrowser<S> {
  /** A fresh, isolated session (a browser context): no cookie or storage crosses checks. */
  newSession(): Promise<S>;
  closeSession(session: S): Promise<void>;
  /** True when the browser answers a trivial request in time. */
  probe(timeoutMs: number): Promise<boolean>;
  /** Graceful close, falling back to killing the process. Never rejects. */
  close(): Promise<void>;
  /** Kills the browser process at once (hung, or failed its probe). */
  kill(): void;
  pid(): number | null;
  isConnected(): boolean;
  onDisconnected(listener: () => void): void;
}

export type BrowserLauncher<S> = () => Promise<PoolBrowser<S>>;

export interface CheckSlotsOptions<S> {
  /** Checks that may run at once. */
  readonly slots: number;
  readonly launch: BrowserLauncher<S>;
  /** A browser is drained and replaced after this many checks (contexts leak a little). */
  readonly recycleAfterChecks: number;
  /** Past a check's own deadline, how long before the slot closes its session by force. */
  readonly graceMs?: number;
  /** Longest wait to open a session before the browser counts as hung. */
  readonly sessionTimeoutMs?: number;
  /** Longest wait to close a session before the browser counts as hung (the answer waits for it). */
  readonly closeTimeoutMs?: number;
  /** How often the idle browser is probed; 0 turns probing off. */
  readonly probeIntervalMs?: number;
  readonly probeTimeoutMs?: number;
  /** Asked at admission: a reason to refuse (event loop or memory over its limit), or null. */
  readonly overloaded?: () => string | null;
  readonly log?: PortalLog;
  /** Monotonic milliseconds; injectable for tests. */
  readonly now?: () => number;
}

export type SlotRun<T> =
  | { readonly kind: 'done'; readonly value: T }
  /** Every slot is in use: nothing was started, nothing queued. */
  | { readonly kind: 'busy'; readonly retryAfterSeconds: number }
  /** The check outran its deadline and grace: its session was closed by force. */
  | { readonly kind: 'timed-out' }
  /** No browser could be launched, or it would not open a session. */
  | { readonly kind: 'browser-unavailable'; readonly reason: string }
  /** The pool is closing. */
  | { readonly kind: 'closed' };

/** A slot taken ahead of the work (before any per-account work), given to `run` or released. */
export interface SlotHold {
  /** Gives the slot back if `run` has not taken it over. Idempotent. */
  release(): void;
}

export type SlotAdmission =
  | { readonly ok: true; readonly hold: SlotHold }
  | {
      readonly ok: false;
      readonly retryAfterSeconds: number;
      readonly why: 'full' | 'overloaded' | 'closed';
    };

export interface SlotStats {
  readonly slots: number;
  readonly inUse: number;
  readonly launches: number;
  /** Browsers replaced because they crashed, hung or failed a probe. */
  readonly replacements: number;
  /** Browsers retired after `recycleAfterChecks` checks. */
  readonly recycles: number;
  readonly checksOnCurrentBrowser: number;
  readonly browserConnected: boolean;
}

export interface CheckSlots<S> {
  /** Launches the first browser now, so that a broken setup shows at start. */
  start(): Promise<{ ok: true } | { ok: false; error: string }>;
  /**
   * Runs `work` with a fresh session in a free slot, or answers busy at once. `work` must honour the
   * deadline itself; the slot's hard timeout (deadline plus grace) is the backstop for a hung browser.
   */
  run<T>(
    work: (session: S, deadline: Deadline) => Promise<T>,
    timeoutMs: number,
    hold?: SlotHold,
  ): Promise<SlotRun<T>>;
  /**
   * Takes a slot now, without starting anything, or refuses at once (full, overloaded or closing).
   * A request holds its slot through its authentication and quota, so a full service refuses before
   * any of that work, and a check that passed them cannot lose its slot to a later one.
   */
  hold(): SlotAdmission;
  stats(): SlotStats;
  /** Closes every browser. Checks still running fail. */
  close(): Promise<void>;
  /** For tests and benchmarks only: the browser process, and a way to crash it. */
  readonly testHooks: {
    browserPid(): number | null;
    killBrowser(): boolean;
  };
}

interface Entry<S> {
  readonly browser: PoolBrowser<S>;
  readonly generation: number;
  started: number;
  active: number;
  retired: boolean;
  closed: boolean;
}

interface Held {
  readonly start: { at: number };
  released: boolean;
}

const DEFAULT_GRACE_MS = 2_000;
const DEFAULT_SESSION_TIMEOUT_MS = 10_000;
const DEFAULT_CLOSE_TIMEOUT_MS = 2_000;
const DEFAULT_PROBE_INTERVAL_MS = 30_000;
const DEFAULT_PROBE_TIMEOUT_MS = 5_000;

type Launched<S> = { ok: true; entry: Entry<S> } | { ok: false; error: string };

/** The check slots: one browser per process, a fresh context per check, BUSY when all are taken. */
export function createCheckSlots<S>(options: CheckSlotsOptions<S>): CheckSlots<S> {
  const log = options.log ?? silentPortalLog;
  const now = options.now ?? (() => performance.now());
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  const sessionTimeoutMs = options.sessionTimeoutMs ?? DEFAULT_SESSION_TIMEOUT_MS;
  const closeTimeoutMs = options.closeTimeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS;
  const probeTimeoutMs = options.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
  const probeIntervalMs = options.probeIntervalMs ?? DEFAULT_PROBE_INTERVAL_MS;

  let current: Entry<S> | null = null;
  let launching: Promise<Launched<S>> | null = null;
  let generation = 0;
  let closing = false;
  let probing = false;
  const entries = new Set<Entry<S>>();
  const activeStarts = new Set<{ at: number }>();
  const counts = { launches: 0, replacements: 0, recycles: 0 };

  function closeEntry(entry: Entry<S>): void {
    if (entry.closed) return;
    entry.closed = true;
    entries.delete(entry);
    entry.browser.close().catch(() => {});
  }

  function retire(entry: Entry<S>): void {
    entry.retired = true;
    if (current === entry) current = null;
    if (entry.active === 0) closeEntry(entry);
  }

  /** A browser that hangs or failed its probe: killed now; its running checks fail fast. */
  function condemn(entry: Entry<S>, why: string): void {
    if (entry.closed) return;
    log.warn({ browser: entry.generation, why }, 'browser replaced');
    counts.replacements += 1;
    entry.retired = true;
    if (current === entry) current = null;
    entry.closed = true;
    entries.delete(entry);
    entry.browser.kill();
  }

  /**
   * A browser that was slow to open or close a context: killed only if it also fails a probe. With
   * dozens of checks on one browser, a busy machine makes contexts slow to open or close while the
   * browser is healthy, and killing it would fail every check it carries.
   */
  async function suspect(entry: Entry<S>, why: string): Promise<void> {
    if (entry.closed || !entry.browser.isConnected()) return;
    const healthy = await entry.browser.probe(probeTimeoutMs).catch(() => false);
    if (healthy) {
      log.warn({ browser: entry.generation, why }, 'browser slow but answering; kept');
      return;
    }
    condemn(entry, `${why}, then failed its probe`);
  }

  async function launch(): Promise<Launched<S>> {
    let browser: PoolBrowser<S>;
    try {
      browser = await options.launch();
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      log.error({ err: safeError(error) }, 'browser launch failed');
      return { ok: false, error: `The browser could not be started: ${message}` };
    }
    generation += 1;
    const entry: Entry<S> = { browser, generation, started: 0, active: 0, retired: false, closed: false };
    counts.launches += 1;
    entries.add(entry);
    browser.onDisconnected(() => {
      if (current === entry) current = null;
      const expected = entry.closed || closing;
      entry.retired = true;
      entry.closed = true;
      entries.delete(entry);
      if (!expected) {
        counts.replacements += 1;
        log.warn({ browser: entry.generation }, 'browser disconnected; a new one starts with the next check');
      }
    });
    if (closing) {
      closeEntry(entry);
      return { ok: false, error: 'The check slots are closing.' };
    }
    current = entry;
    log.info({ browser: entry.generation, pid: browser.pid() }, 'browser launched');
    return { ok: true, entry };
  }

  function launchOnce(): Promise<Launched<S>> {
    launching ??= launch().finally(() => {
      launching = null;
    });
    return launching;
  }

  async function browserFor(deadline: Deadline): Promise<Launched<S>> {
    const entry = current;
    if (entry && !entry.retired && entry.browser.isConnected()) return { ok: true, entry };
    const launched = await within(launchOnce(), deadline.remainingMs());
    if (!launched.done) return { ok: false, error: 'The browser did not start in time.' };
    return launched.value;
  }

  const retryAfter = createRetryAfter();
  const retryAfterSeconds = () =>
    retryAfter.estimate(
      [...activeStarts].map((start) => start.at),
      now(),
    );

  async function openSession(
    deadline: Deadline,
  ): Promise<{ ok: true; entry: Entry<S>; session: S } | { ok: false; error: string }> {
    let lastError = 'The browser could not open a session.';
    // A second try with a fresh browser when the first one turns out to be hung.
    for (let attempt = 0; attempt < 2 && !deadline.expired(); attempt += 1) {
      const found = await browserFor(deadline);
      if (!found.ok) return found;
      const entry = found.entry;
      entry.started += 1;
      entry.active += 1;
      let opened: Timed<S>;
      try {
        opened = await within(entry.browser.newSession(), Math.min(sessionTimeoutMs, deadline.remainingMs()));
      } catch (error) {
        // Usually a browser that died between checks: the disconnect handler has already dropped it.
        entry.active -= 1;
        lastError = 'The browser could not open a session.';
        log.warn({ browser: entry.generation, err: safeError(error) }, 'browser could not open a context');
        if (entry.browser.isConnected()) condemn(entry, 'could not open a context');
        continue;
      }
      if (opened.done) {
        if (entry.started >= options.recycleAfterChecks && !entry.retired) {
          counts.recycles += 1;
          log.info({ browser: entry.generation, checks: entry.started }, 'browser recycled');
          retire(entry);
          if (!closing) void launchOnce();
        }
        return { ok: true, entry, session: opened.value };
      }
      entry.active -= 1;
      lastError = 'The browser did not open a session in time.';
      await suspect(entry, 'did not open a context in time');
    }
    return { ok: false, error: lastError };
  }

  async function closeSession(entry: Entry<S>, session: S): Promise<void> {
    const closed = await within(entry.browser.closeSession(session), closeTimeoutMs);
    if (!closed.done) await suspect(entry, 'did not close a context in time');
    entry.active -= 1;
    if (entry.retired && entry.active === 0) closeEntry(entry);
  }

  let inUse = 0;
  const holds = new WeakMap<SlotHold, Held>();

  function admit(): SlotAdmission {
    if (closing) return { ok: false, retryAfterSeconds: 1, why: 'closed' };
    if (inUse >= options.slots) return { ok: false, retryAfterSeconds: retryAfterSeconds(), why: 'full' };
    if (options.overloaded?.()) {
      return { ok: false, retryAfterSeconds: retryAfterSeconds(), why: 'overloaded' };
    }
    inUse += 1;
    const held: Held = { start: { at: now() }, released: false };
    activeStarts.add(held.start);
    const hold: SlotHold = {
      release() {
        if (held.released) return;
        held.released = true;
        activeStarts.delete(held.start);
        inUse -= 1;
      },
    };
    holds.set(hold, held);
    return { ok: true, hold };
  }

  const timer =
    probeIntervalMs > 0
      ? setInterval(() => {
          const entry = current;
          if (!entry || probing || closing) return;
          probing = true;
          entry.browser
            .probe(probeTimeoutMs)
            .then((healthy) => {
              if (!healthy && !entry.closed) condemn(entry, 'failed its health probe');
            })
            .catch(() => {})
            .finally(() => {
              probing = false;
            });
        }, probeIntervalMs)
      : null;
  timer?.unref();

  return {
    async start() {
      const launched = await launchOnce();
      return launched.ok ? { ok: true } : launched;
    },

    async run<T>(
      work: (session: S, deadline: Deadline) => Promise<T>,
      timeoutMs: number,
      hold?: SlotHold,
    ): Promise<SlotRun<T>> {
      const held = hold ? holds.get(hold) : undefined;
      let slot: SlotHold;
      let start: { at: number };
      if (held && !held.released) {
        if (closing) {
          hold?.release();
          return { kind: 'closed' };
        }
        slot = hold as SlotHold;
        start = held.start;
        start.at = now();
      } else {
        const admitted = admit();
        if (!admitted.ok) {
          return admitted.why === 'closed'
            ? { kind: 'closed' }
            : { kind: 'busy', retryAfterSeconds: admitted.retryAfterSeconds };
        }
        slot = admitted.hold;
        start = (holds.get(slot) as Held).start;
      }
      try {
        const deadline = new Deadline(start.at + timeoutMs, now);
        const opened = await openSession(deadline);
        if (!opened.ok) return { kind: 'browser-unavailable', reason: opened.error };
        const { entry, session } = opened;
        const running = work(session, deadline);
        let finished: Timed<T>;
        try {
          finished = await within(running, deadline.remainingMs() + graceMs);
        } catch (error) {
          await closeSession(entry, session);
          throw error;
        }
        await closeSession(entry, session);
        if (!finished.done) return { kind: 'timed-out' };
        retryAfter.record(now() - start.at);
        return { kind: 'done', value: finished.value };
      } finally {
        slot.release();
      }
    },

    hold: admit,

    stats() {
      return {
        slots: options.slots,
        inUse,
        launches: counts.launches,
        replacements: counts.replacements,
        recycles: counts.recycles,
        checksOnCurrentBrowser: current?.started ?? 0,
        browserConnected: current?.browser.isConnected() ?? false,
      };
    },

    async close() {
      closing = true;
      if (timer) clearInterval(timer);
      await launching?.catch(() => {});
      const all = [...entries];
      current = null;
      await Promise.all(
        all.map(async (entry) => {
          entry.closed = true;
          entries.delete(entry);
          await entry.browser.close();
        }),
      );
    },

    testHooks: {
      browserPid: () => current?.browser.pid() ?? null,
      killBrowser: () => {
        const entry = current;
        if (!entry) return false;
        entry.browser.kill();
        return true;
      },
    },
  };
}
