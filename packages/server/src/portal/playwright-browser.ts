import { existsSync } from 'node:fs';
import { type BrowserContextOptions, chromium, type Route } from 'playwright-core';
import { fail, ok, type Result } from '../result.js';
import type { BrowserLauncher, PoolBrowser } from './check-slots.js';
import { within } from './deadline.js';
import { findChromium } from './find-chromium.js';
import { CheckSession } from './portal-page.js';

/**
 * Launch arguments. The service runs as root in a throwaway container, hence no sandbox; the rest
 * stops Chromium's own background traffic (updates, sync, field trials) and QUIC, and painting.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // Nothing reads the pixels: with frames only on request, pages are never painted (~20% less CPU).
  '--enable-begin-frame-control',
] as const;

const CONTEXT_OPTIONS: BrowserContextOptions = {
  acceptDownloads: true,
  serviceWorkers: 'block',
  locale: 'en-GB',
  timezoneId: 'Europe/London',
  viewport: { width: 1024, height: 768 },
};

/**
 * Not fetched: stylesheets, fonts, images and media (the photo is read from the page's own
 * `data:` source, or fetched by the driver, which is not an image load), and analytics and
 * survey hosts (GOV.UK pages carry Google Tag Manager, Dynatrace and Qualtrics).
 */
const BLOCKED_RESOURCE_TYPES = new Set(['stylesheet', 'font', 'image', 'media']);
const BLOCKED_HOSTS =
  /(^|\.)(googletagmanager\.com|google-analytics\.com|analytics\.google\.com|doubleclick\.net|dynatrace\.com|dynatrace-managed\.com|qualtrics\.com|hotjar\.com|clarity\.ms)$/i;

export function isBlockedRequest(resourceType: string, url: string): boolean {
  if (BLOCKED_RESOURCE_TYPES.has(resourceType)) return true;
  try {
    return BLOCKED_HOSTS.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

function blockRoute(route: Route): Promise<void> {
  const request = route.request();
  const handled = isBlockedRequest(request.resourceType(), request.url())
    ? route.abort('blockedbyclient')
    : route.continue();
  // The page may have closed in between: nothing to do then.
  return handled.catch(() => {});
}

const CLOSE_TIMEOUT_MS = 5_000;

/** Launches Chromium at `executablePath` as a pool browser handing out isolated check sessions. */
export async function launchPlaywrightBrowser(executablePath: string): Promise<PoolBrowser<CheckSession>> {
  const browser = await chromium.launch({
    executablePath,
    args: [...CHROMIUM_ARGS],
    headless: true,
    timeout: 30_000,
    // The server owns the signals and closes the pool itself.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
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
  const kill = () => {
    if (pid === null) return;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };

  return {
    async newSession() {
      const context = await browser.newContext(CONTEXT_OPTIONS);
      await context.route('**/*', blockRoute);
      return new CheckSession(context);
    },
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
      const closed = await within(browser.close(), CLOSE_TIMEOUT_MS).catch(() => ({ done: false }));
      if (!closed.done) kill();
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
): Result<{ launch: BrowserLauncher<CheckSession>; path: string }, string> {
  const found = findChromium({
    configuredPath,
    playwrightPath: () => chromium.executablePath() || null,
    exists: existsSync,
  });
  if (!found.ok) return fail(found.error);
  const path = found.value.path;
  return ok({ launch: () => launchPlaywrightBrowser(path), path });
}
