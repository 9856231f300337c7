import { safeError } from '../safe-error.js';
import { type Deadline, type Timed, within } from './deadline.js';
import type { PortalLog } from './portal-log.js';
import type { BrowserLauncher, PoolBrowser } from './slot-types.js';

/** One launched browser and the checks it carries. */
export interface BrowserEntry<S> {
  readonly browser: PoolBrowser<S>;
  readonly generation: number;
  started: number;
  active: number;
  retired: boolean;
  closed: boolean;
}

export type Launched<S> = { ok: true; entry: BrowserEntry<S> } | { ok: false; error: string };

export type OpenedSession<S> =
  | { ok: true; entry: BrowserEntry<S>; session: S }
  | { ok: false; error: string };

export interface BrowserKeeperOptions<S> {
  readonly launch: BrowserLauncher<S>;
  readonly recycleAfterChecks: number;
  readonly sessionTimeoutMs: number;
  readonly closeTimeoutMs: number;
  readonly probeTimeoutMs: number;
  readonly log: PortalLog;
}

/**
 * The one browser of the process and its successors: launches it once, opens and closes a session
 * per check, recycles it after `recycleAfterChecks`, and replaces it when it crashes or hangs.
 */
export interface BrowserKeeper<S> {
  launchOnce(): Promise<Launched<S>>;
  openSession(deadline: Deadline): Promise<OpenedSession<S>>;
  closeSession(entry: BrowserEntry<S>, session: S): Promise<void>;
  /** Kills a browser that hangs or failed a probe; the checks it carries fail fast. */
  condemn(entry: BrowserEntry<S>, why: string): void;
  current(): BrowserEntry<S> | null;
  readonly counts: {
    readonly launches: number;
    readonly replacements: number;
    /** Of the replacements, browsers that disconnected on their own (crashed or killed from outside). */
    readonly crashes: number;
    readonly recycles: number;
  };
  isClosing(): boolean;
  /** Why the last launch failed; null once a launch succeeds (GET /readyz). */
  lastLaunchError(): string | null;
  /** Stops launching and closes every browser. */
  closeAll(): Promise<void>;
}

export function createBrowserKeeper<S>(options: BrowserKeeperOptions<S>): BrowserKeeper<S> {
  const { log } = options;
  let current: BrowserEntry<S> | null = null;
  let launching: Promise<Launched<S>> | null = null;
  let generation = 0;
  let closing = false;
  let launchError: string | null = null;
  const entries = new Set<BrowserEntry<S>>();
  const counts = { launches: 0, replacements: 0, crashes: 0, recycles: 0 };

  function closeEntry(entry: BrowserEntry<S>): void {
    if (entry.closed) return;
    entry.closed = true;
    entries.delete(entry);
    entry.browser.close().catch(() => {});
  }

  function retire(entry: BrowserEntry<S>): void {
    entry.retired = true;
    if (current === entry) current = null;
    if (entry.active === 0) closeEntry(entry);
  }

  /** A browser that hangs or failed its probe: killed now; its running checks fail fast. */
  function condemn(entry: BrowserEntry<S>, why: string): void {
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
  async function suspect(entry: BrowserEntry<S>, why: string): Promise<void> {
    if (entry.closed || !entry.browser.isConnected()) return;
    const healthy = await entry.browser.probe(options.probeTimeoutMs).catch(() => false);
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
      launchError = `The browser could not be started: ${message}`;
      return { ok: false, error: launchError };
    }
    launchError = null;
    generation += 1;
    const entry: BrowserEntry<S> = {
      browser,
      generation,
      started: 0,
      active: 0,
      retired: false,
      closed: false,
    };
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
        counts.crashes += 1;
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

  async function openSession(deadline: Deadline): Promise<OpenedSession<S>> {
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
        opened = await within(
          entry.browser.newSession(),
          Math.min(options.sessionTimeoutMs, deadline.remainingMs()),
        );
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

  async function closeSession(entry: BrowserEntry<S>, session: S): Promise<void> {
    const closed = await within(entry.browser.closeSession(session), options.closeTimeoutMs);
    if (!closed.done) await suspect(entry, 'did not close a context in time');
    entry.active -= 1;
    if (entry.retired && entry.active === 0) closeEntry(entry);
  }

  return {
    launchOnce,
    openSession,
    closeSession,
    condemn,
    current: () => current,
    counts,
    isClosing: () => closing,
    lastLaunchError: () => launchError,
    async closeAll() {
      closing = true;
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
  };
}
