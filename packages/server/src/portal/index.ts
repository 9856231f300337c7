export type { Diagnostic } from './diagnostic.js';
export { findChromium, INSTALL_CHROMIUM_ADVICE, SYSTEM_CHROMIUM_PATHS } from './find-chromium.js';
export { BLOCKED_URL_PATTERNS, CHECK_CONTEXT_OPTIONS, CHROMIUM_ARGS } from './playwright-browser.js';
export {
  DEFAULT_CHECK_SLOTS,
  DEFAULT_CHECK_TIMEOUT_SECONDS,
  defaultCheckSlots,
  GOV_UK_ENTRY_URLS,
  loadPortalConfig,
  PORTAL_SIM_ENTRY_PATHS,
  type PortalConfig,
  type PortalEntryUrls,
  type PortalFlags,
} from './portal-config.js';
export type { PortalLog } from './portal-log.js';
export type { DiagnosticRecord, PortalRunner } from './portal-runner.js';
export type { SlotStats } from './slot-types.js';
export { type PortalSlots, type StartedPortal, type StartPortalDeps, startPortal } from './start-portal.js';
