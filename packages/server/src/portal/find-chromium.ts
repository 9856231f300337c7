import { fail, type Outcome, ok } from '@sharecode/core';

/** Where the driver looks for a browser after RTW_CHROMIUM_PATH and Playwright's own download. */
export const SYSTEM_CHROMIUM_PATHS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'] as const;

export const INSTALL_CHROMIUM_ADVICE =
  "Install one: Debian's `chromium-headless-shell` package (apt-get install chromium-headless-shell), " +
  'or `npx playwright install chromium`; or point RTW_CHROMIUM_PATH (--chromium-path) at a Chromium binary.';

export interface ChromiumSearch {
  /** From --chromium-path or RTW_CHROMIUM_PATH; used as given, never silently skipped. */
  readonly configuredPath: string | null;
  /** Playwright's own browser path (which may not be downloaded); null when it cannot say. */
  readonly playwrightPath: () => string | null;
  readonly exists: (path: string) => boolean;
}

export interface FoundChromium {
  readonly path: string;
  readonly source: 'configured' | 'playwright' | 'system';
}

/**
 * The browser the pool launches, in the order ARCHITECTURE.md "Browser" sets: the configured path,
 * Playwright's own browser if one was installed, then the distribution's headless shell and Chromium.
 * Nothing is ever downloaded.
 */
export function findChromium(search: ChromiumSearch): Outcome<FoundChromium, string> {
  if (search.configuredPath !== null) {
    if (search.exists(search.configuredPath))
      return ok({ path: search.configuredPath, source: 'configured' });
    return fail(
      `No browser at the configured Chromium path (RTW_CHROMIUM_PATH or --chromium-path): ${search.configuredPath}. ${INSTALL_CHROMIUM_ADVICE}`,
    );
  }
  let playwright: string | null = null;
  try {
    playwright = search.playwrightPath();
  } catch {
    // Playwright throws when it has no registry entry for this platform: nothing installed there.
    playwright = null;
  }
  if (playwright !== null && search.exists(playwright)) return ok({ path: playwright, source: 'playwright' });
  for (const path of SYSTEM_CHROMIUM_PATHS) {
    if (search.exists(path)) return ok({ path, source: 'system' });
  }
  return fail(
    `No Chromium found (looked at RTW_CHROMIUM_PATH, Playwright's browser, ${SYSTEM_CHROMIUM_PATHS.join(', ')}). ${INSTALL_CHROMIUM_ADVICE}`,
  );
}
