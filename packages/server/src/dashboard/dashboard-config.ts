import { fail, type Outcome, ok } from '@sharecode/core';

export interface DashboardConfig {
  /**
   * Mark cookies `Secure` on every request, not only on those that reached this process over https:
   * set it when a TLS proxy in front of the service speaks plain http to it (RTW_DASHBOARD_SECURE_COOKIES).
   */
  readonly alwaysSecureCookies: boolean;
}

export const DEFAULT_DASHBOARD_CONFIG: DashboardConfig = { alwaysSecureCookies: false };

export function loadDashboardConfig(
  env: Readonly<Record<string, string | undefined>>,
): Outcome<DashboardConfig, string[]> {
  const text = env.RTW_DASHBOARD_SECURE_COOKIES?.trim().toLowerCase();
  if (text === undefined || text === '') return ok(DEFAULT_DASHBOARD_CONFIG);
  if (['1', 'true', 'yes', 'on'].includes(text)) return ok({ alwaysSecureCookies: true });
  if (['0', 'false', 'no', 'off'].includes(text)) return ok({ alwaysSecureCookies: false });
  return fail(['RTW_DASHBOARD_SECURE_COOKIES must be true or false.']);
}
