import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PortalSim, startPortalSim } from '../src/index.js';
import { Client } from './helpers/client.js';
import { codeAndDate, immigrationStatus, submit } from './helpers/flows.js';
import { attributeOf, byId, errorSummary, h1, main, summaryRows } from './helpers/html.js';
import { pdfText } from './helpers/pdf-text.js';

let sim: PortalSim;

beforeAll(async () => {
  sim = await startPortalSim({ clock: () => new Date('2026-05-04T12:00:00Z') });
});
afterAll(() => sim.close());

describe('check immigration status', () => {
  it('walks /view/start to /view/profile and shows the summary list and check details', async () => {
    const client = new Client(sim.url);
    const page = await immigrationStatus(client, sim, {
      shareCode: 'S5N 2P8 R4X',
      dob: '2001-05-04',
      jobTitle: 'Admissions officer',
      companyName: 'University of Example',
      purpose: 'EDUCATION_OR_TRAINING',
    });
    expect(page.url).toBe('/view-immigration-status/view/profile');
    expect(h1(page.html)).toBe('Their immigration status');
    expect(attributeOf(page.html, 'photo', 'src')).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    const rows = summaryRows(page.html);
    expect(rows.get('Name')).toBe('CHEN JING');
    expect(rows.get('Date of birth')).toBe('4 May 2001');
    expect(rows.get('Nationality')).toBe('Chinese');
    expect(rows.get('Status')).toBe('Student visa');
    expect(rows.get('Valid from')).toBe('1 September 2025');
    expect(rows.get('Valid until')).toBe('31 January 2028');
    expect(byId(page.html, 'checkCompanyName')).toBe('University of Example');
    expect(byId(page.html, 'checkJobTitle')).toBe('Admissions officer');
    expect(byId(page.html, 'checkDate')).toBe('4 May 2026');
    expect(byId(page.html, 'checkReferenceNumber')).toMatch(/^SE-[A-Z0-9]{7}-[A-Z]{2}$/);
    expect(byId(page.html, 'checkPurpose')).toBe('Education or training');
    const words = main(page.html);
    expect(words).toContain(
      'Summary of what they can do in the UK They can: study at the university that sponsored them',
    );
    expect(words).toContain('Things they cannot do get most benefits (no recourse to public funds)');
    expect(page.html).toMatch(
      /<a class="govuk-link" href="\/view-immigration-status\/view\/profile\/pdf\?reference=SE-[^"]+" aria-label="Download PDF">/,
    );
  });

  it('says "No expiry date" for a status with no end, and takes the purpose by its label text too', async () => {
    const page = await immigrationStatus(new Client(sim.url), sim, {
      shareCode: 'S3F7J1K9M',
      dob: '1983-03-21',
      purpose:
        'Personal finance (including bank and building society accounts, loans, credit cards and mortgages)',
    });
    expect(summaryRows(page.html).get('Valid until')).toBe('No expiry date');
    expect(byId(page.html, 'checkPurpose')).toBe(
      'Personal finance (including bank and building society accounts, loans, credit cards and mortgages)',
    );
  });

  it('records the reason typed for "another reason"', async () => {
    const client = new Client(sim.url);
    const missing = await immigrationStatus(client, sim, {
      shareCode: 'S3F7J1K9M',
      dob: '1983-03-21',
      purpose: 'OTHER',
    });
    expect(errorSummary(missing.html)).toEqual(['Enter your reason']);
    const page = await submit(client, missing, { purpose: 'OTHER', otherPurpose: 'Volunteer vetting' });
    expect(byId(page.html, 'checkPurpose')).toBe('Volunteer vetting');
  });

  it('escapes what the checker typed', async () => {
    const page = await immigrationStatus(new Client(sim.url), sim, {
      shareCode: 'S3F7J1K9M',
      dob: '1983-03-21',
      companyName: 'Bank <script>alert(1)</script> & Co',
    });
    expect(page.html).not.toContain('<script>alert(1)</script>');
    expect(byId(page.html, 'checkCompanyName')).toBe('Bank <script>alert(1)</script> & Co');
  });

  it('renders the purpose radios with the captured ids and labels', async () => {
    const client = new Client(sim.url);
    const details = await codeAndDate(client, sim.entryUrls.immigrationStatus, 'S3F7J1K9M', '1983-03-21');
    const purpose = await submit(client, details, { jobTitle: 'Clerk', companyName: 'Council' });
    expect(purpose.url).toBe('/view-immigration-status/view/checker-purpose');
    for (const id of [
      'purpose-DRIVING_LICENCE',
      'purpose-STUDENT_LOAN',
      'purpose-EDUCATION_OR_TRAINING',
      'purpose-TRAVEL',
      'purpose-GLOBAL_OR_EUROPEAN_HEALTH_CARD',
      'purpose-PERSONAL_FINANCE',
      'purpose-HOMELESSNESS_OR_COUNCIL_HOUSING',
      'purpose-other',
    ]) {
      expect(purpose.html).toContain(`id="${id}" name="purpose" type="radio"`);
    }
    expect(purpose.html).toContain('id="purpose-TRAVEL" name="purpose" type="radio" value="Travel"');
    expect(purpose.html).toContain('<label class="govuk-label" for="otherPurpose">');
    const empty = await submit(client, purpose, {});
    expect(errorSummary(empty.html)).toEqual(['Select why you are checking their immigration status']);
    expect(empty.html).toContain('href="#purpose-DRIVING_LICENCE"');
  });

  it('serves the purpose values as the enum when configured', async () => {
    const labelled = await startPortalSim({ purposeValues: 'enum' });
    try {
      const client = new Client(labelled.url);
      const details = await codeAndDate(
        client,
        labelled.entryUrls.immigrationStatus,
        'S3F7J1K9M',
        '1983-03-21',
      );
      const purpose = await submit(client, details, { jobTitle: 'Clerk', companyName: 'Council' });
      expect(purpose.html).toContain('id="purpose-TRAVEL" name="purpose" type="radio" value="TRAVEL"');
    } finally {
      await labelled.close();
    }
  });

  it('asks for job title and organisation', async () => {
    const client = new Client(sim.url);
    const details = await codeAndDate(client, sim.entryUrls.immigrationStatus, 'S3F7J1K9M', '1983-03-21');
    expect(details.html).toContain('<label class="govuk-label govuk-label--m" for="jobTitle">');
    expect(details.html).toContain('Organisation or company name');
    const again = await submit(client, details, { jobTitle: '', companyName: '' });
    expect(errorSummary(again.html)).toEqual([
      'Enter your job title',
      'Enter your organisation or company name',
    ]);
  });

  it('sends a visitor with no session from /view/checker-details back to /view/start', async () => {
    const page = await new Client(sim.url).get('/view-immigration-status/view/checker-details');
    expect(page.url).toBe('/view-immigration-status/view/start');
    expect(page.html).toContain('<label class="govuk-label govuk-label--m" for="shareCode">');
  });

  it('downloads the PDF from the link with the session cookie, and never without it', async () => {
    const client = new Client(sim.url);
    const page = await immigrationStatus(client, sim, { shareCode: 'S3F7J1K9M', dob: '1983-03-21' });
    const href = /href="([^"]+)" aria-label="Download PDF"/.exec(page.html)?.[1] ?? '';
    const pdf = await client.get(href.replace(/&amp;/g, '&'));
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(
      'attachment; filename="immigration_status_check.pdf"',
    );
    const { text } = await pdfText(pdf.bytes);
    expect(text).toContain('GIULIA ROSSI');
    expect(text).toContain('Their immigration status');
    expect(text).toContain(byId(page.html, 'checkReferenceNumber') ?? 'missing');

    const stranger = await new Client(sim.url).get(href);
    expect(stranger.url).toBe('/view-immigration-status/view/start');
    expect(stranger.headers.get('content-type')).toContain('text/html');
    const wrongReference = await client.get(
      '/view-immigration-status/view/profile/pdf?reference=SE-XXXXXXX-XX',
    );
    expect(wrongReference.status).toBe(404);
  });

  it('carries the session-timeout warning, and signs out', async () => {
    const client = new Client(sim.url);
    const dob = await codeAndDate(client, sim.entryUrls.immigrationStatus, 'S3F7J1K9M', '1983-03-21');
    expect(dob.html).toContain('data-timeout-seconds="1800"');
    expect(dob.html).toContain('You will be signed out soon');
    expect(dob.html).toContain('Stay signed in');
    const keepAlive = await client.get('/view-immigration-status/keep-alive');
    expect(keepAlive.status).toBe(204);
    const out = await client.get('/view-immigration-status/user-sign-out');
    expect(h1(out.html)).toBe('You have been signed out');
    const after = await client.get('/view-immigration-status/view/checker-details');
    expect(after.url).toBe('/view-immigration-status/view/start');
  });

  it('has the UKVI cookie banner, hidden until its script shows it, and the beta banner', async () => {
    const page = await new Client(sim.url).get(`${sim.baseUrls.immigrationStatus}/view/start`);
    expect(page.html).toMatch(
      /<div id="cookie-banner" class="govuk-cookie-banner"[^>]*aria-label="Cookies on UK Visas and Immigration services" hidden>/,
    );
    expect(page.html).toContain('id="accept-analytics"');
    expect(page.html).toContain('id="reject-analytics"');
    expect(page.html).toContain('ukvi-cookie-banner.js');
    expect(page.html).toContain('<strong class="govuk-tag govuk-phase-banner__content__tag">');
  });
});
