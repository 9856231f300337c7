import type { CheckKind } from '@sharecode/core';
import { type Env, present } from '../env-values.js';
import { fail, ok, type Result } from '../result.js';

/** The origin (or origin plus path prefix) each GOV.UK service is reached at. */
export interface PortalBaseUrls {
  readonly rightToWork: string;
  readonly rightToRent: string;
  readonly immigrationStatus: string;
}

/** The real services (shared/research/portal.md). The right-to-rent host is the likeliest one seen. */
export const GOV_UK_BASE_URLS: PortalBaseUrls = {
  rightToWork: 'https://right-to-work.service.gov.uk',
  rightToRent: 'https://right-to-rent.homeoffice.gov.uk',
  immigrationStatus: 'https://view-immigration-status.service.gov.uk',
};

/** Where the portal simulator mounts each service under its one origin (packages/portal-sim README). */
export const PORTAL_SIM_PREFIXES: PortalBaseUrls = {
  rightToWork: '/right-to-work',
  rightToRent: '/right-to-rent',
  immigrationStatus: '/view-immigration-status',
};

/** The first step of each service, appended to its base URL. Right to rent's is assumed (portal.md 2). */
export const PORTAL_ENTRY_PATHS: Readonly<Record<CheckKind, string>> = {
  right_to_work: '/rtw-view',
  right_to_rent: '/rtr-view',
  immigration_status: '/view/start',
};

export const DEFAULT_CHECK_SLOTS = 2;
export const MAX_CHECK_SLOTS = 24;
export const DEFAULT_CHECK_TIMEOUT_SECONDS = 60;
export const MAX_CHECK_TIMEOUT_SECONDS = 600;
export const DEFAULT_RECYCLE_AFTER_CHECKS = 100;

export interface PortalConfig {
  readonly baseUrls: PortalBaseUrls;
  /** Checks that may run at once (one browser context each). */
  readonly slots: number;
  /** The whole check, first page to PDF. */
  readonly checkTimeoutMs: number;
  /** Chromium given by --chromium-path or RTW_CHROMIUM_PATH; null: search the usual places. */
  readonly chromiumPath: string | null;
  /** Checks one browser runs before it is drained and replaced. */
  readonly recycleAfterChecks: number;
  /** Run the portal pages' own scripts (off: GOV.UK services work without them, and it is cheaper). */
  readonly javaScript: boolean;
}

/** The `rtw-server start` flags that configure the portal driver (all optional strings). */
export interface PortalFlags {
  readonly portalSimUrl?: string | undefined;
  readonly portalUrlRightToWork?: string | undefined;
  readonly portalUrlRightToRent?: string | undefined;
  readonly portalUrlImmigrationStatus?: string | undefined;
  readonly checkSlots?: string | number | undefined;
  readonly checkTimeout?: string | number | undefined;
  readonly chromiumPath?: string | undefined;
  /** `on` or `off`. */
  readonly portalJavascript?: string | undefined;
}

const SERVICES = [
  { key: 'rightToWork', flag: '--portal-url-right-to-work', env: 'RTW_PORTAL_URL_RIGHT_TO_WORK' },
  { key: 'rightToRent', flag: '--portal-url-right-to-rent', env: 'RTW_PORTAL_URL_RIGHT_TO_RENT' },
  {
    key: 'immigrationStatus',
    flag: '--portal-url-immigration-status',
    env: 'RTW_PORTAL_URL_IMMIGRATION_STATUS',
  },
] as const;

const FLAG_OF_SERVICE = {
  rightToWork: 'portalUrlRightToWork',
  rightToRent: 'portalUrlRightToRent',
  immigrationStatus: 'portalUrlImmigrationStatus',
} as const;

/**
 * Reads the portal driver's settings. Each service's base URL comes from its own flag or variable,
 * else from a running simulator's origin (`--portal-sim-url` / RTW_PORTAL_SIM_URL) plus its prefix,
 * else the real GOV.UK address.
 */
export function loadPortalConfig(flags: PortalFlags, env: Env): Result<PortalConfig, string[]> {
  const problems: string[] = [];

  const simText = present(flags.portalSimUrl) ?? present(env.RTW_PORTAL_SIM_URL);
  let simOrigin: string | null = null;
  if (simText !== undefined) {
    const parsed = baseUrl(simText);
    if (parsed === null) {
      problems.push(
        'The portal simulator URL (--portal-sim-url or RTW_PORTAL_SIM_URL) must be an http:// or https:// URL without a query, for example http://127.0.0.1:8090.',
      );
    } else simOrigin = parsed;
  }

  const urls: Record<keyof PortalBaseUrls, string> = { ...GOV_UK_BASE_URLS };
  for (const service of SERVICES) {
    const text = present(flags[FLAG_OF_SERVICE[service.key]]) ?? present(env[service.env]);
    if (text !== undefined) {
      const parsed = baseUrl(text);
      if (parsed === null) {
        problems.push(
          `The portal URL (${service.flag} or ${service.env}) must be an http:// or https:// URL without a query, for example ${GOV_UK_BASE_URLS[service.key]}.`,
        );
      } else urls[service.key] = parsed;
    } else if (simOrigin !== null) {
      urls[service.key] = `${simOrigin}${PORTAL_SIM_PREFIXES[service.key]}`;
    }
  }

  const slots = wholeNumber(present(flags.checkSlots) ?? present(env.RTW_CHECK_SLOTS), DEFAULT_CHECK_SLOTS);
  if (slots === null || slots < 1 || slots > MAX_CHECK_SLOTS) {
    problems.push(
      `The number of check slots (--check-slots or RTW_CHECK_SLOTS) must be a whole number from 1 to ${MAX_CHECK_SLOTS}.`,
    );
  }

  const timeout = wholeNumber(
    present(flags.checkTimeout) ?? present(env.RTW_CHECK_TIMEOUT_SECONDS),
    DEFAULT_CHECK_TIMEOUT_SECONDS,
  );
  if (timeout === null || timeout < 1 || timeout > MAX_CHECK_TIMEOUT_SECONDS) {
    problems.push(
      `The check timeout (--check-timeout or RTW_CHECK_TIMEOUT_SECONDS) must be a whole number of seconds from 1 to ${MAX_CHECK_TIMEOUT_SECONDS}.`,
    );
  }

  const chromiumPath = present(flags.chromiumPath) ?? present(env.RTW_CHROMIUM_PATH) ?? null;

  const scripts = (
    present(flags.portalJavascript) ??
    present(env.RTW_PORTAL_JAVASCRIPT) ??
    'off'
  ).toLowerCase();
  if (scripts !== 'on' && scripts !== 'off') {
    problems.push(
      "The portal pages' scripts setting (--portal-javascript or RTW_PORTAL_JAVASCRIPT) must be on or off.",
    );
  }

  if (problems.length > 0 || slots === null || timeout === null) return fail(problems);
  return ok({
    baseUrls: urls,
    slots,
    checkTimeoutMs: timeout * 1000,
    chromiumPath,
    recycleAfterChecks: DEFAULT_RECYCLE_AFTER_CHECKS,
    javaScript: scripts === 'on',
  });
}

function wholeNumber(text: string | undefined, fallback: number): number | null {
  if (text === undefined) return fallback;
  return /^\d{1,6}$/.test(text) ? Number(text) : null;
}

/** An http(s) URL without query or fragment, with no trailing slash; null when it is not one. */
function baseUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
