import { availableParallelism, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { fail, type Outcome, ok } from '@sharecode/core';
import { baseUrlOf, parseHttpUrl } from '@sharecode/core/util';
import { type Env, present } from '../env-values.js';

/**
 * The first page the driver opens for each service: a full URL, the service's own first step or its
 * GOV.UK start page (the driver follows "Start now" and any redirect, such as right to work's hop to
 * the Home Office sign-in host, which therefore needs no setting).
 */
export interface PortalEntryUrls {
  readonly rightToWork: string;
  readonly rightToRent: string;
  readonly immigrationStatus: string;
}

/**
 * The real services (shared/research/portal.md). Right to work: /rtw-view, seen in every scraper (H).
 * Right to rent: no path inside the service is known, so its GOV.UK start page. Immigration status:
 * the GOV.UK start page, which the one live scraper (eVisaFlow) starts from; /view/start is only in mocks.
 */
export const GOV_UK_ENTRY_URLS: PortalEntryUrls = {
  rightToWork: 'https://right-to-work.service.gov.uk/rtw-view',
  rightToRent: 'https://www.gov.uk/view-right-to-rent',
  immigrationStatus: 'https://www.gov.uk/check-immigration-status',
};

/** The simulator's default entries under its one origin: the first step, or the GOV.UK start page (packages/portal-sim README). */
export const PORTAL_SIM_ENTRY_PATHS: PortalEntryUrls = {
  rightToWork: '/right-to-work/rtw-view',
  rightToRent: '/gov-uk/view-right-to-rent',
  immigrationStatus: '/gov-uk/check-immigration-status',
};

export const MAX_CHECK_SLOTS = 256;
/**
 * Slots per core: the hard ceiling on live checks at once. Below it the adaptive limit
 * (overhead-limit.ts) admits as many as keep a check's own overhead under its target, so the slots
 * need not fit the machine: they must only not be what caps the plateau. A live check costs about
 * 0.3 CPU-seconds of its ~21 s on a quiet 2-core machine, so the cores' bound (about 400 a minute) is
 * some 140 in flight; 160 on 2 cores leaves room (decisions.md, "Issue 34").
 */
export const SLOTS_PER_CORE = 80;
/** Memory budgeted per busy slot: about twice the measured PSS (26-30 MB), for heavier real pages. */
export const SLOT_MEMORY_BYTES = 64 * 2 ** 20;
/** The idle browser, the Node process and the database before any slot. */
export const BASE_MEMORY_BYTES = 512 * 2 ** 20;

export interface MachineSize {
  readonly cores: number;
  readonly totalMemoryBytes: number;
}

export function thisMachine(): MachineSize {
  return { cores: availableParallelism(), totalMemoryBytes: totalmem() };
}

/**
 * The default slot count: as many as the cores can drive (SLOTS_PER_CORE each) and half the memory can
 * hold (SLOT_MEMORY_BYTES each over BASE_MEMORY_BYTES), from 2 to MAX_CHECK_SLOTS. 160 on 2 cores and
 * 24 GB; 8 on 2 cores and 2 GB.
 */
export function defaultCheckSlots(machine: MachineSize): number {
  const byCpu = Math.max(1, Math.floor(machine.cores)) * SLOTS_PER_CORE;
  const byMemory = Math.floor((machine.totalMemoryBytes / 2 - BASE_MEMORY_BYTES) / SLOT_MEMORY_BYTES);
  return Math.min(MAX_CHECK_SLOTS, Math.max(2, Math.min(byCpu, byMemory)));
}

/** This machine's default slot count (see defaultCheckSlots); kept under its old name for embedders. */
export const DEFAULT_CHECK_SLOTS = defaultCheckSlots(thisMachine());
export const DEFAULT_CHECK_TIMEOUT_SECONDS = 60;
export const MAX_CHECK_TIMEOUT_SECONDS = 600;
/**
 * Checks a browser carries before it is replaced: a launch and new warm sessions (about 3.7
 * CPU-seconds on a loaded machine) every 100 checks is about 4% of 2 cores at their CPU bound, and
 * bounds whatever a long-lived browser accumulates (1,000 was tried for issue 29 and left unmeasured).
 */
export const DEFAULT_RECYCLE_AFTER_CHECKS = 100;

export interface PortalConfig {
  readonly entryUrls: PortalEntryUrls;
  /** Checks that may run at once (one browser context each). */
  readonly slots: number;
  /** The whole check, first page to PDF. */
  readonly checkTimeoutMs: number;
  /** Chromium given by --chromium-path or RTW_CHROMIUM_PATH; null: search the usual places. */
  readonly chromiumPath: string | null;
  /** The browser's own folder (profile, downloads) from --browser-dir or RTW_BROWSER_DIR; null: `browser` in the data folder. */
  readonly browserDir?: string | null;
  /** Checks one browser runs before it is drained and replaced. */
  readonly recycleAfterChecks: number;
  /** Run the portal pages' own scripts (off: GOV.UK services work without them, and it is cheaper). */
  readonly javaScript: boolean;
  /** RTW_CHROMIUM_SANDBOX: true on, false off, null (unset) on unless the process runs as root. */
  readonly chromiumSandbox?: boolean | null;
  /**
   * RTW_CHECK_OVERHEAD_TARGET_MS: the own overhead a live check is admitted under (overhead-limit.ts);
   * null or unset: DEFAULT_OVERHEAD_TARGET_MS.
   */
  readonly overheadTargetMs?: number | null;
}

/** The bounds of RTW_CHECK_OVERHEAD_TARGET_MS: a tenth of a second to a minute. */
export const OVERHEAD_TARGET_MS_RANGE = [100, 60_000] as const;

/** The `rtw-server start` flags that configure the portal driver (all optional strings). */
export interface PortalFlags {
  readonly portalSimUrl?: string | undefined;
  readonly portalUrlRightToWork?: string | undefined;
  readonly portalUrlRightToRent?: string | undefined;
  readonly portalUrlImmigrationStatus?: string | undefined;
  readonly checkSlots?: string | number | undefined;
  readonly checkTimeout?: string | number | undefined;
  readonly chromiumPath?: string | undefined;
  readonly browserDir?: string | undefined;
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
 * Reads the portal driver's settings. Each service's entry URL comes from its own flag or variable,
 * else from a running simulator's origin (`--portal-sim-url` / RTW_PORTAL_SIM_URL) plus its entry
 * path, else the real GOV.UK address.
 */
export function loadPortalConfig(
  flags: PortalFlags,
  env: Env,
  machine: MachineSize = thisMachine(),
): Outcome<PortalConfig, string[]> {
  const problems: string[] = [];

  const simText = present(flags.portalSimUrl) ?? present(env.RTW_PORTAL_SIM_URL);
  let simOrigin: string | null = null;
  if (simText !== undefined) {
    // A simulator's origin, a path prefix allowed.
    const parsed = baseUrlOf(simText);
    if (parsed === null) {
      problems.push(
        'The portal simulator URL (--portal-sim-url or RTW_PORTAL_SIM_URL) must be an http:// or https:// URL without a query, for example http://127.0.0.1:8090.',
      );
    } else simOrigin = parsed;
  }

  const urls: Record<keyof PortalEntryUrls, string> = { ...GOV_UK_ENTRY_URLS };
  for (const service of SERVICES) {
    const text = present(flags[FLAG_OF_SERVICE[service.key]]) ?? present(env[service.env]);
    if (text !== undefined) {
      const parsed = entryUrl(text);
      if (parsed === null) {
        problems.push(
          `The portal entry URL (${service.flag} or ${service.env}) must be the full http:// or https:// address of the service's first page or its GOV.UK start page, without a user name or #fragment, for example ${GOV_UK_ENTRY_URLS[service.key]}.`,
        );
      } else urls[service.key] = parsed;
    } else if (simOrigin !== null) {
      urls[service.key] = `${simOrigin}${PORTAL_SIM_ENTRY_PATHS[service.key]}`;
    }
  }

  const slots = wholeNumber(
    present(flags.checkSlots) ?? present(env.RTW_CHECK_SLOTS),
    defaultCheckSlots(machine),
  );
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
  const browserDirText = present(flags.browserDir) ?? present(env.RTW_BROWSER_DIR);
  const browserDir = browserDirText === undefined ? null : resolve(browserDirText);

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

  const sandboxText = present(env.RTW_CHROMIUM_SANDBOX)?.toLowerCase();
  if (sandboxText !== undefined && sandboxText !== 'on' && sandboxText !== 'off') {
    problems.push(
      "Chromium's sandbox setting (RTW_CHROMIUM_SANDBOX) must be on or off; leave it unset to have the sandbox on unless the server runs as root.",
    );
  }

  const targetText = present(env.RTW_CHECK_OVERHEAD_TARGET_MS);
  const overheadTargetMs = targetText === undefined ? null : wholeNumber(targetText, 0);
  const [minTarget, maxTarget] = OVERHEAD_TARGET_MS_RANGE;
  if (
    targetText !== undefined &&
    (overheadTargetMs === null || overheadTargetMs < minTarget || overheadTargetMs > maxTarget)
  ) {
    problems.push(
      `A live check's own overhead target (RTW_CHECK_OVERHEAD_TARGET_MS) must be a whole number of milliseconds from ${minTarget} to ${maxTarget}; leave it unset for the default.`,
    );
  }

  if (problems.length > 0 || slots === null || timeout === null) return fail(problems);
  return ok({
    entryUrls: urls,
    slots,
    checkTimeoutMs: timeout * 1000,
    chromiumPath,
    browserDir,
    recycleAfterChecks: DEFAULT_RECYCLE_AFTER_CHECKS,
    javaScript: scripts === 'on',
    chromiumSandbox: sandboxText === undefined ? null : sandboxText === 'on',
    overheadTargetMs,
  });
}

function wholeNumber(text: string | undefined, fallback: number): number | null {
  if (text === undefined) return fallback;
  return /^\d{1,6}$/.test(text) ? Number(text) : null;
}

/** A full http(s) entry URL (a query allowed); null when it is not one. */
function entryUrl(text: string): string | null {
  return parseHttpUrl(text)?.href ?? null;
}
