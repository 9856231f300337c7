import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PortalSim, startPortalSim } from '../src/index.js';
import { Client } from './helpers/client.js';
import { codeAndDate, rightToRent, submit } from './helpers/flows.js';
import { attributeOf, checkDetails, errorSummary, h1, main } from './helpers/html.js';
import { pdfText } from './helpers/pdf-text.js';

let sim: PortalSim;

beforeAll(async () => {
  sim = await startPortalSim({ clock: () => new Date('2026-11-21T12:00:00Z') });
});
afterAll(() => sim.close());

describe('right to rent', () => {
  it('shows an unlimited right to rent', async () => {
    const page = await rightToRent(new Client(sim.url), sim, {
      shareCode: 'R4M 8K2 W7P',
      dob: '1988-06-30',
      checkerName: 'Jane Landlord',
      checkerType: 'landlord',
    });
    expect(page.url).toBe('/right-to-rent/rtr-view/profile');
    expect(h1(page.html)).toBe('Right to rent');
    expect(attributeOf(page.html, 'profileImage', 'src')).toMatch(/^data:image\/jpeg;base64,/);
    expect(main(page.html)).toContain(
      'FATIMA RAHMAN They have an unlimited right to rent in England. No further check is required.',
    );
    const rows = checkDetails(page.html);
    expect(rows.get('Checked by')).toBe('Jane Landlord');
    expect(rows.get('Landlord or letting agent')).toBe('Landlord');
    expect(rows.get('Date of check')).toBe('21 November 2026');
    expect(rows.get('Reference number')).toMatch(/^RE-[A-Z0-9]{7}-[A-Z]{2}$/);
  });

  it('shows a time-limited right with the follow-up check date (the later of expiry and a year on)', async () => {
    const long = await rightToRent(new Client(sim.url), sim, {
      shareCode: 'R6T3Q9H5B',
      dob: '1992-09-14',
      checkerType: 'agent',
    });
    expect(main(long.html)).toContain(
      'They have a time-limited right to rent in England until 31 March 2029.',
    );
    expect(main(long.html)).toContain('You must make a follow-up check before 31 March 2029.');
    expect(checkDetails(long.html).get('Landlord or letting agent')).toBe('Letting agent');
    const short = await rightToRent(new Client(sim.url), sim, { shareCode: 'R2J5P8S4L', dob: '1999-01-22' });
    expect(main(short.html)).toContain('until 31 January 2027.');
    expect(main(short.html)).toContain('You must make a follow-up check before 21 November 2027.');
  });

  it('shows no right to rent', async () => {
    const page = await rightToRent(new Client(sim.url), sim, { shareCode: 'R8B1V6N4D', dob: '1979-12-02' });
    expect(main(page.html)).toContain('OLENA KOVALENKO They do not have a right to rent in England.');
  });

  it('asks both checker questions and names each missing answer', async () => {
    const client = new Client(sim.url);
    const details = await codeAndDate(client, sim.entryUrls.rightToRent, 'R4M8K2W7P', '1988-06-30');
    expect(details.url).toBe('/right-to-rent/rtr-view/checker-details');
    const again = await submit(client, details, {});
    expect(errorSummary(again.html)).toEqual([
      'Enter the landlord or company name',
      'Select if you are a landlord or a letting agent',
    ]);
    expect(again.html).toContain('href="#checkerType"');
  });

  it('downloads the PDF with the session cookie only', async () => {
    const client = new Client(sim.url);
    const profile = await rightToRent(client, sim, {
      shareCode: 'R6T3Q9H5B',
      dob: '1992-09-14',
      checkerName: 'Lettings & Co',
    });
    const pdf = await submit(client, profile, {});
    expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="right_to_rent_check.pdf"');
    const { text } = await pdfText(pdf.bytes);
    expect(text).toContain('KWAME MENSAH');
    expect(text).toContain('Lettings & Co');
    const refused = await new Client(sim.url).post('/right-to-rent/rtr-view/profile/pdf', {});
    expect(refused.url).toBe('/right-to-rent/rtr-view');
  });

  it('can ask the checker questions on two pages', async () => {
    const split = await startPortalSim({ rightToRentCheckerPages: 'separate' });
    try {
      const client = new Client(split.url);
      const typePage = await codeAndDate(client, split.entryUrls.rightToRent, 'R4M8K2W7P', '1988-06-30');
      expect(typePage.url).toBe('/right-to-rent/rtr-view/landlord-or-agent');
      expect(h1(typePage.html)).toBe('Are you a landlord or a letting agent?');
      const namePage = await submit(client, typePage, { checkerType: 'agent' });
      expect(namePage.url).toBe('/right-to-rent/rtr-view/checker-name');
      const profile = await submit(client, namePage, { checkerName: 'Town Lets' });
      expect(checkDetails(profile.html).get('Checked by')).toBe('Town Lets');
      expect(checkDetails(profile.html).get('Landlord or letting agent')).toBe('Letting agent');
    } finally {
      await split.close();
    }
  });
});
