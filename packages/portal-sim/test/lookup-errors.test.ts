import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PortalSim, startPortalSim } from '../src/index.js';
import { Client } from './helpers/client.js';
import { codeAndDate, dobFields, submit } from './helpers/flows.js';
import { errorSummary, h1, main } from './helpers/html.js';

let sim: PortalSim;

beforeAll(async () => {
  // The services' own pages, each failure on its own page: the sign-in host and the one
  // mismatch page of the defaults are covered in sign-in-host.test.ts and variants.test.ts.
  sim = await startPortalSim({
    lockoutFailures: 3,
    clock: () => new Date('2026-05-04T12:00:00Z'),
    signIn: 'service-host',
    lookupErrors: 'separate-pages',
    immigrationStatusEntry: 'view-start',
  });
});
afterAll(() => sim.close());

/** Where each service shows a lookup failure: its own page (h1) or the date page's error summary. */
async function failure(
  service: 'rightToWork' | 'rightToRent' | 'immigrationStatus',
  code: string,
  dob: string,
) {
  const page = await codeAndDate(new Client(sim.url), sim.entryUrls[service], code, dob);
  return { page, heading: h1(page.html), summary: errorSummary(page.html) };
}

describe('lookup errors on the page-style services (right to work, right to rent)', () => {
  it.each([
    ['rightToWork', 'W0000000A', '1990-04-27', 'Share code not found'],
    ['rightToWork', 'W7K2M9P4Q', '1990-04-28', 'Details do not match our records'],
    ['rightToWork', 'R4M8K2W7P', '1988-06-30', 'This share code is not valid for this service'],
    ['rightToWork', 'S3F7J1K9M', '1983-03-21', 'This share code is not valid for this service'],
    ['rightToWork', 'W2Q6T9Z1F', '1993-07-08', 'This share code has expired'],
    ['rightToRent', 'R0000000A', '1988-06-30', 'Share code not found'],
    ['rightToRent', 'R4M8K2W7P', '1988-06-29', 'Details do not match our records'],
    ['rightToRent', 'W7K2M9P4Q', '1990-04-27', 'This share code is not valid for this service'],
  ] as const)('%s %s %s: %s', async (service, code, dob, heading) => {
    const result = await failure(service, code, dob);
    expect(result.page.status).toBe(200);
    expect(result.heading).toBe(heading);
    expect(result.page.html).toContain(`<h1 class="govuk-heading-xl">${heading}</h1>`);
    expect(result.page.html).toContain('id="try-again"');
  });

  it('says the details "do not match our records" on a date-of-birth mismatch', async () => {
    const result = await failure('rightToWork', 'W7K2M9P4Q', '1990-04-28');
    expect(main(result.page.html)).toContain('Details do not match our records');
    expect(main(result.page.html)).toContain('Check the share code and date of birth and try again.');
  });
});

describe('lookup errors on view-immigration-status (error summary on the date page)', () => {
  it.each([
    ['S0000000A', '1983-03-21', 'Share code not found. Check the share code and try again'],
    [
      'S3F7J1K9M',
      '1983-03-22',
      'Details do not match our records. Check the share code and date of birth and try again',
    ],
    [
      'W7K2M9P4Q',
      '1990-04-27',
      "This share code is not valid for this service. Use a different service to check someone's right to work or right to rent",
    ],
  ] as const)('%s %s', async (code, dob, message) => {
    const result = await failure('immigrationStatus', code, dob);
    expect(result.page.url).toBe('/view-immigration-status/view/date-of-birth');
    expect(result.summary).toEqual([message]);
    expect(result.page.html).toContain('<div class="govuk-error-summary" data-module="govuk-error-summary">');
  });

  it('marks the date fields on a mismatch and links code problems back to the first step', async () => {
    const mismatch = await failure('immigrationStatus', 'S3F7J1K9M', '1983-03-22');
    expect(mismatch.page.html).toContain('href="#dob-day"');
    expect(mismatch.page.html).toContain(
      'govuk-input--error" id="dob-day" name="dob-day" type="text" value="22"',
    );
    const notFound = await failure('immigrationStatus', 'S0000000A', '1983-03-21');
    expect(notFound.page.html).toContain('href="/view-immigration-status/view/start"');
  });

  it('reports an expired code when the validity window is shorter', async () => {
    const strict = await startPortalSim({
      shareCodeValidityDays: 0,
      seed: [
        {
          kind: 'immigration_status',
          shareCode: 'S1A2B3C4D',
          dateOfBirth: '1980-01-01',
          name: 'Test Person',
          nationality: 'French',
          shareCodeIssuedDaysAgo: 1,
          details: {
            status: 'Settled status',
            validFrom: '2020-01-01',
            activities: ['work in the UK'],
            restrictions: [],
          },
        },
      ],
    });
    try {
      const page = await codeAndDate(
        new Client(strict.url),
        strict.entryUrls.immigrationStatus,
        'S1A2B3C4D',
        '1980-01-01',
      );
      expect(errorSummary(page.html)).toEqual(['This share code has expired. Ask them for a new share code']);
    } finally {
      await strict.close();
    }
  });
});

