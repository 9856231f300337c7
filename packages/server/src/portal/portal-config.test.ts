import { describe, expect, it } from 'vitest';
import { GOV_UK_BASE_URLS, loadPortalConfig } from './portal-config.js';

describe('loadPortalConfig', () => {
  it("drives the real GOV.UK services by default, 2 slots, 60 s a check, the pages' scripts off", () => {
    expect(loadPortalConfig({}, {})).toEqual({
      ok: true,
      value: {
        baseUrls: {
          rightToWork: 'https://right-to-work.service.gov.uk',
          rightToRent: 'https://right-to-rent.homeoffice.gov.uk',
          immigrationStatus: 'https://view-immigration-status.service.gov.uk',
        },
        slots: 2,
        checkTimeoutMs: 60_000,
        chromiumPath: null,
        recycleAfterChecks: 100,
        javaScript: false,
      },
    });
  });

  it("takes a simulator's origin for all three services, and a service's own URL over it", () => {
    const config = loadPortalConfig(
      { portalSimUrl: 'http://127.0.0.1:8090/', portalUrlRightToRent: 'https://rent.example.test/base/' },
      { RTW_PORTAL_URL_IMMIGRATION_STATUS: 'http://10.0.0.5:9000' },
    );
    expect(config.ok && config.value.baseUrls).toEqual({
      rightToWork: 'http://127.0.0.1:8090/right-to-work',
      rightToRent: 'https://rent.example.test/base',
      immigrationStatus: 'http://10.0.0.5:9000',
    });
  });

  it('prefers flags to the environment', () => {
    const config = loadPortalConfig(
      { checkSlots: '4', checkTimeout: 90, chromiumPath: '/opt/chrome', portalJavascript: 'on' },
      {
        RTW_CHECK_SLOTS: '8',
        RTW_PORTAL_JAVASCRIPT: 'off',
        RTW_CHECK_TIMEOUT_SECONDS: '30',
        RTW_CHROMIUM_PATH: '/usr/bin/chromium',
        RTW_PORTAL_SIM_URL: 'http://sim:1',
      },
    );
    expect(config.ok && config.value).toMatchObject({
      slots: 4,
      checkTimeoutMs: 90_000,
      chromiumPath: '/opt/chrome',
      javaScript: true,
      baseUrls: { rightToWork: 'http://sim:1/right-to-work' },
    });
    expect(loadPortalConfig({}, { RTW_PORTAL_JAVASCRIPT: 'ON' })).toMatchObject({
      value: { javaScript: true },
    });
    expect(loadPortalConfig({}, { RTW_CHECK_SLOTS: '8' })).toMatchObject({ ok: true, value: { slots: 8 } });
  });

  it('names every bad setting and what to send instead', () => {
    const config = loadPortalConfig(
      { portalSimUrl: 'ftp://sim', portalUrlRightToWork: 'https://x.test/?q=1', checkSlots: '0' },
      { RTW_CHECK_TIMEOUT_SECONDS: 'soon', RTW_PORTAL_JAVASCRIPT: 'yes' },
    );
    expect(config.ok).toBe(false);
    const problems = config.ok ? [] : config.error;
    expect(problems).toHaveLength(5);
    expect(problems.join('\n')).toMatch(/RTW_PORTAL_JAVASCRIPT\) must be on or off/);
    expect(problems.join('\n')).toMatch(/--portal-sim-url or RTW_PORTAL_SIM_URL/);
    expect(problems.join('\n')).toMatch(
      /--portal-url-right-to-work or RTW_PORTAL_URL_RIGHT_TO_WORK.*right-to-work\.service\.gov\.uk/,
    );
    expect(problems.join('\n')).toMatch(/from 1 to 24/);
    expect(problems.join('\n')).toMatch(/RTW_CHECK_TIMEOUT_SECONDS/);
    expect(loadPortalConfig({ checkSlots: '25' }, {}).ok).toBe(false);
    expect(GOV_UK_BASE_URLS.rightToWork).toMatch(/^https:/);
  });
});
