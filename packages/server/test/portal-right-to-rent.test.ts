import { formatLongDate } from '@sharecode/core/util';
import { type PortalSim, startPortalSim } from '@sharecode/portal-sim';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CheckSlots } from '../src/portal/check-slots.js';
import type { CheckSession } from '../src/portal/portal-page.js';
import type { PortalRunner } from '../src/portal/portal-runner.js';
import {
  CHROMIUM,
  errorOf,
  jpegSize,
  launchTestSlots,
  pdfText,
  resultOf,
  runCheck,
  simRunner,
  ukToday,
  validRequest,
} from './portal-harness.js';

const rtr = (shareCode: string, dateOfBirth: string, checkerType: 'landlord' | 'agent' = 'agent') =>
  validRequest('right_to_rent', {
    share_code: shareCode,
    date_of_birth: dateOfBirth,
    checker_name: 'Northside Lettings',
    checker_type: checkerType,
  });

/** The simulator's follow-up date: the later of the expiry and 12 months after today (UK). */
function followUp(expiry: string): string {
  const [y = '', m = '', d = ''] = ukToday().split('-');
  const yearOn = `${Number(y) + 1}-${m}-${d}`;
  return expiry > yearOn ? expiry : yearOn;
}

const long = (iso: string) => formatLongDate(new Date(`${iso}T00:00:00Z`));

