import { existsSync } from 'node:fs';
import { fail, type Outcome, ok } from '@sharecode/core';
import { type BrowserContextOptions, chromium } from 'playwright-core';
import { createBrowserDirs, withTmpDir } from './browser-dirs.js';
import { lowerBrowserPriority } from './browser-priority.js';
import { within } from './deadline.js';
import { findChromium } from './find-chromium.js';
import { CheckSession } from './portal-page.js';
import type { BrowserLauncher, PoolBrowser } from './slot-types.js';
import { createWarmSessions, warmSessionsFor } from './warm-sessions.js';

/**
 * Launch arguments: they stop Chromium's own background traffic (updates, sync, field trials) and
 * QUIC, painting, image loading and the extra processes of site isolation (decisions.md, "Portal
 * driver"). Whether the sandbox is on is `chromiumSandbox`'s to say.
 */
export const CHROMIUM_ARGS = [
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // Nothing reads the pixels: with frames only on request, pages are never painted (~20% less CPU).
  '--enable-begin-frame-control',
  // No image is fetched or decoded. The photo is read from its `data:` source, or fetched by the
  // driver, which is not an image load.
  '--blink-settings=imagesEnabled=false',
  // A check visits one site in one page: per-site processes and a spare renderer are pure cost.
  '--disable-site-isolation-trials',
  '--disable-features=site-per-process,IsolateOrigins,SpareRendererForSitePerProcess,BackForwardCache',
] as const;

/**
 * Chromium's sandbox (Playwright's `chromiumSandbox`; off, it passes `--no-sandbox`): on, except as
 * root, where Chromium refuses to start with it. `setting` is RTW_CHROMIUM_SANDBOX when given.
 */
export function chromiumSandbox(setting: boolean | null | undefined, uid = process.getuid?.()): boolean {
  return setting ?? uid !== 0;
}

export interface BrowserOptions {
  /** Run the portal's own scripts; off by default (decisions.md, "Portal driver"). */
  readonly javaScript: boolean;
  /**
   * The service's own folder (0700) for the browser's profile, downloads and artifacts; swept at
   * start (browser-dirs.ts). Unset: Playwright's defaults in the system's temporary folder.
   */
  readonly browserRoot?: string | null;
  /**
   * How many checks can run on this browser at once: no more sessions are opened ahead of them
   * (warmSessionsFor). Unset: WARM_SESSIONS.
   */
  readonly slots?: number;
  /** Chromium's sandbox: on, off, or unset (on unless running as root; see chromiumSandbox). */
  readonly sandbox?: boolean | null;
}

export const DEFAULT_BROWSER_OPTIONS: BrowserOptions = { javaScript: false };

/**
 * Each check's browser context (with `javaScriptEnabled` from the options); exported so that the
 * benchmarks' bare walk opens the same.
 */
export const CHECK_CONTEXT_OPTIONS = {
  // The PDF is fetched in memory inside the page (PortalPage.download); a download the portal starts
  // by itself is cancelled, so no file ever reaches the disk.
  acceptDownloads: false,
  serviceWorkers: 'block',
  locale: 'en-GB',
  timezoneId: 'Europe/London',
  viewport: { width: 1024, height: 768 },
} as const satisfies BrowserContextOptions;

/**
 * Never fetched: stylesheets and fonts (nothing is laid out for a person to see), and analytics and
 * survey hosts (GOV.UK pages carry Google Tag Manager, Dynatrace and Qualtrics). Chromium matches
 * these itself (CDP Network.setBlockedURLs, `*` a wildcard): routing every request through
 * Playwright costs a round trip to Node per request, about a quarter of a check's CPU.
 */
export const BLOCKED_URL_PATTERNS: readonly string[] = [
  ...['css', 'woff', 'woff2', 'ttf', 'otf', 'eot'].flatMap((ext) => [`*.${ext}`, `*.${ext}?*`]),
  ...[
    'googletagmanager.com',
    'google-analytics.com',
    'analytics.google.com',
    'doubleclick.net',
    'dynatrace.com',
    'dynatrace-managed.com',
    'qualtrics.com',
    'hotjar.com',
    'clarity.ms',
  ].flatMap((host) => [`*://${host}/*`, `*://*.${host}/*`]),
];

