import { fail, ok, type Result } from '../result.js';
import { createCheckSlots, type SlotStats } from './check-slots.js';
import { playwrightLauncher } from './playwright-browser.js';
import type { PortalConfig } from './portal-config.js';
import { type PortalLog, silentPortalLog } from './portal-log.js';
import { createPortalRunner, type PortalRunner } from './portal-runner.js';

/** The pool as the rest of the server sees it (no Playwright type crosses this line). */
export interface PortalSlots {
  stats(): SlotStats;
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
}

/**
 * Finds Chromium, launches it (so that a missing or broken browser stops the server at start, with
 * advice), and returns the live-check runner over its check slots.
 */
export async function startPortal(
  config: PortalConfig,
  deps: StartPortalDeps = {},
): Promise<Result<StartedPortal, string[]>> {
  const log = deps.log ?? silentPortalLog;
  const launcher = playwrightLauncher(config.chromiumPath, { javaScript: config.javaScript });
  if (!launcher.ok) return fail([launcher.error]);
  const slots = createCheckSlots({
    slots: config.slots,
    launch: launcher.value.launch,
    recycleAfterChecks: config.recycleAfterChecks,
    log,
    ...(deps.probeIntervalMs === undefined ? {} : { probeIntervalMs: deps.probeIntervalMs }),
  });
  const started = await slots.start();
  if (!started.ok) {
    await slots.close();
    return fail([`${started.error} (Chromium at ${launcher.value.path}).`]);
  }
  const runner = createPortalRunner(slots, {
    baseUrls: config.baseUrls,
    checkTimeoutMs: config.checkTimeoutMs,
    log,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  log.info(
    {
      chromium: launcher.value.path,
      slots: config.slots,
      checkTimeoutMs: config.checkTimeoutMs,
      javaScript: config.javaScript,
      portals: config.baseUrls,
    },
    'portal driver ready',
  );
  return ok({ runner, slots, chromiumPath: launcher.value.path, close: () => slots.close() });
}
