import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PortalSim, startPortalSim } from '../src/index.js';
import { Client } from './helpers/client.js';
import { dobFields, rightToWork, submit } from './helpers/flows.js';
import { attributeOf, checkDetails, h1, main } from './helpers/html.js';
import { pdfText } from './helpers/pdf-text.js';

let sim: PortalSim;
const CHECK_DAY = new Date('2026-05-04T09:30:00Z');

beforeAll(async () => {
  sim = await startPortalSim({ clock: () => CHECK_DAY });
});
afterAll(() => sim.close());

describe('right to work: happy paths', () => {
  it('walks the sign-in host for share code and date of birth, then company name to the profile', async () => {
    const client = new Client(sim.url);
    const start = await client.get(sim.entryUrls.rightToWork);
    // The share-code step is on the sign-in host, a separate origin.
    expect(start.trail[0]).toBe('/right-to-work/rtw-view');
    expect(start.url).toMatch(
      /^\/auth\/realms\/AUK\/protocol\/openid-connect\/auth\?client_id=right-to-work&/,
    );
    expect(start.html).toContain('id="shareCode" name="shareCode"');
    const dob = await submit(client, start, { shareCode: 'w7k 2m9 p4q' });
    expect(dob.url).toMatch(/^\/auth\/realms\/AUK\/login-actions\/authenticate\?session_code=/);
    expect(dob.html).toContain('id="dob-day" name="dob-day"');
    const company = await submit(client, dob, dobFields('1990-04-27'));
    expect(company.url).toBe('/right-to-work/rtw-view/company-name');
    const page = await submit(client, company, { checkerName: 'Acme Widgets Ltd' });
    expect(page.status).toBe(200);
    expect(page.url).toBe('/right-to-work/rtw-view/profile');
    expect(h1(page.html)).toBe('Right to work');
    expect(attributeOf(page.html, 'profileImage', 'src')).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    expect(page.html).toMatch(/<h2 class="govuk-heading-l">ANA MARÍA LÓPEZ<\/h2>/);
    const words = main(page.html);
    expect(words).toContain(
      'They have permission to work in the UK from 15 January 2024 until 14 December 2028, subject to the conditions and restrictions below.',
    );
    expect(words).toContain('Conditions They must work for the employer who sponsored them. They can:');
    expect(words).toContain('only work in the job they are sponsored for as their main job');
    expect(words).toContain('Voluntary work They can do voluntary work');
    const details = checkDetails(page.html);
    expect(details.get('Company name')).toBe('Acme Widgets Ltd');
    expect(details.get('Date of check')).toBe('4 May 2026');
    expect(details.get('Reference number')).toMatch(/^WE-[A-Z0-9]{7}-[A-Z]{2}$/);
    // Headings and paragraphs, as in the real PDF: no summary list by default.
    expect(page.html).not.toContain('govuk-summary-list');
    expect(words).toContain('Legal basis of status');
    expect(words).toContain('If you employ this person');
    expect(words).toContain('You need to do a follow-up check before 14 December 2028');
  });

  it('words a permission with no time limit as the real page: "They can work in the UK." then "Details"', async () => {
    const page = await rightToWork(new Client(sim.url), sim, { shareCode: 'W3H8D2L6T', dob: '1985-11-03' });
    const words = main(page.html);
    expect(words).toContain(
      'TOMASZ NOWAK They can work in the UK. Details They can work in any job. There is no limit on how long they can stay in the UK.',
    );
    expect(words).not.toContain('permission to work');
    expect(page.html).toContain('<h2 class="govuk-heading-m">Details</h2>');
    expect(words).toContain("You don't need to do the check again.");
    expect(words).toMatch(/Legal basis of status .+ If you employ this person/);
  });

  it('shows a student with their restrictions', async () => {
    const page = await rightToWork(new Client(sim.url), sim, { shareCode: 'W5R1N8C3V', dob: '2003-08-19' });
    const words = main(page.html);
    expect(words).toContain('until 31 October 2027');
    expect(words).toContain('Restrictions They cannot be self-employed.');
  });

  it('shows a person with no right to work', async () => {
    const page = await rightToWork(new Client(sim.url), sim, { shareCode: 'W9X4B7M2K', dob: '1995-02-10' });
    expect(h1(page.html)).toBe('Right to work');
    expect(main(page.html)).toContain('DANIEL OKORO They do not have permission to work in the UK.');
    expect(main(page.html)).not.toContain('If you employ this person');
  });

  it('keeps the company-name answer required', async () => {
    const client = new Client(sim.url);
    const page = await rightToWork(client, sim, {
      shareCode: 'W3H8D2L6T',
      dob: '1985-11-03',
      company: '   ',
    });
    expect(page.url).toBe('/right-to-work/rtw-view/company-name');
    expect(main(page.html)).toContain('There is a problem Enter your company name');
    expect(page.html).toContain('<p id="checkerName-error" class="govuk-error-message">');
  });

  it('can show the historic "Start now" interstitial', async () => {
    const legacy = await startPortalSim({ rightToWorkInterstitial: true, signIn: 'service-host' });
    try {
      const client = new Client(legacy.url);
      const start = await client.get(legacy.entryUrls.rightToWork);
      const dob = await submit(client, start, { shareCode: 'W3H8D2L6T' });
      const interstitial = await submit(client, dob, {
        'dob-day': '3',
        'dob-month': '11',
        'dob-year': '1985',
      });
      expect(interstitial.url).toBe('/right-to-work/rtw-view/get-started');
      const link = /<div id="get-started">\s*<a href="([^"]+)"/.exec(interstitial.html)?.[1];
      expect(link).toBe('/right-to-work/rtw-view/company-name');
      const company = await client.get(link ?? '');
      expect(company.html).toContain('id="checkerName"');
    } finally {
      await legacy.close();
    }
  });
});

describe('right to work: the PDF', () => {
  it('downloads right_to_work_check.pdf with the same details, only with the session cookie', async () => {
    const client = new Client(sim.url);
    const profile = await rightToWork(client, sim, {
      shareCode: 'W7K2M9P4Q',
      dob: '1990-04-27',
      company: 'Acme Widgets Ltd',
    });
    const reference = checkDetails(profile.html).get('Reference number') ?? '';
    const pdf = await submit(client, profile, {});
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="right_to_work_check.pdf"');
    const { text, title } = await pdfText(pdf.bytes);
    expect(title).toBe('Right to work');
    expect(text).toContain('Home Office');
    expect(text).toContain('ANA MARÍA LÓPEZ');
    expect(text).toContain('Details of check');
    expect(text).toContain('Acme Widgets Ltd');
    expect(text).toContain('4 May 2026');
    expect(text).toContain(reference);
    expect(reference).toMatch(/^WE-/);

    const stranger = new Client(sim.url);
    const refused = await stranger.post('/right-to-work/rtw-view/profile/pdf', { _csrf: 'x' });
    expect(refused.trail).toContain('/right-to-work/rtw-view');
    expect(refused.headers.get('content-type')).toContain('text/html');
  });

  it('refuses the PDF POST without the form token', async () => {
    const client = new Client(sim.url);
    await rightToWork(client, sim, { shareCode: 'W3H8D2L6T', dob: '1985-11-03' });
    const refused = await client.post('/right-to-work/rtw-view/profile/pdf', {});
    expect(refused.status).toBe(403);
  });
});
