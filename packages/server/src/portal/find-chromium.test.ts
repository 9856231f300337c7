import { describe, expect, it } from 'vitest';
import { findChromium } from './find-chromium.js';

const search = (present: string[], options: { configured?: string; playwright?: string | null } = {}) =>
  findChromium({
    configuredPath: options.configured ?? null,
    playwrightPath: () => options.playwright ?? null,
    exists: (path) => present.includes(path),
  });

describe('findChromium', () => {
  it('looks at RTW_CHROMIUM_PATH, then Playwright, then the headless shell, then Chromium', () => {
    const all = ['/opt/c', '/pw/chrome', '/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
    expect(search(all, { configured: '/opt/c', playwright: '/pw/chrome' })).toEqual({
      ok: true,
      value: { path: '/opt/c', source: 'configured' },
    });
    expect(search(all, { playwright: '/pw/chrome' })).toMatchObject({
      value: { path: '/pw/chrome', source: 'playwright' },
    });
    expect(search(all.slice(2), { playwright: '/pw/chrome' })).toMatchObject({
      value: { path: '/usr/bin/chromium-headless-shell', source: 'system' },
    });
    expect(search(['/usr/bin/chromium'])).toMatchObject({ value: { path: '/usr/bin/chromium' } });
  });

  it('never skips a configured path that is missing', () => {
    const found = search(['/usr/bin/chromium'], { configured: '/nowhere/chrome' });
    expect(found.ok).toBe(false);
    expect(!found.ok && found.error).toMatch(/RTW_CHROMIUM_PATH.*\/nowhere\/chrome/);
  });

  it('fails with how to install a browser when there is none', () => {
    const found = findChromium({
      configuredPath: null,
      playwrightPath: () => {
        throw new Error('unsupported platform');
      },
      exists: () => false,
    });
    expect(found.ok).toBe(false);
    const message = found.ok ? '' : found.error;
    expect(message).toContain('npx playwright install chromium');
    expect(message).toContain('chromium-headless-shell');
  });
});
