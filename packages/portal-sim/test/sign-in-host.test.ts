import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type PortalSim, startPortalSim } from '../src/index.js';
import { Client } from './helpers/client.js';
import { dobFields, submit, walk } from './helpers/flows.js';
import { decode, h1, main, outsideMain } from './helpers/html.js';

let sim: PortalSim;

beforeAll(async () => {
  sim = await startPortalSim({ clock: () => new Date('2026-05-04T12:00:00Z') });
});
afterEach(() => {
  sim.reset();
});
afterAll(() => sim.close());

const formAction = (html: string) =>
  decode(/<form[^>]*action="([^"]+)"[^>]*method="post"/.exec(html)?.[1] ?? '');
const csrfToken = (html: string) => /name="csrfToken" id="csrfToken" value="([^"]+)"/.exec(html)?.[1] ?? '';

describe('right to work signs in on a separate Keycloak-styled host', () => {
  it('is its own origin, reached by a redirect from /rtw-view and sent back to the service', async () => {
    const service = new URL(sim.url);
    const signIn = new URL(sim.signInUrl);
    expect(signIn.hostname).toBe(service.hostname);
    expect(signIn.port).not.toBe(service.port);
    const first = await fetch(sim.entryUrls.rightToWork, { redirect: 'manual' });
    expect(first.status).toBe(302);
    const location = new URL(first.headers.get('location') ?? '');
    expect(location.origin).toBe(sim.signInUrl);
    expect(location.pathname).toBe('/auth/realms/AUK/protocol/openid-connect/auth');
    expect(location.searchParams.get('redirect_uri')).toBe(`${sim.url}/right-to-work/rtw-view/callback`);

    const client = new Client(sim.url);
    const dob = await submit(client, await client.get(sim.entryUrls.rightToWork), { shareCode: 'W3H8D2L6T' });
    const back = await submit(client, dob, dobFields('1985-11-03'));
    expect(back.trail[1]).toMatch(/^\/right-to-work\/rtw-view\/callback\?state=[^&]+&code=/);
    expect(back.url).toBe('/right-to-work/rtw-view/company-name');
  });

  it('serves the pages as the captured Keycloak page: #kc-container in main#main-content, csrfToken, button#submit', async () => {
    const client = new Client(sim.url);
    const start = await client.get(sim.entryUrls.rightToWork);
    const dob = await submit(client, start, { shareCode: 'W3H8D2L6T' });
    for (const page of [start, dob]) {
      expect(page.html).toMatch(
        /<main class="govuk-main-wrapper" id="main-content"[^>]*>[\s\S]*<div id="kc-container">/,
      );
      expect(page.html).toContain('<div id="kc-form-wrapper">');
      expect(page.html).toMatch(/<input type="hidden" name="csrfToken" id="csrfToken" value="[^"]+">/);
      expect(page.html).toContain('id="submit" aria-label="Continue">Continue</button>');
      expect(formAction(page.html)).toMatch(
        new RegExp(
          `^${sim.signInUrl}/auth/realms/AUK/login-actions/authenticate\\?session_code=[^&]+&execution=[^&]+&client_id=right-to-work&tab_id=`,
        ),
      );
      // The banner is shown at load, before the header, outside <main>, with Accept all / Reject all.
      const outside = outsideMain(page.html);
      expect(outside).toContain('aria-label="Cookies on UK Visas and Immigration services"');
      expect(outside).toContain('aria-label="Accept all">Accept all</button>');
      expect(outside).toContain('aria-label="Reject all">Reject all</button>');
      expect(page.html.indexOf('govuk-cookie-banner')).toBeLessThan(page.html.indexOf('<header'));
      expect(main(page.html)).not.toContain('Accept all');
    }
    expect(h1(dob.html)).toBe("What is the job applicant's date of birth?");
    expect(main(dob.html)).toContain('For example, 31 3 1980.');
  });

  it('answers a form sent without its cookie with Keycloak\'s "Cookie not found"', async () => {
    const client = new Client(sim.url);
    const start = await client.get(sim.entryUrls.rightToWork);
    const cookieless = new Client(sim.url);
    const page = await cookieless.post(formAction(start.html), {
      csrfToken: csrfToken(start.html),
      shareCode: 'W3H8D2L6T',
    });
    expect(page.status).toBe(400);
    expect(h1(page.html)).toBe('We are sorry...');
    expect(main(page.html)).toContain(
      'Cookie not found. Please make sure cookies are enabled in your browser.',
    );
    expect(page.html).toContain('id="backToApplication"');
    expect(page.html).toContain('id="kc-container"');
  });

  it('answers a form from an earlier step, a wrong token or a timed-out sign-in with "Page has expired"', async () => {
    const client = new Client(sim.url);
    const start = await client.get(sim.entryUrls.rightToWork);
    const dob = await submit(client, start, { shareCode: 'W3H8D2L6T' });
    expect(dob.html).toContain('dob-day');
    // The share-code form again (back button): its session code is no longer current.
    const replay = await client.post(formAction(start.html), {
      csrfToken: csrfToken(start.html),
      shareCode: 'W3H8D2L6T',
    });
    expect(replay.status).toBe(200);
    expect(h1(replay.html)).toBe('Page has expired');
    expect(main(replay.html)).toContain(
      'To restart the login process Click here . To continue the login process Click here .',
    );
    expect(replay.html).toContain(
      `id="loginRestartLink" class="govuk-link" href="${sim.url}/right-to-work/rtw-view"`,
    );
    // "Continue" takes the browser back to the current step.
    const cont = decode(
      /id="loginContinueLink" class="govuk-link" href="([^"]+)"/.exec(replay.html)?.[1] ?? '',
    );
    expect(h1((await client.get(cont)).html)).toBe("What is the job applicant's date of birth?");

    const forged = await client.post(formAction(dob.html), {
      csrfToken: 'forged',
      ...dobFields('1985-11-03'),
    });
    expect(h1(forged.html)).toBe('Page has expired');

    sim.setFaults({ services: { rightToWork: { sessionTimeoutSeconds: 0 } } });
    const late = await submit(client, dob, dobFields('1985-11-03'));
    expect(h1(late.html)).toBe('Page has expired');
  });

  it('shows ONE "Details ... do not match our records" page, served by the sign-in host', async () => {
    const unknown = await walk(new Client(sim.url), sim.entryUrls.rightToWork, 'W0000000A', '1985-11-03');
    const mismatch = await walk(new Client(sim.url), sim.entryUrls.rightToWork, 'W3H8D2L6T', '1985-11-04');
    for (const page of [unknown, mismatch]) {
      expect(page.url.startsWith('/auth/realms/AUK/login-actions/authenticate')).toBe(true);
      expect(page.html).toMatch(/<h1 class="govuk-heading-xl">Details do not match our records<\/h1>/);
      expect(page.html).toContain('id="kc-container"');
      expect(page.html).toContain(`id="try-again">Try again</a>`);
    }
    expect(main(unknown.html)).toBe(main(mismatch.html));
  });

  it('refuses a sign-in for another address, and a one-time code used twice', async () => {
    const bad = await fetch(
      `${sim.signInUrl}/auth/realms/AUK/protocol/openid-connect/auth?client_id=right-to-work&redirect_uri=https%3A%2F%2Fevil.example%2F&state=x&response_type=code`,
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Invalid parameter: redirect_uri');

    const client = new Client(sim.url);
    const dob = await submit(client, await client.get(sim.entryUrls.rightToWork), { shareCode: 'W3H8D2L6T' });
    const back = await submit(client, dob, dobFields('1985-11-03'));
    const callback = back.trail.find((t) => t.startsWith('/right-to-work/rtw-view/callback?')) ?? '';
    expect(callback).not.toBe('');
    const again = await client.get(callback);
    expect(again.status).toBe(400);
    expect(h1(again.html)).toBe('Sorry, there is a problem with the service');
  });

  it("takes right to work's faults: a lookup-scoped error hits the date-of-birth POST on the sign-in host", async () => {
    sim.setFaults({ services: { rightToWork: { error: { kind: 'http-503', on: 'lookup' } } } });
    const client = new Client(sim.url);
    const start = await client.get(sim.entryUrls.rightToWork);
    expect(start.status).toBe(200);
    const dob = await submit(client, start, { shareCode: 'W3H8D2L6T' });
    expect(dob.status).toBe(200);
    const down = await submit(client, dob, dobFields('1985-11-03'));
    expect(down.status).toBe(503);
    expect(h1(down.html)).toBe('Sorry, the service is unavailable');
  });

  it('interrupts the next sign-in posts on demand, so a fresh session can be tried again', async () => {
    expect(sim.interruptSignIn('page-expired').ok).toBe(true);
    expect(sim.interruptSignIn('lost', 0)).toEqual({
      ok: false,
      error: [
        'page must be one of "page-expired", "cookie-not-found"',
        'times must be a whole number from 1 to 100',
      ],
    });
    const first = await walk(new Client(sim.url), sim.entryUrls.rightToWork, 'W3H8D2L6T', '1985-11-03');
    expect(h1(first.html)).toBe('Page has expired');
    // The second attempt, a fresh session, goes through.
    const second = await walk(new Client(sim.url), sim.entryUrls.rightToWork, 'W3H8D2L6T', '1985-11-03');
    expect(second.url).toBe('/right-to-work/rtw-view/profile');

    const put = await fetch(`${sim.url}/__sim/sign-in-interruptions`, {
      method: 'POST',
      body: JSON.stringify({ page: 'cookie-not-found', times: 1 }),
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ pending: 1 });
    const third = await walk(new Client(sim.url), sim.entryUrls.rightToWork, 'W3H8D2L6T', '1985-11-03');
    expect(main(third.html)).toContain('Cookie not found');
    const bad = await fetch(`${sim.url}/__sim/sign-in-interruptions`, {
      method: 'POST',
      body: '{"page":"x"}',
    });
    expect(bad.status).toBe(400);
  });
});
