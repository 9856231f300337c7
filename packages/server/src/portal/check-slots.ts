import { createBrowserKeeper } from './browser-keeper.js';
import { Deadline, type Timed, within } from './deadline.js';
import { startIdleProbe } from './idle-probe.js';
import { silentPortalLog } from './portal-log.js';
import { createAdmission } from './slot-admission.js';
import type { CheckSlots, CheckSlotsOptions, SlotHold, SlotRun } from './slot-types.js';

export type {
  BrowserLauncher,
  CheckSlots,
  CheckSlotsOptions,
  PoolBrowser,
  SlotAdmission,
  SlotHold,
  SlotRun,
  SlotStats,
} from './slot-types.js';

const DEFAULT_GRACE_MS = 2_000;
const DEFAULT_SESSION_TIMEOUT_MS = 10_000;
const DEFAULT_CLOSE_TIMEOUT_MS = 2_000;
const DEFAULT_PROBE_INTERVAL_MS = 30_000;
const DEFAULT_PROBE_TIMEOUT_MS = 5_000;

const ownOverheadSeconds = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? null : Math.round(ms) / 1000;

/** The check slots: one browser per process, a fresh context per check, BUSY when all are taken. */
export function createCheckSlots<S>(options: CheckSlotsOptions<S>): CheckSlots<S> {
  const now = options.now ?? (() => performance.now());
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  const probeTimeoutMs = options.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
  const keeper = createBrowserKeeper({
    launch: options.launch,
    recycleAfterChecks: options.recycleAfterChecks,
    sessionTimeoutMs: options.sessionTimeoutMs ?? DEFAULT_SESSION_TIMEOUT_MS,
    closeTimeoutMs: options.closeTimeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS,
    probeTimeoutMs,
    log: options.log ?? silentPortalLog,
  });
  const admission = createAdmission({
    slots: options.slots,
    overloaded: options.overloaded,
    limit: options.limit,
    limitNow: () => options.limitStats?.().limit ?? options.slots,
    now,
    isClosing: keeper.isClosing,
  });
  const stopProbing = startIdleProbe(
    keeper,
    options.probeIntervalMs ?? DEFAULT_PROBE_INTERVAL_MS,
    probeTimeoutMs,
  );

  return {
    async start() {
      const launched = await keeper.launchOnce();
      return launched.ok ? { ok: true } : launched;
    },

    async run<T>(
      work: (session: S, deadline: Deadline) => Promise<T>,
      timeoutMs: number,
      hold?: SlotHold,
    ): Promise<SlotRun<T>> {
      const taken = admission.take(hold);
      if (!taken.ok) {
        return taken.why === 'closed'
          ? { kind: 'closed' }
          : { kind: 'busy', retryAfterSeconds: taken.retryAfterSeconds, why: taken.why };
      }
      const { slot, start } = taken;
      try {
        const deadline = new Deadline(start.at + timeoutMs, now);
        const opened = await keeper.openSession(deadline);
        if (!opened.ok) {
          // The check's hard timeout passed while its browser would not open a session: a timeout,
          // retryable like any other, not a missing browser.
          return deadline.expired()
            ? { kind: 'timed-out' }
            : { kind: 'browser-unavailable', reason: opened.error };
        }
        const { entry, session } = opened;
        const running = work(session, deadline);
        let finished: Timed<T>;
        try {
          finished = await within(running, deadline.remainingMs() + graceMs);
        } catch (error) {
          await keeper.closeSession(entry, session);
          throw error;
        }
        await keeper.closeSession(entry, session);
        if (!finished.done) return { kind: 'timed-out' };
        admission.record(now() - start.at);
        return { kind: 'done', value: finished.value };
      } finally {
        slot.release();
      }
    },

    hold: admission.admit,

    stats() {
      const current = keeper.current();
      const limited = options.limitStats?.();
      return {
        slots: options.slots,
        inUse: admission.inUse(),
        admissionLimit: limited?.limit ?? options.slots,
        ownOverheadSeconds: ownOverheadSeconds(limited?.estimateMs),
        launches: keeper.counts.launches,
        replacements: keeper.counts.replacements,
        crashes: keeper.counts.crashes,
        refusals: admission.refusals(),
        recycles: keeper.counts.recycles,
        checksOnCurrentBrowser: current?.started ?? 0,
        browserConnected: current?.browser.isConnected() ?? false,
      };
    },

    browserReadiness() {
      if (keeper.isClosing()) return 'the portal driver is closing';
      const current = keeper.current();
      if (current && !current.retired && current.browser.isConnected()) return null;
      void keeper.launchOnce();
      const failed = keeper.lastLaunchError();
      return failed ? `${failed} (trying again)` : 'the browser is not launched yet (starting it)';
    },

    async close() {
      stopProbing();
      await keeper.closeAll();
    },

    testHooks: {
      browserPid: () => keeper.current()?.browser.pid() ?? null,
      killBrowser: () => {
        const entry = keeper.current();
        if (!entry) return false;
        entry.browser.kill();
        return true;
      },
    },
  };
}