describe('validation errors', () => {
  it('names an empty or malformed share code on the share code page', async () => {
    const client = new Client(sim.url);
    const start = await client.get(sim.entryUrls.rightToWork);
    const empty = await submit(client, start, { shareCode: '' });
    expect(empty.url).toBe('/right-to-work/rtw-view');
    expect(errorSummary(empty.html)).toEqual(['Enter the share code']);
    expect(empty.html).toContain('<p id="shareCode-error" class="govuk-error-message">');
    expect(empty.html).toContain('<title>Error: ');
    const short = await submit(client, empty, { shareCode: 'W12 3AB' });
    expect(errorSummary(short.html)).toEqual(['Share code must be 9 characters']);
    expect(short.html).toContain('value="W12 3AB"');
  });

  it('names the missing parts of a date of birth and highlights only them', async () => {
    const client = new Client(sim.url);
    const start = await client.get(sim.entryUrls.rightToRent);
    const dob = await submit(client, start, { shareCode: 'R4M8K2W7P' });
    const missing = await submit(client, dob, { 'dob-day': '30', 'dob-month': '', 'dob-year': '' });
    expect(errorSummary(missing.html)).toEqual(['Date of birth must include a month and year']);
    expect(missing.html).toContain('href="#dob-month"');
    expect(missing.html).toContain(
      'class="govuk-input govuk-date-input__input govuk-input--width-2" id="dob-day"',
    );
    expect(missing.html).toContain('govuk-input--error" id="dob-month"');
    const future = await submit(client, missing, dobFields('2030-01-01'));
    expect(errorSummary(future.html)).toEqual(['Date of birth must be in the past']);
    const unreal = await submit(client, future, { 'dob-day': '31', 'dob-month': '2', 'dob-year': '1990' });
    expect(errorSummary(unreal.html)).toEqual(['Date of birth must be a real date']);
  });
});

describe('lockout', () => {
  it('locks a code after the configured number of failures, even for the right date, per code', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await failure('rightToWork', 'W5R1N8C3V', '2000-01-01')).heading).toBe(
        'Details do not match our records',
      );
    }
    const locked = await failure('rightToWork', 'W5R1N8C3V', '2003-08-19');
    expect(locked.heading).toBe('This share code has been locked');
    expect(main(locked.page.html)).toContain('too many attempts');
    // Another code is untouched.
    const other = await codeAndDate(
      new Client(sim.url),
      sim.entryUrls.rightToWork,
      'W3H8D2L6T',
      '1985-11-03',
    );
    expect(other.url).toBe('/right-to-work/rtw-view/company-name');
    // reset() clears the lock.
    sim.reset();
    const again = await codeAndDate(
      new Client(sim.url),
      sim.entryUrls.rightToWork,
      'W5R1N8C3V',
      '2003-08-19',
    );
    expect(again.url).toBe('/right-to-work/rtw-view/company-name');
  });

  it('shows the lock on view-immigration-status as an error summary', async () => {
    for (let i = 0; i < 3; i += 1) await failure('immigrationStatus', 'S5N2P8R4X', '2000-01-01');
    const locked = await failure('immigrationStatus', 'S5N2P8R4X', '2001-05-04');
    expect(locked.summary).toEqual([
      'This share code has been locked because of too many attempts. Try again later or ask them for a new share code',
    ]);
    sim.reset();
  });
});

describe('CSRF', () => {
  it('refuses a POST with a missing, wrong or other-session token with a GOV.UK error page', async () => {
    const client = new Client(sim.url);
    await client.get(sim.entryUrls.rightToWork);
    const missing = await client.post('/right-to-work/rtw-view', { shareCode: 'W7K2M9P4Q' });
    expect(missing.status).toBe(403);
    expect(h1(missing.html)).toBe('Sorry, there is a problem with the service');
    expect(main(missing.html)).toContain('out of date');
    const wrong = await client.post('/right-to-work/rtw-view', { _csrf: 'forged', shareCode: 'W7K2M9P4Q' });
    expect(wrong.status).toBe(403);

    const other = new Client(sim.url);
    const otherStart = await other.get(sim.entryUrls.rightToWork);
    const stolen = /name="_csrf" value="([^"]+)"/.exec(otherStart.html)?.[1] ?? '';
    const replayed = await client.post('/right-to-work/rtw-view', { _csrf: stolen, shareCode: 'W7K2M9P4Q' });
    expect(replayed.status).toBe(403);
  });

  it('sends a POST with no session at all back to the first step', async () => {
    const page = await new Client(sim.url).post(
      '/view-immigration-status/view/date-of-birth',
      dobFields('1983-03-21'),
    );
    expect(page.url).toBe('/view-immigration-status/view/start');
  });

  it('does not let a later step be reached by skipping the lookup', async () => {
    const client = new Client(sim.url);
    const start = await client.get(sim.entryUrls.rightToWork);
    await submit(client, start, { shareCode: 'W7K2M9P4Q' });
    const skipped = await client.get('/right-to-work/rtw-view/company-name');
    expect(skipped.url).toBe('/right-to-work/rtw-view');
  });
});
