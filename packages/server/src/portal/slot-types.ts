import type { Deadline } from './deadline.js';
import type { PortalLog } from './portal-log.js';

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
  readonly overloaded?: (inUse: number) => string | null;
  /** Asked first: a reason to refuse because the checks in flight are at the adaptive limit, or null. */
  readonly limit?: (inUse: number) => string | null;
  /** The adaptive limit's figures, for stats (overhead-limit.ts). */
  readonly limitStats?: () => { readonly limit: number; readonly estimateMs: number | null };
  readonly log?: PortalLog;
  /** Monotonic milliseconds; injectable for tests. */
  readonly now?: () => number;
}

export type SlotRun<T> =
  | { readonly kind: 'done'; readonly value: T }
  /** Refused at once (every slot taken, at the limit, overloaded): nothing was started, nothing queued. */
  | {
      readonly kind: 'busy';
      readonly retryAfterSeconds: number;
      readonly why: Exclude<SlotRefusal, 'closed'>;
    }
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
      readonly why: SlotRefusal;
    };

/**
 * Why a check was refused a slot: every slot taken, the adaptive limit on checks in flight (own
 * overhead at its target), the process overloaded (event loop, CPU, memory), closing.
 */
export type SlotRefusal = 'full' | 'limit' | 'overloaded' | 'closed';

export interface SlotStats {
  readonly slots: number;
  readonly inUse: number;
  /** Checks admitted at once now by the adaptive limit (the slots when there is none). */
  readonly admissionLimit: number;
  /** The limit's estimate of a check's own overhead now, seconds; null before one is measured. */
  readonly ownOverheadSeconds: number | null;
  readonly launches: number;
  /** Browsers replaced because they crashed, hung or failed a probe. */
  readonly replacements: number;
  /** Of those, browsers that went away on their own (crashed or were killed). */
  readonly crashes: number;
  /** Checks refused a slot since start, by why: every slot taken, at the limit, overloaded, closing. */
  readonly refusals: Readonly<Record<SlotRefusal, number>>;
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
   * any of that work, and a check that passed them cannot lose its slot to a later one. `queued`: for
   * a queued check the worker would claim (slot-admission.ts, Admission.admit).
   */
  hold(queued?: boolean): SlotAdmission;
  stats(): SlotStats;
  /**
   * For GET /readyz: null when a browser is up, else why not. With none up it starts one now rather
   * than at the next check: an instance taken out of rotation would get no next check.
   */
  browserReadiness(): string | null;
  /** Closes every browser. Checks still running fail. */
  close(): Promise<void>;
  /** For tests and benchmarks only: the browser process, and a way to crash it. */
  readonly testHooks: {
    browserPid(): number | null;
    killBrowser(): boolean;
  };
}
