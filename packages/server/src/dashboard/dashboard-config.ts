import { fail, type Outcome, ok } from '@sharecode/core';
import { DEFAULT_PASSWORD_COST, MIN_PASSWORD_COST } from './password.js';

export interface DashboardConfig {
  /**
   * Mark cookies `Secure` on every request, not only on those that reached this process over https:
   * set it when a TLS proxy in front of the service speaks plain http to it (RTW_DASHBOARD_SECURE_COOKIES).
   */
  readonly alwaysSecureCookies: boolean;
  /**
   * scrypt's cost (log2 N) for new dashboard passwords and the unknown-address decoy
   * (RTW_DASHBOARD_PASSWORD_COST): 15 unless lowered, which only tests do. A stored hash keeps the
   * cost it was made with.
   */
  readonly passwordCost: number;
}

export const DEFAULT_DASHBOARD_CONFIG: DashboardConfig = {
  alwaysSecureCookies: false,
  passwordCost: DEFAULT_PASSWORD_COST,
};

function secureCookies(text: string | undefined): Outcome<boolean, string> {
  if (text === undefined || text === '') return ok(DEFAULT_DASHBOARD_CONFIG.alwaysSecureCookies);
  if (['1', 'true', 'yes', 'on'].includes(text)) return ok(true);
  if (['0', 'false', 'no', 'off'].includes(text)) return ok(false);
  return fail('RTW_DASHBOARD_SECURE_COOKIES must be true or false.');
}

function passwordCost(text: string | undefined): Outcome<number, string> {
  if (text === undefined || text === '') return ok(DEFAULT_PASSWORD_COST);
  const cost = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (cost >= MIN_PASSWORD_COST && cost <= DEFAULT_PASSWORD_COST) return ok(cost);
  return fail(
    `RTW_DASHBOARD_PASSWORD_COST must be a whole number from ${MIN_PASSWORD_COST} to ${DEFAULT_PASSWORD_COST} (the default): lower it only in tests.`,
  );
}

export function loadDashboardConfig(
  env: Readonly<Record<string, string | undefined>>,
): Outcome<DashboardConfig, string[]> {
  const secure = secureCookies(env.RTW_DASHBOARD_SECURE_COOKIES?.trim().toLowerCase());
  const cost = passwordCost(env.RTW_DASHBOARD_PASSWORD_COST?.trim());
  const problems = [...(secure.ok ? [] : [secure.error]), ...(cost.ok ? [] : [cost.error])];
  if (!secure.ok || !cost.ok) return fail(problems);
  return ok({ alwaysSecureCookies: secure.value, passwordCost: cost.value });
}
