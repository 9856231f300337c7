import type { ValidatedRequest } from '@sharecode/core/validation';
import { type PortalSim, startPortalSim } from '@sharecode/portal-sim';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CheckSlots } from '../src/portal/check-slots.js';
import type { CheckSession } from '../src/portal/portal-page.js';
import type { PortalRunner } from '../src/portal/portal-runner.js';
import {
  CHROMIUM,
  dataUrlBytes,
  errorOf,
  jpegSize,
  launchTestSlots,
  pdfText,
  resultOf,
  runCheck,
  simRunner,
  validRequest,
} from './portal-harness.js';

const COMPANY = 'Acme Widgets Ltd';
const rtw = (shareCode: string, dateOfBirth: string) =>
  validRequest('right_to_work', { share_code: shareCode, date_of_birth: dateOfBirth, company_name: COMPANY });

describe.skipIf(CHROMIUM === null)('right to work, live, against the portal simulator', () => {
  let slots: CheckSlots<CheckSession>;
  let sim: PortalSim;
  let runner: PortalRunner;

  beforeAll(async () => {
    slots = await launchTestSlots({ slots: 2 });
    sim = await startPortalSim({ port: 0, lockoutFailures: 3 });
    runner = simRunner(slots, sim);
  });
  afterAll(async () => {
    await sim?.close();
    await slots?.close();
  });
  beforeEach(() => sim.reset());

  it('reads a Skilled Worker result in full: sentences, dates, photo and the portal PDF', async () => {
    const result = resultOf(await runCheck(runner, rtw('w7k 2m9 p4q', '1990-04-27')));
    const person = sim.people.find((p) => p.shareCode.replace(/\s+/g, '') === 'W7K2M9P4Q');
    expect(result).toEqual({
      outcome: 'ACCEPTED',
      title: 'Right to work',
      name: 'ANA MARÍA LÓPEZ',
      date_of_birth: '1990-04-27',
      // The evidence page shows neither (portal.md, second review): null, not invented.
      nationality: null,
      permission_type: null,
      start_date: '2024-01-15',
      expiry_date: '2028-12-14',
      conditions: [
        'They must work for the employer who sponsored them.',
        'They can only work in the job they are sponsored for as their main job.',
        'They can work overtime in the job they are sponsored for - subject to the working time regulations.',
        'They can complete the notice period for a job they were doing when they applied for their current visa.',
        "They can do voluntary work that is unpaid and doesn't involve working for an employer.",
        'They cannot be paid expenses or receive benefits in kind.',
      ],
      restrictions: [],
      reference: expect.stringMatching(/^WE-[A-Z0-9]{7}-[A-Z]{2}$/),
      share_code: 'W7K2M9P4Q',
      photo_data_url: expect.stringMatching(/^data:image\/jpeg;base64,/),
      pdf_data_url: expect.stringMatching(/^data:application\/pdf;base64,/),
      checked_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    // The photo is the portal's own JPEG, byte for byte.
    expect(jpegSize(result.photo_data_url).width).toBeGreaterThan(0);
    expect(dataUrlBytes(result.photo_data_url ?? '')).toEqual(Buffer.from(person?.photoJpeg ?? []));
    const pdf = await pdfText(result.pdf_data_url);
    expect(pdf.pages).toBeGreaterThanOrEqual(1);
    expect(pdf.text).toContain('Home Office');
    expect(pdf.text).toContain('ANA MARÍA LÓPEZ');
    expect(pdf.text).toContain(COMPANY);
    expect(pdf.text).toContain(result.reference ?? 'no reference');
  });

  it('reads a settled worker: no time limit, so no dates', async () => {
    const result = resultOf(await runCheck(runner, rtw('W3H8D2L6T', '1985-11-03')));
    expect(result).toMatchObject({
      outcome: 'ACCEPTED',
      name: 'TOMASZ NOWAK',
      // The evidence page shows neither (portal.md, second review): null, not invented.
      nationality: null,
      permission_type: null,
      start_date: null,
      expiry_date: null,
      conditions: ['They can work in any job.', 'There is no limit on how long they can stay in the UK.'],
      restrictions: [],
    });
    expect(jpegSize(result.photo_data_url).width).toBeGreaterThan(0);
    expect((await pdfText(result.pdf_data_url)).text).toContain('TOMASZ NOWAK');
  });

  it("reads a Student's conditions and restrictions, one sentence each", async () => {
    const result = resultOf(await runCheck(runner, rtw('W5R1N8C3V', '2003-08-19')));
    expect(result).toMatchObject({
      outcome: 'ACCEPTED',
      name: 'LI WEI',
      // The evidence page shows neither (portal.md, second review): null, not invented.
      nationality: null,
      permission_type: null,
      start_date: '2025-09-01',
      expiry_date: '2027-10-31',
      conditions: [
        'They can work up to 20 hours a week during term time.',
        'They can work full time during official vacation periods.',
        'They can work on a placement which is part of the course their student visa is based on.',
        'They can do voluntary work that is unpaid.',
      ],
      restrictions: [
        'They cannot be self-employed.',
        'They cannot work as a professional sportsperson, including as a sports coach.',
        'They cannot work as an entertainer.',
      ],
    });
  });

  it('reads "no right to work" as REJECTED, with no dates or conditions', async () => {
    const result = resultOf(await runCheck(runner, rtw('W9X4B7M2K', '1995-02-10')));
    expect(result).toMatchObject({
      outcome: 'REJECTED',
      name: 'DANIEL OKORO',
      // The evidence page shows neither (portal.md, second review): null, not invented.
      nationality: null,
      permission_type: null,
      start_date: null,
      expiry_date: null,
      conditions: [],
      restrictions: [],
    });
    expect((await pdfText(result.pdf_data_url)).text).toContain('DANIEL OKORO');
  });

  describe('lookup errors', () => {
    const noPersonalData = (message: string) => {
      for (const secret of ['W7K2M9P4Q', 'W7K 2M9 P4Q', '1990-04-27', '27 April 1990', 'LÓPEZ', 'López'])
        expect(message).not.toContain(secret);
    };

    it('an unknown share code is NOT_FOUND', async () => {
      const error = errorOf(await runCheck(runner, rtw('W0A0A0A0A', '1990-04-27')));
      expect(error.code).toBe('NOT_FOUND');
      // Right to work shows one page for both causes (the default "one-page" variant).
      expect(error.message).toMatch(/both the share code and the date of birth/);
    });

    it('a wrong date of birth gets the one "do not match our records" page: NOT_FOUND naming both causes', async () => {
      const error = errorOf(await runCheck(runner, rtw('W7K2M9P4Q', '1990-04-28')));
      expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404 });
      expect(error.message).toMatch(/both the share code and the date of birth/);
      noPersonalData(error.message);
    });

    it('an expired code is NOT_FOUND saying it expired', async () => {
      const error = errorOf(await runCheck(runner, rtw('W2Q6T9Z1F', '1993-07-08')));
      expect(error.code).toBe('NOT_FOUND');
      expect(error.message).toMatch(/expired/);
    });

    it('a code made for another service is NOT_FOUND saying so', async () => {
      // Core refuses an R code on this endpoint; the portal's own refusal is tested by handing one over.
      const request: ValidatedRequest = {
        kind: 'right_to_work',
        request: { share_code: 'R4M8K2W7P', date_of_birth: '1988-06-30', company_name: COMPANY },
        async: null,
      };
      const error = errorOf(await runCheck(runner, request));
      expect(error.code).toBe('NOT_FOUND');
      expect(error.message).toMatch(/not valid for this service/);
    });

    it('a locked code is NOT_FOUND saying it is locked, even with the right date of birth', async () => {
      for (let i = 0; i < 3; i += 1) {
        expect(errorOf(await runCheck(runner, rtw('W7K2M9P4Q', '1990-04-28'))).code).toBe('NOT_FOUND');
      }
      const error = errorOf(await runCheck(runner, rtw('W7K2M9P4Q', '1990-04-27')));
      expect(error.code).toBe('NOT_FOUND');
      expect(error.message).toMatch(/locked/);
      noPersonalData(error.message);
    });
  });

  describe('portal faults', () => {
    it('"Sorry, there is a problem with the service" (HTTP 200) is UPSTREAM_UNEXPECTED', async () => {
      sim.setFaults({ services: { rightToWork: { error: { kind: 'problem-page', on: 'lookup' } } } });
      const error = errorOf(await runCheck(runner, rtw('W7K2M9P4Q', '1990-04-27')));
      expect(error).toMatchObject({ code: 'UPSTREAM_UNEXPECTED', status: 502 });
      expect(error.message).toContain('Sorry, there is a problem with the service');
    });

    it('HTTP 500 is UPSTREAM_UNEXPECTED, 503 is TIMEOUT (safe to retry)', async () => {
      sim.setFaults({ services: { rightToWork: { error: { kind: 'http-500', on: 'result' } } } });
      expect(errorOf(await runCheck(runner, rtw('W7K2M9P4Q', '1990-04-27'))).code).toBe(
        'UPSTREAM_UNEXPECTED',
      );
      sim.setFaults({ services: { rightToWork: { error: { kind: 'http-503' } } } });
      const unavailable = errorOf(await runCheck(runner, rtw('W7K2M9P4Q', '1990-04-27')));
      expect(unavailable).toMatchObject({ code: 'TIMEOUT', status: 504 });
      expect(unavailable.message).toContain('unavailable');
    });

    it('a portal that never answers is TIMEOUT within the check timeout', async () => {
      const quick = simRunner(slots, sim, { checkTimeoutMs: 2_500 });
      sim.setFaults({ services: { rightToWork: { error: { kind: 'hang', on: 'result' } } } });
      const error = errorOf(await runCheck(quick, rtw('W7K2M9P4Q', '1990-04-27')));
      expect(error.code).toBe('TIMEOUT');
      const diagnostic = quick.recentDiagnostics().at(-1)?.diagnostic;
      expect(diagnostic?.note).toBe('timed out');
      expect(slots.stats().inUse).toBe(0);
    });

    it('a session that ends mid-check, again in a fresh session, is UPSTREAM_UNEXPECTED', async () => {
      sim.setFaults({ services: { rightToWork: { sessionTimeoutSeconds: 0 } } });
      const error = errorOf(await runCheck(runner, rtw('W7K2M9P4Q', '1990-04-27')));
      expect(error.code).toBe('UPSTREAM_UNEXPECTED');
      expect(error.message).toMatch(/fresh session/);
    });

    it('a changed result page is UPSTREAM_UNEXPECTED with a redacted diagnostic for operators', async () => {
      sim.setFaults({ services: { rightToWork: { pageShape: 'changed' } } });
      const error = errorOf(await runCheck(runner, rtw('W7K2M9P4Q', '1990-04-27')));
      expect(error.code).toBe('UPSTREAM_UNEXPECTED');
      const record = runner.recentDiagnostics().at(-1);
      expect(record).toMatchObject({
        kind: 'right_to_work',
        failure: 'unrecognised',
        code: 'UPSTREAM_UNEXPECTED',
        diagnostic: {
          step: 'company-name',
          note: 'a page the driver does not know',
          h1: 'Employment eligibility result',
          path: '/right-to-work/rtw-view/profile',
          status: 200,
          htmlSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        },
      });
      const text = JSON.stringify(record);
      for (const secret of ['W7K2M9P4Q', '1990-04-27', '27 April 1990', 'LÓPEZ', 'ANA', COMPANY])
        expect(text).not.toContain(secret);
    });
  });

  it('walks the historic "Start now" page, with and without cookie banners', async () => {
    const historic = await startPortalSim({ port: 0, rightToWorkInterstitial: true, cookieBanners: false });
    try {
      const result = resultOf(await runCheck(simRunner(slots, historic), rtw('W7K2M9P4Q', '1990-04-27')));
      expect(result).toMatchObject({
        outcome: 'ACCEPTED',
        name: 'ANA MARÍA LÓPEZ',
        expiry_date: '2028-12-14',
      });
    } finally {
      await historic.close();
    }
  });

  it('keeps nothing between checks: each check starts a fresh session', async () => {
    const first = resultOf(await runCheck(runner, rtw('W7K2M9P4Q', '1990-04-27')));
    const second = resultOf(await runCheck(runner, rtw('W3H8D2L6T', '1985-11-03')));
    expect(first.name).toBe('ANA MARÍA LÓPEZ');
    expect(second.name).toBe('TOMASZ NOWAK');
    expect(first.reference).not.toBe(second.reference);
  });
});
