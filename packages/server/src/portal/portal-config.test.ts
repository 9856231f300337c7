import { describe, expect, it } from 'vitest';
import { defaultCheckSlots, GOV_UK_ENTRY_URLS, loadPortalConfig } from './portal-config.js';

const GB = 2 ** 30;
const SMALL = { cores: 2, totalMemoryBytes: 24 * GB };

describe('defaultCheckSlots', () => {
  it('takes the smaller of what the cores can drive and what half the memory can hold', () => {
    expect(defaultCheckSlots({ cores: 2, totalMemoryBytes: 24 * GB })).toBe(160);
    expect(defaultCheckSlots({ cores: 2, totalMemoryBytes: 2 * GB })).toBe(8);
    expect(defaultCheckSlots({ cores: 4, totalMemoryBytes: 8 * GB })).toBe(56);
  });

  it('never goes under 2 nor over the maximum', () => {
    expect(defaultCheckSlots({ cores: 1, totalMemoryBytes: 0.5 * GB })).toBe(2);
    expect(defaultCheckSlots({ cores: 64, totalMemoryBytes: 512 * GB })).toBe(256);
  });
});

describe('loadPortalConfig', () => {
  it("drives the real GOV.UK services by default, slots from the machine, 60 s a check, the pages' scripts off", () => {
    expect(loadPortalConfig({}, {}, SMALL)).toEqual({
      ok: true,
      value: {
        entryUrls: {
          rightToWork: 'https://right-to-work.service.gov.uk/rtw-view',
          rightToRent: 'https://www.gov.uk/view-right-to-rent',
          immigrationStatus: 'https://www.gov.uk/check-immigration-status',
        },
        slots: 160,
        checkTimeoutMs: 60_000,
        chromiumPath: null,
        browserDir: null,
        recycleAfterChecks: 100,
        javaScript: false,
        chromiumSandbox: null,
        overheadTargetMs: null,
      },
    });
  });

  it("takes a live check's own overhead target from RTW_CHECK_OVERHEAD_TARGET_MS, 100 ms to a minute", () => {
    expect(loadPortalConfig({}, { RTW_CHECK_OVERHEAD_TARGET_MS: '2500' }, SMALL)).toMatchObject({
      ok: true,
      value: { overheadTargetMs: 2500 },
    });
    for (const bad of ['99', '60001', '1.5', 'fast']) {
      expect(loadPortalConfig({}, { RTW_CHECK_OVERHEAD_TARGET_MS: bad }, SMALL)).toEqual({
        ok: false,
        error: [
          expect.stringMatching(
            /RTW_CHECK_OVERHEAD_TARGET_MS\) must be a whole number of milliseconds from 100 to 60000/,
          ),
        ],
      });
    }
  });

  it("takes Chromium's sandbox from RTW_CHROMIUM_SANDBOX (on or off), unset when not given", () => {
    expect(loadPortalConfig({}, { RTW_CHROMIUM_SANDBOX: 'OFF' })).toMatchObject({
      value: { chromiumSandbox: false },
    });
    expect(loadPortalConfig({}, { RTW_CHROMIUM_SANDBOX: 'on' })).toMatchObject({
      value: { chromiumSandbox: true },
    });
    const bad = loadPortalConfig({}, { RTW_CHROMIUM_SANDBOX: 'no' });
    expect(bad.ok ? [] : bad.error).toEqual([
      expect.stringMatching(/RTW_CHROMIUM_SANDBOX\) must be on or off/),
    ]);
  });

  it('takes the browser folder from --browser-dir or RTW_BROWSER_DIR, as an absolute path', () => {
    const fromEnv = loadPortalConfig({}, { RTW_BROWSER_DIR: 'var/browser' });
    expect(fromEnv.ok && fromEnv.value.browserDir).toMatch(/^\/.*\/var\/browser$/);
    const fromFlag = loadPortalConfig({ browserDir: '/srv/rtw/browser' }, { RTW_BROWSER_DIR: '/elsewhere' });
    expect(fromFlag.ok && fromFlag.value.browserDir).toBe('/srv/rtw/browser');
  });

  it("takes a simulator's origin for all three services, and a service's own URL over it", () => {
    const config = loadPortalConfig(
      { portalSimUrl: 'http://127.0.0.1:8090/', portalUrlRightToRent: 'https://rent.example.test/start?x=1' },
      { RTW_PORTAL_URL_IMMIGRATION_STATUS: 'http://10.0.0.5:9000/view/checker-details' },
    );
    expect(config.ok && config.value.entryUrls).toEqual({
      rightToWork: 'http://127.0.0.1:8090/right-to-work/rtw-view',
      rightToRent: 'https://rent.example.test/start?x=1',
      immigrationStatus: 'http://10.0.0.5:9000/view/checker-details',
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
      entryUrls: { rightToWork: 'http://sim:1/right-to-work/rtw-view' },
    });
    expect(loadPortalConfig({}, { RTW_PORTAL_JAVASCRIPT: 'ON' })).toMatchObject({
      value: { javaScript: true },
    });
    expect(loadPortalConfig({}, { RTW_CHECK_SLOTS: '8' })).toMatchObject({ ok: true, value: { slots: 8 } });
  });

  it('names every bad setting and what to send instead', () => {
    const config = loadPortalConfig(
      { portalSimUrl: 'ftp://sim', portalUrlRightToWork: 'https://x.test/rtw-view#top', checkSlots: '0' },
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
    expect(problems.join('\n')).toMatch(/from 1 to 256/);
    expect(problems.join('\n')).toMatch(/RTW_CHECK_TIMEOUT_SECONDS/);
    expect(loadPortalConfig({ checkSlots: '257' }, {}).ok).toBe(false);
    expect(GOV_UK_ENTRY_URLS.rightToWork).toMatch(/^https:/);
    expect(loadPortalConfig({ portalUrlRightToRent: 'right-to-rent.homeoffice.gov.uk' }, {})).toMatchObject({
      ok: false,
      error: [expect.stringMatching(/full http:\/\/ or https:\/\/ address/)],
    });
  });
});
