import { describe, expect, it } from 'vitest';
import { DEFAULT_DASHBOARD_CONFIG, loadDashboardConfig } from './dashboard-config.js';

describe('dashboard settings', () => {
  it('defaults to plain cookies on http and scrypt cost 15', () => {
    expect(loadDashboardConfig({})).toEqual({ ok: true, value: DEFAULT_DASHBOARD_CONFIG });
    expect(DEFAULT_DASHBOARD_CONFIG).toEqual({ alwaysSecureCookies: false, passwordCost: 15 });
  });

  it('reads RTW_DASHBOARD_SECURE_COOKIES and a lowered RTW_DASHBOARD_PASSWORD_COST', () => {
    expect(
      loadDashboardConfig({ RTW_DASHBOARD_SECURE_COOKIES: 'yes', RTW_DASHBOARD_PASSWORD_COST: ' 10 ' }),
    ).toEqual({ ok: true, value: { alwaysSecureCookies: true, passwordCost: 10 } });
  });

  it('refuses a cost above the default or below 10, and says both problems at once', () => {
    for (const cost of ['16', '9', '12.5', 'low', '-1']) {
      const loaded = loadDashboardConfig({ RTW_DASHBOARD_PASSWORD_COST: cost });
      expect(loaded.ok, cost).toBe(false);
    }
    const both = loadDashboardConfig({
      RTW_DASHBOARD_SECURE_COOKIES: 'maybe',
      RTW_DASHBOARD_PASSWORD_COST: '20',
    });
    expect(both).toEqual({
      ok: false,
      error: [
        'RTW_DASHBOARD_SECURE_COOKIES must be true or false.',
        'RTW_DASHBOARD_PASSWORD_COST must be a whole number from 10 to 15 (the default): lower it only in tests.',
      ],
    });
  });
});
