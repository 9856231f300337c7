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
  host: 'right-to-work.service.gov.uk',
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
    // Right to work's one page for both causes (portal.md 1.5: "Details ... do not match our records").
    expect(
      classifyCommonPage(
        page('Details do not match', [p('The details you entered do not match our records.')]),
      ),
    ).toEqual({ kind: 'lookup-failure', failure: 'DETAILS_MISMATCH' });
    expect(
      classifyCommonPage(
        page('What is their date of birth?', [], {
          errorSummary: ['The date of birth does not match the share code'],
        }),
      ),
    ).toMatchObject({ failure: 'DOB_MISMATCH' });
    expect(
      classifyCommonPage(
        page('Enter their details', [], { errorSummary: ['The details you entered are incorrect'] }),
      ),
    ).toMatchObject({ failure: 'DETAILS_MISMATCH' });
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
    // The sign-in host's (Keycloak) own error pages (portal.md, second review, failure 8).
    expect(classifyCommonPage(page('Page has expired', []))).toEqual({ kind: 'session-ended' });
    expect(
      classifyCommonPage(
        page('We are sorry...', [
          p('Cookie not found. Please make sure cookies are enabled in your browser.'),
        ]),
      ),
    ).toEqual({ kind: 'session-ended' });
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

describe('readRightToWorkPage on the evidence layout', () => {
  // The real right-to-work PDF of October 2022 (portal.md, second review: RTW sentence and RTW Details
  // of check rows): "They can work in the UK.", h2 "Details", h2 "Details of check" with h3 label and
  // p value, "Legal basis of status", "If you employ this person" and "You don't need to do the check again."
  const settled = page('Right to work', [
    h('JANE EXAMPLE DOE', 2),
    p('They can work in the UK.'),
    h('Details', 2),
    p('They can work in any job. There is no limit on how long they can stay in the UK.'),
    h('Details of check', 2),
    h('Company name'),
    p('Acme Trading Ltd'),
    h('Date of check'),
    p('4 May 2025'),
    h('Reference number'),
    p('WE-A1B2C3D-EF'),
    p("You don't need to do the check again."),
    h('Legal basis of status', 2),
    p('Appendix EU to the Immigration Rules.'),
    h('If you employ this person', 2),
    p('To avoid a penalty, you must:'),
    li('keep a copy of this page'),
    p("Read the employers' code of practice."),
  ]);

  it('answers a settled worker as a right with no end date, and files nothing else as a condition', () => {
    const read = readRightToWorkPage(settled);
    expect(read).toEqual({
      ok: true,
      value: {
        outcome: 'ACCEPTED',
        name: 'JANE EXAMPLE DOE',
        nationality: null,
        permissionType: null,
        startDate: null,
        expiryDate: null,
        conditions: ['They can work in any job.', 'There is no limit on how long they can stay in the UK.'],
        restrictions: [],
        reference: 'WE-A1B2C3D-EF',
      },
    });
  });

  it('reads the same facts when the page puts the check details first and the name in a row', () => {
    const reshuffled = page('Right to work', [
      h('Details of check', 2),
      row('Reference number', 'WE-A1B2C3D-EF'),
      row('Company name', 'Acme Trading Ltd'),
      h('Their details', 2),
      row('Name', 'JANE EXAMPLE DOE'),
      p(
        'They have permission to work in the UK until 14 December 2027, subject to the conditions and restrictions below.',
      ),
      h('Conditions', 3),
      p('They must work for the employer who sponsored them.'),
      h('Restrictions', 3),
      li('They cannot work as a professional sportsperson'),
    ]);
    // Without the Name row, the heading in capitals is the name, not the heading over the sentence.
    const noRow = {
      ...reshuffled,
      blocks: reshuffled.blocks.filter((b) => !(b.t === 'row' && b.key === 'Name')),
    };
    expect(
      readRightToWorkPage({ ...noRow, blocks: [...noRow.blocks, h('JANE EXAMPLE DOE', 2)] }),
    ).toMatchObject({
      ok: true,
      value: { name: 'JANE EXAMPLE DOE' },
    });
    expect(readRightToWorkPage(reshuffled)).toMatchObject({
      ok: true,
      value: {
        name: 'JANE EXAMPLE DOE',
        expiryDate: '2027-12-14',
        conditions: ['They must work for the employer who sponsored them.'],
        restrictions: ['They cannot work as a professional sportsperson.'],
        reference: 'WE-A1B2C3D-EF',
      },
    });
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
