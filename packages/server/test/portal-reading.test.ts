// The driver reads result pages by meaning, not by one layout: a small local portal (not the
// simulator) serves the right-to-work steps and then a result page written from the evidence
// (shared/research/portal.md, rows cited per fixture) or in markup the driver has never seen.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import jpeg from 'jpeg-js';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckSlots } from '../src/portal/check-slots.js';
import type { CheckSession } from '../src/portal/portal-page.js';
import { createPortalRunner, type PortalRunner } from '../src/portal/portal-runner.js';
import { CHROMIUM, launchTestSlots, pdfText, resultOf, runCheck, validRequest } from './portal-harness.js';

const PHOTO = `data:image/jpeg;base64,${Buffer.from(
  jpeg.encode({ data: Buffer.alloc(8 * 8 * 4, 0x80), width: 8, height: 8 }, 80).data,
).toString('base64')}`;

const page = (
  body: string,
) => `<!doctype html><html lang="en"><head><title>Right to work - GOV.UK</title></head>
<body><header><a href="/">GOV.UK</a></header><main id="main-content">${body}</main></body></html>`;

/**
 * Evidence table "Timeout dialog": a <dialog> with its own h1 "You will be signed out soon" outside
 * <main> (eVisaFlow fixture), here on a share-code page whose <main> has no h1 at all.
 */
const WITH_TIMEOUT_DIALOG = `<!doctype html><html lang="en"><head><title>Share code - GOV.UK</title></head>
<body><dialog open><h1>You will be signed out soon</h1><button>Stay signed in</button><a href="/user-sign-out">Sign out</a></dialog>
<main id="main-content"><form method="post" action="/dob"><label for="shareCode">Share code</label>
<input id="shareCode" name="shareCode" type="text"><button type="submit">Continue</button></form></main></body></html>`;

/** The steps before the result, as the evidence table has them (shareCode, dob-*, checkerName with an <input> submit of unknown text). */
const STEPS: Record<string, string> = {
  '/entry': page(`<h1>Enter the share code</h1><form method="post" action="/dob">
    <label for="shareCode">Share code</label><input id="shareCode" name="shareCode" type="text">
    <button id="submit" type="submit">Continue</button></form>`),
  '/dob':
    page(`<h1>What is their date of birth?</h1><form method="post" action="/company"><fieldset role="group">
    <label for="dob-day">Day</label><input id="dob-day" name="dob-day" inputmode="numeric">
    <label for="dob-month">Month</label><input id="dob-month" name="dob-month" inputmode="numeric">
    <label for="dob-year">Year</label><input id="dob-year" name="dob-year" inputmode="numeric"></fieldset>
    <button id="submit" type="submit" aria-label="Continue">Continue</button></form>`),
  '/company': page(`<div id="gov-grid-row-content"><form method="post" action="/result">
    <h1>Enter your company name</h1><label for="checkerName">Company name</label>
    <input id="checkerName" name="checkerName" type="text"><input type="submit" class="button" value="View details"></form></div>`),
};

const TIME_LIMITED =
  'They have permission to work in the UK until 14 December 2027, subject to the conditions and restrictions below.';

const FIXTURES = {
  // Evidence table "RTW result layout" (jamesoneill 2023 XPaths: the whole page inside
  // #gov-grid-row-content > div > form; h1, h2 name, p sentence, p conditions, #profileImage) and
  // "RTW PDF" (Download PDF an <input> of the result form); "RTW Details of check" (real PDF: h2,
  // then h3 label and p value).
  layout2023: `<div id="gov-grid-row-content"><div><form method="post" action="/pdf">
    <h1>Right to work</h1><img id="profileImage" src="${PHOTO}" alt="">
    <h2>JANE EXAMPLE DOE</h2><p>${TIME_LIMITED}</p>
    <p>They must work for the employer who sponsored them.</p>
    <h2>Details of check</h2><h3>Company name</h3><p>Acme Trading Ltd</p><h3>Date of check</h3><p>4 May 2026</p>
    <h3>Reference number</h3><p>WE-A1B2C3D-EF</p>
    <input type="submit" value="Download PDF"></form></div></div>`,
  // Evidence table "RTW sentence" (real PDF of October 2022, EUSS; jamesoneill 5635be4) with the
  // "Legal basis of status" and "If you employ this person" sections and "You don't need to do the check again."
  settled: `<h1>Right to work</h1><img id="profileImage" src="${PHOTO}" alt="">
    <h2>JANE EXAMPLE DOE</h2><p>They can work in the UK.</p>
    <h2>Details</h2><p>They can work in any job. There is no limit on how long they can stay in the UK.</p>
    <h2>Details of check</h2><h3>Company name</h3><p>Acme Trading Ltd</p><h3>Date of check</h3><p>4 May 2026</p>
    <h3>Reference number</h3><p>WE-A1B2C3D-EF</p><p>You don't need to do the check again.</p>
    <h2>Legal basis of status</h2><p>Appendix EU to the Immigration Rules.</p>
    <h2>If you employ this person</h2><p>To avoid a penalty, you must:</p><ul><li>keep a copy of this page</li></ul>
    <p>Read the employers' code of practice.</p>
    <p><a href="/pdf">Download PDF</a></p>`,
  // Markup no source shows and the driver was never written against: check details first, in a
  // table; the name in a description list; the sentence and terms under headings of other levels.
  reshuffled: `<h1>Right to work</h1><div class="grid">
    <aside><h4>Details of check</h4><table><tr><th>Reference number</th><td><strong>WE-A1B2C3D-EF</strong></td></tr>
    <tr><th>Company name</th><td>Acme Trading Ltd</td></tr><tr><th>Date of check</th><td>4 May 2026</td></tr></table></aside>
    <article><dl><div><dt>Name</dt><dd>JANE EXAMPLE DOE</dd></div></dl><figure><img src="${PHOTO}" alt="Photo of the applicant"></figure>
    <section><h3>Their permission</h3><div><p>${TIME_LIMITED}</p></div>
    <h4>Conditions</h4><p>They can:</p><ul><li>work in the job they are sponsored for</li></ul>
    <h4>Restrictions</h4><p>They cannot be self-employed.</p></section>
    <section><h3>If you employ this person</h3><p>You must keep a copy of this page.</p></section></article></div>
    <form method="get" action="/pdf"><button type="submit" formtarget="_blank">Download PDF</button></form>`,
};

