import { describe, expect, it } from 'vitest';
import { classifyCommonPage } from './classify-page.js';
import type { PageSnapshot, SnapshotBlock } from './page-snapshot.js';
import { readImmigrationStatusPage } from './read-immigration-status.js';
import { readRightToWorkPage } from './read-right-to-work.js';

const page = (
  h1: string | null,
  blocks: SnapshotBlock[],
  extra: Partial<PageSnapshot> = {},
): PageSnapshot => ({
  title: `${h1 ?? ''} - GOV.UK`,
  path: '/x',
  h1,
  blocks: h1 === null ? blocks : [{ t: 'heading', level: 1, text: h1 }, ...blocks],
  errorSummary: [],
  controls: [],
  actions: [],
  images: [],
  hasMain: true,
  status: 200,
  ...extra,
});
const p = (text: string): SnapshotBlock => ({ t: 'paragraph', text });
const li = (text: string): SnapshotBlock => ({ t: 'item', text });
const h = (text: string, level = 3): SnapshotBlock => ({ t: 'heading', level, text });
const row = (key: string, value: string, ids: string[] = []): SnapshotBlock => ({
  t: 'row',
  key,
  value,
  ids,
});

describe('classifyCommonPage', () => {
  it('tells the lookup failures apart, most specific first', () => {
    const locked = page('This share code has been locked', [
      p('There have been too many attempts with details that do not match our records.'),
    ]);
    expect(classifyCommonPage(locked)).toEqual({ kind: 'lookup-failure', failure: 'LOCKED' });
    expect(classifyCommonPage(page('Details do not match', []))).toEqual({
      kind: 'lookup-failure',
      failure: 'DOB_MISMATCH',
    });
    expect(classifyCommonPage(page('Share code not found', []))).toMatchObject({ failure: 'NOT_FOUND' });
    expect(classifyCommonPage(page('This share code has expired', []))).toMatchObject({ failure: 'EXPIRED' });
    const summary = page('What is their date of birth?', [], {
      errorSummary: ['This share code is not valid for this service. Use a different service to check'],
    });
    expect(classifyCommonPage(summary)).toMatchObject({ failure: 'WRONG_SERVICE' });
  });

  it('knows the error, unavailable and timed-out pages, and leaves the rest to the flow', () => {
    expect(
      classifyCommonPage(page('Sorry, there is a problem with the service', [], { status: 500 })),
    ).toEqual({
      kind: 'problem',
    });
    expect(classifyCommonPage(page('Sorry, the service is unavailable', [], { status: 503 }))).toEqual({
      kind: 'unavailable',
    });
    expect(classifyCommonPage(page('Your session has timed out', []))).toEqual({ kind: 'session-ended' });
    expect(classifyCommonPage(page('Right to work', [p('Details of check')]))).toBeNull();
  });
});

describe('readRightToWorkPage', () => {
  it('joins bullets to their lead-in, including a lead-in after a sentence', () => {
    const read = readRightToWorkPage(
      page('Right to work', [
        h('JANE EXAMPLE DOE', 2),
        p(
          'They have permission to work in the UK until 4 May 2027, subject to the conditions and restrictions below.',
        ),
        h('Conditions'),
        p('They can also work on a placement which is part of their course. The work placement must be:'),
        li('part of the course'),
        li('assessed'),
        h('Details of check', 2),
        row('Reference number', 'WE-ABC1234-XY'),
      ]),
    );
    expect(read).toEqual({
      ok: true,
      value: {
        outcome: 'ACCEPTED',
        name: 'JANE EXAMPLE DOE',
        nationality: null,
        permissionType: null,
        startDate: null,
        expiryDate: '2027-05-04',
        conditions: [
          'They can also work on a placement which is part of their course.',
          'The work placement must be part of the course.',
          'The work placement must be assessed.',
        ],
        restrictions: [],
        reference: 'WE-ABC1234-XY',
      },
    });
  });

  it('names what is missing instead of guessing', () => {
    expect(readRightToWorkPage(page('Right to work', [h('JANE DOE', 2), p('Welcome.')]))).toEqual({
      ok: false,
      error: 'the permission sentence',
    });
    expect(
      readRightToWorkPage(
        page('Right to work', [
          h('JANE DOE', 2),
          p('They have permission to work in the UK until 31 Smarch 2027.'),
        ]),
      ),
    ).toEqual({
      ok: false,
      error: 'a date in the permission sentence',
    });
    expect(readRightToWorkPage(page('Employment eligibility result', [])).ok).toBe(false);
  });
});

describe('readImmigrationStatusPage', () => {
  it('reads the check details by id first, and "No expiry date" as no end', () => {
    const read = readImmigrationStatusPage(
      page('Their immigration status', [
        row('Name', 'GIULIA ROSSI'),
        row('Nationality', 'Italian'),
        row('Status', 'Settled status'),
        row('Valid from', '1 July 2020'),
        row('Valid until', 'No expiry date'),
        h('Summary of what they can do in the UK', 2),
        p('They can:'),
        li('work in the UK'),
        h('Details of check', 2),
        row('Organisation', 'Acme Bank', ['checkCompanyName']),
        row('Ref', 'SE-ABC1234-XY', ['checkReferenceNumber']),
      ]),
    );
    expect(read.ok && read.value).toMatchObject({
      validFrom: '2020-07-01',
      validUntil: null,
      activities: ['They can work in the UK.'],
      restrictions: [],
      companyName: 'Acme Bank',
      reference: 'SE-ABC1234-XY',
      jobTitle: null,
      checkDate: null,
    });
  });
});