const CLOSE_TIMEOUT_MS = 5_000;

/** Launches Chromium at `executablePath` as a pool browser handing out isolated check sessions. */
export async function launchPlaywrightBrowser(
  executablePath: string,
  options: BrowserOptions = DEFAULT_BROWSER_OPTIONS,
): Promise<PoolBrowser<CheckSession>> {
  const dirs = options.browserRoot ? createBrowserDirs(options.browserRoot) : null;
  const launch = () =>
    chromium.launch({
      executablePath,
      args: [...CHROMIUM_ARGS],
      chromiumSandbox: chromiumSandbox(options.sandbox),
      headless: true,
      timeout: 30_000,
      // The server owns the signals and closes the pool itself.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      ...(dirs
        ? {
            artifactsDir: dirs.artifactsDir,
            downloadsPath: dirs.artifactsDir,
            env: { ...process.env, TMPDIR: dirs.tmpDir },
          }
        : {}),
    });
  let browser: Awaited<ReturnType<typeof launch>>;
  try {
    browser = dirs ? await withTmpDir(dirs.tmpDir, launch) : await launch();
  } catch (error) {
    dirs?.remove();
    throw error;
  }
  // Whether closed, killed or crashed, nothing the browser wrote outlives it.
  if (dirs) browser.on('disconnected', () => dirs.remove());
  const cdp = await browser.newBrowserCDPSession();
  // The browser's own process (under any wrapper script), to kill it when it hangs.
  let pid: number | null = null;
  try {
    const info = (await cdp.send('SystemInfo.getProcessInfo')) as {
      processInfo?: { type: string; id: number }[];
    };
    pid = info.processInfo?.find((p) => p.type === 'browser')?.id ?? null;
  } catch {
    pid = null;
  }
  // Before any renderer: each is forked by a zygote lowered here, and inherits it (browser-priority.ts).
  if (pid !== null) lowerBrowserPriority(pid);
  const openSession = async () => {
    const context = await browser.newContext({
      ...CHECK_CONTEXT_OPTIONS,
      javaScriptEnabled: options.javaScript,
    });
    const session = new CheckSession(context, BLOCKED_URL_PATTERNS);
    try {
      await session.prepare();
    } catch (error) {
      await context.close().catch(() => {});
      throw error;
    }
    return session;
  };
  const warm = createWarmSessions(
    openSession,
    (session) => session.close(),
    warmSessionsFor(options.slots ?? Number.POSITIVE_INFINITY),
  );
  const kill = () => {
    warm.stop();
    if (pid === null) return;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };

  return {
    newSession: () => warm.take(),
    closeSession: (session) => session.close(),
    async probe(timeoutMs) {
      try {
        const answered = await within(cdp.send('Browser.getVersion'), timeoutMs);
        return answered.done;
      } catch {
        return false;
      }
    },
    async close() {
      warm.stop();
      const closed = await within(browser.close(), CLOSE_TIMEOUT_MS).catch(() => ({ done: false }));
      if (!closed.done) kill();
      dirs?.remove();
    },
    kill,
    pid: () => pid,
    isConnected: () => browser.isConnected(),
    onDisconnected(listener) {
      browser.on('disconnected', () => listener());
    },
  };
}

/** The launcher the server uses: finds Chromium once (see find-chromium.ts), then launches it on demand. */
export function playwrightLauncher(
  configuredPath: string | null,
  options: BrowserOptions = DEFAULT_BROWSER_OPTIONS,
): Outcome<{ launch: BrowserLauncher<CheckSession>; path: string }, string> {
  const found = findChromium({
    configuredPath,
    playwrightPath: () => chromium.executablePath() || null,
    exists: existsSync,
  });
  if (!found.ok) return fail(found.error);
  const path = found.value.path;
  return ok({ launch: () => launchPlaywrightBrowser(path, options), path });
}