describe.skipIf(CHROMIUM === null)('reading result pages by meaning, end to end through the driver', () => {
  let server: Server;
  let slots: CheckSlots<CheckSession>;
  let runner: PortalRunner;
  let result = FIXTURES.layout2023;
  let pdf: Uint8Array;

  beforeAll(async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage().drawText('Home Office JANE EXAMPLE DOE', { x: 50, y: 700, font, size: 12 });
    pdf = await doc.save();
    server = createServer((request, response) => {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      if (path === '/pdf') {
        response.writeHead(200, { 'content-type': 'application/pdf', 'content-disposition': 'inline' });
        response.end(Buffer.from(pdf));
        return;
      }
      const html = path === '/result' ? page(result) : path === '/dialog' ? WITH_TIMEOUT_DIALOG : STEPS[path];
      response.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      response.end(html ?? page('<h1>Page not found</h1>'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    slots = await launchTestSlots({ slots: 1 });
    runner = createPortalRunner(slots, {
      entryUrls: {
        get rightToWork() {
          return `${origin}${entry}`;
        },
        rightToRent: `${origin}/entry`,
        immigrationStatus: `${origin}/entry`,
      },
      checkTimeoutMs: 20_000,
    });
  });
  afterAll(async () => {
    await slots?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  let entry = '/entry';
  const check = async (fixture: string) => {
    result = fixture;
    const request = validRequest('right_to_work', {
      share_code: 'W7K2M9P4Q',
      date_of_birth: '1990-04-27',
      company_name: 'Acme Trading Ltd',
    });
    return resultOf(await runCheck(runner, request));
  };

  it('reads the 2023 layout: an <input> company submit, h3/p check details, the PDF from a form <input>', async () => {
    const read = await check(FIXTURES.layout2023);
    expect(read).toMatchObject({
      outcome: 'ACCEPTED',
      name: 'JANE EXAMPLE DOE',
      expiry_date: '2027-12-14',
      conditions: ['They must work for the employer who sponsored them.'],
      restrictions: [],
      reference: 'WE-A1B2C3D-EF',
    });
    expect((await pdfText(read.pdf_data_url)).text).toContain('JANE EXAMPLE DOE');
  });

  it('reads the settled worker of the real PDF: a right with no end, and no guidance or legal basis as conditions', async () => {
    expect(await check(FIXTURES.settled)).toMatchObject({
      outcome: 'ACCEPTED',
      expiry_date: null,
      conditions: ['They can work in any job.', 'There is no limit on how long they can stay in the UK.'],
      restrictions: [],
      reference: 'WE-A1B2C3D-EF',
    });
  });

  it('reads a layout reshuffle it has never seen, from its headings, labels and sentences', async () => {
    const read = await check(FIXTURES.reshuffled);
    expect(read).toMatchObject({
      outcome: 'ACCEPTED',
      name: 'JANE EXAMPLE DOE',
      expiry_date: '2027-12-14',
      conditions: ['They can work in the job they are sponsored for.'],
      restrictions: ['They cannot be self-employed.'],
      reference: 'WE-A1B2C3D-EF',
    });
    expect(read.photo_data_url).toBe(PHOTO);
    expect((await pdfText(read.pdf_data_url)).pages).toBe(1);
  });

  it("never takes the timeout dialog's h1 (outside <main>) for the page's own", async () => {
    entry = '/dialog';
    try {
      expect((await check(FIXTURES.layout2023)).reference).toBe('WE-A1B2C3D-EF');
    } finally {
      entry = '/entry';
    }
  });
});
