import type { PortalFlags } from '../portal/portal-config.js';

/** What `rtw-server portal probe` takes: shared by its registration and its body (loaded on use). */
export interface ProbeFlags extends PortalFlags {
  readonly kind?: string;
  readonly timeout?: string;
  readonly json?: boolean;
}

export const DEFAULT_PROBE_TIMEOUT_SECONDS = 30;
