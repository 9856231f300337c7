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
  ukToday,
  validRequest,
} from './portal-harness.js';

const status = (shareCode: string, dateOfBirth: string, purpose: Record<string, string> = {}) =>
  validRequest('immigration_status', {
    share_code: shareCode,
    date_of_birth: dateOfBirth,
    company_name: 'Leeds Building Society, Headingley branch',
    job_title: 'Account manager',
    purpose: 'personal_finance',
    ...purpose,
  });

describe.skipIf(CHROMIUM === null)('immigration status, live, against the portal simulator', () => {
  let slots: CheckSlots<CheckSession>;
  let sim: PortalSim;
  let runner: PortalRunner;

  beforeAll(async () => {
    slots = await launchTestSlots({ slots: 2 });
    sim = await startPortalSim({ port: 0, lockoutFailures: 2 });
    runner = simRunner(slots, sim);
  });
  afterAll(async () => {
    await sim?.close();
    await slots?.close();
  });
  beforeEach(() => sim.reset());

  it('reads settled status in full: no end date, activities as sentences, photo and PDF', async () => {
    const result = resultOf(await runCheck(runner, status('S3F7J1K9M', '1983-03-21')));
    expect(result).toEqual({
      outcome: 'ACCEPTED',
      title: 'Immigration status',
      name: 'GIULIA ROSSI',
      date_of_birth: '1983-03-21',
      nationality: 'Italian',
      status: 'Settled status (indefinite leave to remain under the EU Settlement Scheme)',
      valid_from: '2020-07-01',
      valid_until: null,
      activities: [
        'They can work in the UK.',
        'They can rent a home in England.',
        'They can study in the UK.',
        'They can use the NHS.',
        'They can apply for benefits and services, if they are eligible.',
      ],
      restrictions: [],
      reference: expect.stringMatching(/^SE-[A-Z0-9]{7}-[A-Z]{2}$/),
      company_name: 'Leeds Building Society, Headingley branch',
      job_title: 'Account manager',
      purpose:
        'Personal finance (including bank and building society accounts, loans, credit cards and mortgages)',
      check_date: ukToday(),
      share_code: 'S3F7J1K9M',
      photo_data_url: expect.stringMatching(/^data:image\/jpeg;base64,/),
      pdf_data_url: expect.stringMatching(/^data:application\/pdf;base64,/),
      checked_at: expect.any(String),
    });
    const person = sim.people.find((p) => p.shareCode.replace(/\s+/g, '') === 'S3F7J1K9M');
    expect(jpegSize(result.photo_data_url).width).toBeGreaterThan(0);
    expect(dataUrlBytes(result.photo_data_url ?? '')).toEqual(Buffer.from(person?.photoJpeg ?? []));
    const pdf = await pdfText(result.pdf_data_url);
    expect(pdf.text).toContain('GIULIA ROSSI');
    expect(pdf.text).toContain('Home Office');
    expect(pdf.text).toContain(result.reference ?? 'no reference');
  });

  it('reads a time-limited student visa with what they cannot do', async () => {
    const result = resultOf(
      await runCheck(runner, status('S5N2P8R4X', '2001-05-04', { purpose: 'student_loan' })),
    );
    expect(result).toMatchObject({
      name: 'CHEN JING',
      nationality: 'Chinese',
      status: 'Student visa',
      valid_from: '2025-09-01',
      valid_until: '2028-01-31',
      activities: [
        'They can study at the university that sponsored them.',
        'They can work up to 20 hours a week during term time.',
        'They can rent a home in England.',
        'They can use the NHS.',
      ],
      restrictions: [
        'They cannot get most benefits (no recourse to public funds).',
        'They cannot work more than 20 hours a week during term time.',
        'They cannot be self-employed.',
      ],
      purpose: 'A student loan',
    });
    expect((await pdfText(result.pdf_data_url)).text).toContain('CHEN JING');
  });

  it('chooses purposes by label whether the radio values are enums or labels, "other" with its reason', async () => {
    const labelled = await startPortalSim({ port: 0, purposeValues: 'label' });
    try {
      const labelRunner = simRunner(slots, labelled);
      const travel = resultOf(
        await runCheck(labelRunner, status('S3F7J1K9M', '1983-03-21', { purpose: 'travel' })),
      );
      expect(travel).toMatchObject({ purpose: 'Travel', name: 'GIULIA ROSSI' });
      const other = resultOf(
        await runCheck(
          labelRunner,
          status('S3F7J1K9M', '1983-03-21', {
            purpose: 'other',
            other_purpose: 'Checking a volunteer placement',
          }),
        ),
      );
      expect(other).toMatchObject({ purpose: 'Checking a volunteer placement' });
    } finally {
      await labelled.close();
    }
    const health = resultOf(
      await runCheck(runner, status('S3F7J1K9M', '1983-03-21', { purpose: 'health_insurance_card' })),
    );
    expect(health.title === 'Immigration status' && health.purpose).toBe(
      'A global or european health insurance card',
    );
  });

  it('reads lookup failures from the error summary: not found, date of birth, lock', async () => {
    expect(errorOf(await runCheck(runner, status('S0C0C0C0C', '1983-03-21'))).code).toBe('NOT_FOUND');
    // "The details you entered do not match our records": either cause, said so in the message.
    const mismatch = errorOf(await runCheck(runner, status('S3F7J1K9M', '1983-03-22')));
    expect(mismatch.code).toBe('NOT_FOUND');
    expect(mismatch.message).toMatch(/both the share code and the date of birth/);
    expect(errorOf(await runCheck(runner, status('S3F7J1K9M', '1983-03-22'))).code).toBe('NOT_FOUND');
    const locked = errorOf(await runCheck(runner, status('S3F7J1K9M', '1983-03-21')));
    expect(locked.code).toBe('NOT_FOUND');
    expect(locked.message).toMatch(/locked/);
  });

  it('maps faults: HTTP 500, 503, a hung lookup, a changed page', async () => {
    sim.setFaults({ services: { immigrationStatus: { error: { kind: 'http-500', on: 'lookup' } } } });
    expect(errorOf(await runCheck(runner, status('S3F7J1K9M', '1983-03-21'))).code).toBe(
      'UPSTREAM_UNEXPECTED',
    );
    sim.setFaults({ services: { immigrationStatus: { error: { kind: 'http-503', on: 'result' } } } });
    expect(errorOf(await runCheck(runner, status('S3F7J1K9M', '1983-03-21'))).code).toBe('TIMEOUT');
    sim.setFaults({ services: { immigrationStatus: { error: { kind: 'hang', on: 'lookup' } } } });
    const quick = simRunner(slots, sim, { checkTimeoutMs: 2_000 });
    expect(errorOf(await runCheck(quick, status('S3F7J1K9M', '1983-03-21'))).code).toBe('TIMEOUT');
    sim.setFaults({ services: { immigrationStatus: { pageShape: 'changed' } } });
    expect(errorOf(await runCheck(runner, status('S3F7J1K9M', '1983-03-21'))).code).toBe(
      'UPSTREAM_UNEXPECTED',
    );
    const diagnostic = runner.recentDiagnostics().at(-1)?.diagnostic;
    expect(diagnostic).toMatchObject({
      step: 'purpose',
      h1: 'Status summary',
      path: '/view-immigration-status/view/profile',
    });
    expect(JSON.stringify(diagnostic)).not.toMatch(/GIULIA|ROSSI|S3F7J1K9M|1983/);
  });
});
