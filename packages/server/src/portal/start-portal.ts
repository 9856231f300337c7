import { availableParallelism } from 'node:os';
import { fail, type Outcome, ok } from '@sharecode/core';
import type { PortalObserver } from '../checks/observer-port.js';
import { sweepBrowserRoot } from './browser-dirs.js';
import { type CheckSlots, createCheckSlots, type SlotStats } from './check-slots.js';
import { DEFAULT_LOAD_LIMITS, type LoadGuardOptions, startLoadGuard } from './load-guard.js';
import { createOverheadLimit } from './overhead-limit.js';
import { playwrightLauncher } from './playwright-browser.js';
import type { PortalConfig } from './portal-config.js';
import { type PortalLog, silentPortalLog } from './portal-log.js';
import type { CheckSession } from './portal-page.js';
import { createPortalRunner, type PortalRunner } from './portal-runner.js';

/** The pool as the rest of the server sees it (no Playwright type crosses this line). */
export interface PortalSlots {
  stats(): SlotStats;
  /** For GET /readyz: null when the browser is up, else why not (and a launch is under way). */
  browserReadiness(): string | null;
  readonly testHooks: {
    /** The browser's process id, for tests and benchmarks (kill it, read its memory). */
    browserPid(): number | null;
    /** Kills the browser process, as a crash would. */
    killBrowser(): boolean;
  };
}

export interface StartedPortal {
  readonly runner: PortalRunner;
  readonly slots: PortalSlots;
  /** The Chromium binary in use. */
  readonly chromiumPath: string;
  /** Closes the browser; checks still running fail. */
  close(): Promise<void>;
}

export interface StartPortalDeps {
  readonly log?: PortalLog;
  readonly clock?: () => Date;
  /** Health-probe period of the idle browser; default 30 s. */
  readonly probeIntervalMs?: number;
  /** The browser's private folder (browser-dirs.ts); swept now, before the first launch. */
  readonly browserRoot?: string;
  /** Admission limits on event-loop delay and available memory; default DEFAULT_LOAD_LIMITS. */
  readonly loadLimits?: Partial<LoadGuardOptions>;
  /** Told of each step's time and each unrecognised page (metrics); silent by default. */
  readonly observer?: PortalObserver;
}

/**
 * Finds Chromium, launches it (so that a missing or broken browser stops the server at start, with
 * advice), and returns the live-check runner over its check slots.
 */
export async function startPortal(
  config: PortalConfig,
  deps: StartPortalDeps = {},
): Promise<Outcome<StartedPortal, string[]>> {
  const log = deps.log ?? silentPortalLog;
  const browserRoot = config.browserDir ?? deps.browserRoot ?? null;
  if (browserRoot !== null) {
    const swept = sweepBrowserRoot(browserRoot);
    if (swept.length > 0) log.info({ folders: swept.length }, 'removed what stopped browsers left behind');
  }
  const launcher = playwrightLauncher(config.chromiumPath, {
    javaScript: config.javaScript,
    browserRoot,
    sandbox: config.chromiumSandbox,
    slots: config.slots,
  });
  if (!launcher.ok) return fail([launcher.error]);
  const guard = startLoadGuard({ ...DEFAULT_LOAD_LIMITS, ...deps.loadLimits });
  // The limit reads the slots in use, and the slots ask the limit: the slots are made just below.
  let pool: CheckSlots<CheckSession> | undefined;
  const limit = createOverheadLimit({
    slots: config.slots,
    cores: availableParallelism(),
    inUse: () => pool?.stats().inUse ?? 0,
    log,
    ...(config.overheadTargetMs ? { targetMs: config.overheadTargetMs } : {}),
  });
  const slots = createCheckSlots({
    slots: config.slots,
    overloaded: guard.overloaded,
    limit: limit.refuse,
    limitStats: limit.stats,
    launch: launcher.value.launch,
    recycleAfterChecks: config.recycleAfterChecks,
    log,
    ...(deps.probeIntervalMs === undefined ? {} : { probeIntervalMs: deps.probeIntervalMs }),
  });
  pool = slots;
  const started = await slots.start();
  const close = async () => {
    guard.stop();
    limit.stop();
    await slots.close();
  };
  if (!started.ok) {
    await close();
    return fail([`${started.error} (Chromium at ${launcher.value.path}).`]);
  }
  const runner = createPortalRunner(slots, {
    entryUrls: config.entryUrls,
    checkTimeoutMs: config.checkTimeoutMs,
    log,
    observer: deps.observer,
    overhead: limit,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  log.info(
    {
      chromium: launcher.value.path,
      slots: config.slots,
      checkTimeoutMs: config.checkTimeoutMs,
      javaScript: config.javaScript,
      portals: config.entryUrls,
    },
    'portal driver ready',
  );
  return ok({ runner, slots, chromiumPath: launcher.value.path, close });
}
