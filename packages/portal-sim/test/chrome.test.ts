import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PortalSim, startPortalSim } from '../src/index.js';
import { Client } from './helpers/client.js';
import { h1, text as textOf } from './helpers/html.js';

let sim: PortalSim;

beforeAll(async () => {
  sim = await startPortalSim();
});
afterAll(() => sim.close());

describe('www.gov.uk start pages', () => {
  it.each([
    ['rightToWork', "View a job applicant's right to work details", '/right-to-work/rtw-view'],
    ['rightToRent', 'Start now', '/right-to-rent/rtr-view'],
    ['immigrationStatus', 'Start now', '/view-immigration-status/view/start'],
  ] as const)('%s: the start button leads to the service', async (service, text, entry) => {
    const page = await new Client(sim.url).get(sim.startPages[service]);
    expect(page.status).toBe(200);
    const anchor = new RegExp(
      `<a href="${entry}" role="button" draggable="false" class="govuk-button govuk-button--start"[^>]*>([\\s\\S]*?)</a>`,
    ).exec(page.html);
    expect(textOf(anchor?.[1] ?? '')).toBe(text);
    // Immigration status is entered from this start page by default (the live path of a real client).
    const expected = service === 'immigrationStatus' ? sim.startPages[service] : `${sim.url}${entry}`;
    expect(sim.entryUrls[service]).toBe(expected);
  });

  it('shows "Cookies on GOV.UK", remembers the choice without JavaScript, then hides', async () => {
    const client = new Client(sim.url);
    const first = await client.get(sim.startPages.rightToWork);
    expect(first.html).toContain('aria-label="Cookies on GOV.UK"');
    expect(first.html).toMatch(
      /<button type="submit" value="accept" name="cookies" class="govuk-button"[^>]*>\s*Accept additional cookies/,
    );
    expect(first.html).toContain('Reject additional cookies');
    const confirmed = await client.post('/gov-uk/cookie-preferences', {
      cookies: 'accept',
      returnTo: '/gov-uk/view-right-to-work',
    });
    expect(confirmed.url).toBe('/gov-uk/view-right-to-work');
    expect(confirmed.html).not.toContain('Accept additional cookies');
    expect(confirmed.html).toContain("You've accepted additional cookies.");
    expect(confirmed.html).toContain('Hide cookie message');
    const hidden = await client.post('/gov-uk/cookie-preferences', {
      cookies: 'hide',
      returnTo: '/gov-uk/view-right-to-work',
    });
    expect(hidden.html).not.toContain('govuk-cookie-banner');
  });

  it('never follows a cookie-banner return address off the host', async () => {
    const page = await new Client(sim.url).post('/gov-uk/cookie-preferences', {
      cookies: 'reject',
      returnTo: '//evil.example/',
    });
    expect(page.url).toBe('/gov-uk/');
  });
});

describe('service chrome', () => {
  it('puts a GOV.UK header, service name and cookie banner on right to work, and can leave banners out', async () => {
    const page = await new Client(sim.url).get(`${sim.baseUrls.rightToWork}/cookies`);
    expect(page.html).toContain('class="govuk-header"');
    expect(page.html).toContain('View a job applicant&#39;s right to work details');
    expect(page.html).toContain('aria-label="Cookies on View a job applicant&#39;s right to work details"');
    const plain = await startPortalSim({ cookieBanners: false });
    try {
      const bare = await new Client(plain.url).get(`${plain.baseUrls.rightToWork}/cookies`);
      expect(bare.html).not.toContain('govuk-cookie-banner');
      const signIn = await new Client(plain.url).get(plain.entryUrls.rightToWork);
      expect(signIn.html).not.toContain('govuk-cookie-banner');
      // view-immigration-status's own banner is part of that service and stays.
      const vis = await new Client(plain.url).get(`${plain.baseUrls.immigrationStatus}/view/start`);
      expect(vis.html).toContain('id="cookie-banner"');
    } finally {
      await plain.close();
    }
  });

  it('answers unknown pages with the GOV.UK "Page not found"', async () => {
    const inside = await new Client(sim.url).get('/right-to-work/rtw-view/nowhere');
    expect(inside.status).toBe(404);
    expect(h1(inside.html)).toBe('Page not found');
    const outside = await new Client(sim.url).get('/nowhere');
    expect(outside.status).toBe(404);
  });

  it('lists the services on its home page', async () => {
    const page = await new Client(sim.url).get('/');
    expect(page.html).toContain('href="/gov-uk/view-right-to-work"');
    expect(page.html).toContain('href="/right-to-work/rtw-view"');
    expect(page.html).toContain('href="/gov-uk/check-immigration-status"');
  });
});

describe('assets', () => {
  it.each([
    ['/assets/govuk-frontend.min.css', 'text/css'],
    ['/assets/govuk-frontend.min.js', 'text/javascript'],
    ['/assets/fonts/bold-b542beb274-v2.woff2', 'font/woff2'],
    ['/assets/images/favicon.svg', 'image/svg+xml'],
    ['/assets/manifest.json', 'application/json'],
    ['/assets/portal-sim/init.js', 'text/javascript'],
    ['/assets/portal-sim/ukvi-cookie-banner.js', 'text/javascript'],
  ])('serves %s', async (path, type) => {
    const response = await fetch(`${sim.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain(type);
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(10);
  });

  it('refuses paths that climb out of the asset folders', async () => {
    expect((await fetch(`${sim.url}/assets/%2e%2e/%2e%2e/package.json`)).status).toBe(404);
    expect((await fetch(`${sim.url}/assets/portal-sim/..%2f..%2fpackage.json`)).status).toBe(404);
  });
});