describe.skipIf(CHROMIUM === null)('right to rent, live, against the portal simulator', () => {
  let slots: CheckSlots<CheckSession>;
  let sim: PortalSim;
  let runner: PortalRunner;

  beforeAll(async () => {
    slots = await launchTestSlots({ slots: 2 });
    sim = await startPortalSim({ port: 0 });
    runner = simRunner(slots, sim);
  });
  afterAll(async () => {
    await sim?.close();
    await slots?.close();
  });
  beforeEach(() => sim.reset());

  it('reads an unlimited right to rent: no expiry, no follow-up check', async () => {
    const result = resultOf(await runCheck(runner, rtr('R4M 8K2 W7P', '1988-06-30', 'landlord')));
    expect(result).toEqual({
      outcome: 'ACCEPTED',
      title: 'Right to rent',
      name: 'FATIMA RAHMAN',
      date_of_birth: '1988-06-30',
      nationality: 'Bangladeshi',
      permission_type: 'Indefinite leave to remain',
      start_date: null,
      expiry_date: null,
      conditions: [],
      restrictions: [],
      reference: expect.stringMatching(/^RE-[A-Z0-9]{7}-[A-Z]{2}$/),
      share_code: 'R4M8K2W7P',
      photo_data_url: expect.stringMatching(/^data:image\/jpeg;base64,/),
      pdf_data_url: expect.stringMatching(/^data:application\/pdf;base64,/),
      checked_at: expect.any(String),
      details: 'They have an unlimited right to rent in England. No further check is required.',
      recheck_date: null,
      company_name: 'Northside Lettings',
      check_date: ukToday(),
    });
    expect(jpegSize(result.photo_data_url).height).toBeGreaterThan(0);
    const pdf = await pdfText(result.pdf_data_url);
    expect(pdf.text).toContain('FATIMA RAHMAN');
    expect(pdf.text).toContain('Landlord');
  });

  it('reads a time-limited right to rent with its follow-up date', async () => {
    const result = resultOf(await runCheck(runner, rtr('R6T3Q9H5B', '1992-09-14')));
    const recheck = followUp('2029-03-31');
    expect(result).toMatchObject({
      outcome: 'ACCEPTED',
      name: 'KWAME MENSAH',
      nationality: 'Ghanaian',
      permission_type: 'Skilled Worker',
      expiry_date: '2029-03-31',
      recheck_date: recheck,
      details: `They have a time-limited right to rent in England until 31 March 2029. You must make a follow-up check before ${long(recheck)}.`,
    });
    expect((await pdfText(result.pdf_data_url)).text).toContain('Letting agent');
  });

  it('takes the later follow-up date when the permission ends within a year', async () => {
    const result = resultOf(await runCheck(runner, rtr('R2J5P8S4L', '1999-01-22')));
    expect(result).toMatchObject({
      outcome: 'ACCEPTED',
      name: 'AISHA BELLO',
      permission_type: 'Student',
      expiry_date: '2027-01-31',
      recheck_date: followUp('2027-01-31'),
    });
  });

  it('reads "no right to rent" as REJECTED', async () => {
    const result = resultOf(await runCheck(runner, rtr('R8B1V6N4D', '1979-12-02')));
    expect(result).toMatchObject({
      outcome: 'REJECTED',
      name: 'OLENA KOVALENKO',
      nationality: 'Ukrainian',
      expiry_date: null,
      recheck_date: null,
      details: 'They do not have a right to rent in England. You must not rent a property to them.',
    });
  });

  it('walks the service from whatever entry the simulator serves (variant rightToRentEntry: landlord-check)', async () => {
    // Entered at the service's own first page (sim.entryUrls follows the variant); the HTTP variant
    // tests enter through the GOV.UK start page instead.
    expect(sim.setVariants({ rightToRentEntry: 'landlord-check' }).ok).toBe(true);
    expect(sim.entryUrls.rightToRent).toMatch(/\/landlord-check$/);
    const result = resultOf(await runCheck(runner, rtr('R6T3Q9H5B', '1992-09-14')));
    expect(result).toMatchObject({ outcome: 'ACCEPTED', name: 'KWAME MENSAH', expiry_date: '2029-03-31' });
  });

  it('maps the lookup errors: not found, and "do not match our records" as either cause', async () => {
    expect(errorOf(await runCheck(runner, rtr('R0B0B0B0B', '1988-06-30'))).code).toBe('NOT_FOUND');
    const mismatch = errorOf(await runCheck(runner, rtr('R4M8K2W7P', '1988-06-29')));
    expect(mismatch.code).toBe('NOT_FOUND');
    expect(mismatch.message).toMatch(/both the share code and the date of birth/);
  });

  it('maps portal faults: error page, unavailable, changed page', async () => {
    sim.setFaults({ services: { rightToRent: { error: { kind: 'problem-page', on: 'result' } } } });
    expect(errorOf(await runCheck(runner, rtr('R4M8K2W7P', '1988-06-30'))).code).toBe('UPSTREAM_UNEXPECTED');
    sim.setFaults({ services: { rightToRent: { error: { kind: 'http-503', on: 'lookup' } } } });
    expect(errorOf(await runCheck(runner, rtr('R4M8K2W7P', '1988-06-30'))).code).toBe('TIMEOUT');
    sim.setFaults({ services: { rightToRent: { pageShape: 'changed' } } });
    expect(errorOf(await runCheck(runner, rtr('R4M8K2W7P', '1988-06-30'))).code).toBe('UPSTREAM_UNEXPECTED');
    expect(runner.recentDiagnostics().at(-1)?.diagnostic).toMatchObject({
      h1: 'Tenant eligibility result',
      path: '/right-to-rent/rtr-view/profile',
    });
  });

  it('answers the checker questions on two pages, without cookie banners', async () => {
    const split = await startPortalSim({
      port: 0,
      rightToRentCheckerPages: 'separate',
      cookieBanners: false,
    });
    try {
      const splitRunner = simRunner(slots, split);
      const landlord = resultOf(await runCheck(splitRunner, rtr('R4M8K2W7P', '1988-06-30', 'landlord')));
      expect(landlord).toMatchObject({ name: 'FATIMA RAHMAN', company_name: 'Northside Lettings' });
      expect((await pdfText(landlord.pdf_data_url)).text).toContain('Landlord');
      const agent = resultOf(await runCheck(splitRunner, rtr('R6T3Q9H5B', '1992-09-14', 'agent')));
      expect((await pdfText(agent.pdf_data_url)).text).toContain('Letting agent');
    } finally {
      await split.close();
    }
  });
});
