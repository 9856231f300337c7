import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_VARIANTS,
  type PortalSim,
  SIM_VARIANT_KEYS,
  SIM_VARIANT_VALUES,
  type SimVariants,
  startPortalSim,
} from '../src/index.js';
import { Client, type Page } from './helpers/client.js';
import { dobFields, downloadPdf, submit, walk } from './helpers/flows.js';
import { attributeOf, checkDetails, h1, main, summaryRows } from './helpers/html.js';
import { pdfText } from './helpers/pdf-text.js';

let sim: PortalSim;
const CHECK_DAY = new Date('2026-05-04T09:30:00Z');

beforeAll(async () => {
  sim = await startPortalSim({ clock: () => CHECK_DAY });
});
afterEach(() => sim.reset());
afterAll(() => sim.close());

const PEOPLE = {
  rightToWork: { code: 'W7K2M9P4Q', dob: '1990-04-27', name: 'ANA MARÍA LÓPEZ', title: 'Right to work' },
  rightToRent: { code: 'R6T3Q9H5B', dob: '1992-09-14', name: 'KWAME MENSAH', title: 'Right to rent' },
  immigrationStatus: {
    code: 'S3F7J1K9M',
    dob: '1983-03-21',
    name: 'GIULIA ROSSI',
    title: 'Their immigration status',
  },
} as const;
type Kind = keyof typeof PEOPLE;
const KINDS = Object.keys(PEOPLE) as Kind[];

async function result(kind: Kind, target: PortalSim = sim): Promise<{ client: Client; page: Page }> {
  const client = new Client(target.url);
  const p = PEOPLE[kind];
  return { client, page: await walk(client, target.entryUrls[kind], p.code, p.dob) };
}

describe('the variant catalogue', () => {
  it('lists every variant with its values; the defaults are the first values', () => {
    expect(SIM_VARIANT_KEYS).toEqual(Object.keys(SIM_VARIANT_VALUES));
    for (const key of SIM_VARIANT_KEYS) expect(DEFAULT_VARIANTS[key]).toBe(SIM_VARIANT_VALUES[key][0]);
    expect(DEFAULT_VARIANTS).toMatchObject({
      markup: 'current',
      signIn: 'sign-in-host',
      checkDetails: 'headings',
      pdf: 'attachment',
      photo: 'data-uri',
      submitText: 'Continue',
      lookupErrors: 'one-page',
      immigrationStatusEntry: 'gov-uk-start',
      entryPage: 'known',
    });
    expect(sim.variants()).toEqual(DEFAULT_VARIANTS);
  });

  it('refuses unknown variants and values at start, naming each and what to give', async () => {
    const bad = { pdf: 'fax', colour: 'blue', port: -1 } as unknown as Parameters<typeof startPortalSim>[0];
    await expect(startPortalSim(bad)).rejects.toMatchObject({
      code: 'OPTIONS_INVALID',
      problems: [
        'options.pdf: must be one of "attachment", "inline", "new-tab"',
        'port must be a whole number from 0 to 65535 (0: any free port)',
      ],
    });
  });

  it('changes at run time through setVariants and the admin endpoint, refusing bad input whole', async () => {
    expect(sim.setVariants({ pdf: 'inline', submitText: 'Shout' }).ok).toBe(false);
    expect(sim.variants().pdf).toBe('attachment');
    const set = sim.setVariants({ pdf: 'inline' });
    expect(set.ok && set.value.pdf).toBe('inline');

    const put = await fetch(`${sim.url}/__sim/variants`, { method: 'PUT', body: '{"photo":"session-url"}' });
    expect(put.status).toBe(200);
    expect(sim.variants()).toMatchObject({ pdf: 'inline', photo: 'session-url' });
    const bad = await fetch(`${sim.url}/__sim/variants`, { method: 'PUT', body: '{"nope":1}' });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { problems: string[] } };
    expect(body.error.problems[0]).toContain('variants.nope: is not a variant');
    expect((await fetch(`${sim.url}/__sim/variants`, { method: 'PUT', body: '{' })).status).toBe(400);
    const got = (await (await fetch(`${sim.url}/__sim/variants`)).json()) as {
      variants: SimVariants;
      values: typeof SIM_VARIANT_VALUES;
    };
    expect(got.variants).toEqual(sim.variants());
    expect(got.values).toEqual(SIM_VARIANT_VALUES);
    sim.reset();
    expect(sim.variants()).toEqual(DEFAULT_VARIANTS);
  });
});

describe('every variant value, for every kind, still leads to a full result', () => {
  const cases = SIM_VARIANT_KEYS.flatMap((key) =>
    SIM_VARIANT_VALUES[key]
      .filter((value) => !(key === 'entryPage' && value === 'redesigned'))
      .flatMap((value) => KINDS.map((kind) => [key, value, kind] as const)),
  );
  it.each(cases)('%s = %s: %s', async (key, value, kind) => {
    expect(sim.setVariants({ [key]: value }).ok).toBe(true);
    const { client, page } = await result(kind);
    const p = PEOPLE[kind];
    expect(h1(page.html)).toBe(p.title);
    expect(page.html).toContain(p.name);
    const reference =
      kind === 'immigrationStatus'
        ? /id="checkReferenceNumber">([^<]+)</.exec(page.html)?.[1]
        : checkDetails(page.html).get('Reference number');
    expect(reference).toMatch(/^[WRS]E-[A-Z0-9]{7}-[A-Z]{2}$/);
    const pdf = await downloadPdf(client, page);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const { text } = await pdfText(pdf.bytes);
    expect(text).toContain(p.name);
    expect(text).toContain(reference ?? '');
  });
});

describe('markup eras (right to work)', () => {
  async function companyPage(markup: SimVariants['markup']) {
    sim.setVariants({ markup });
    const client = new Client(sim.url);
    const p = PEOPLE.rightToWork;
    // Walk to the company-name page only.
    let page = await client.get(sim.entryUrls.rightToWork);
    page = await submit(client, page, { shareCode: p.code });
    page = await submit(client, page, dobFields(p.dob));
    return { client, page };
  }

  it('2022: the "Start now" page (#get-started > a), then #content with input.button first in the form', async () => {
    const { client, page } = await companyPage('2022');
    expect(page.url).toBe('/right-to-work/rtw-view/get-started');
    const href = /<div id="get-started">\s*<a href="([^"]+)"/.exec(page.html)?.[1] ?? '';
    const company = await client.get(href);
    expect(company.html).toContain('id="content"');
    const form = /<form[^>]*>([\s\S]*?)<\/form>/.exec(company.html.split('<main')[1] ?? '')?.[1] ?? '';
    expect(firstDirectInput(form)).toBe('<input type="submit" class="button" value="Continue">');
  });

  it.each(['2023', 'current'] as const)(
    '%s: straight to the company name under #gov-grid-row-content; the submit is the first <input> of the form',
    async (markup) => {
      const { page } = await companyPage(markup);
      expect(page.url).toBe('/right-to-work/rtw-view/company-name');
      expect(page.html).toContain('<div class="govuk-grid-row" id="gov-grid-row-content">');
      const form = /<form[^>]*>([\s\S]*?)<\/form>/.exec(page.html.split('<main')[1] ?? '')?.[1] ?? '';
      expect(firstDirectInput(form)).toBe('<input type="submit" class="govuk-button" value="Continue">');
      expect(form).toContain('id="checkerName"');
      expect(form).not.toContain('<button');
    },
  );
});

/** The first <input> that is a direct child of the form (XPath form/input[1]), by nesting depth. */
function firstDirectInput(formInner: string): string | undefined {
  let depth = 0;
  for (const m of formInner.matchAll(/<(\/?)(div|input|p|label|span|h1|fieldset)\b[^>]*>/g)) {
    const [tag, closing, name] = m;
    if (name === 'input') {
      if (depth === 0) return tag;
      continue;
    }
    depth += closing ? -1 : 1;
  }
  return undefined;
}

describe('check details layout', () => {
  it.each(['rightToWork', 'rightToRent'] as const)('%s: headings and paragraphs by default', async (kind) => {
    const { page } = await result(kind);
    expect(page.html).toMatch(
      /<h2 class="govuk-heading-m">Details of check<\/h2>\s*<h3 class="govuk-heading-s">[^<]+<\/h3>\s*<p class="govuk-body">/,
    );
    expect(checkDetails(page.html).get('Date of check')).toBe('4 May 2026');
  });

  it.each(['rightToWork', 'rightToRent'] as const)('%s: a summary card with summary-list', async (kind) => {
    sim.setVariants({ checkDetails: 'summary-list' });
    const { page } = await result(kind);
    expect(page.html).toContain('govuk-summary-card');
    expect(summaryRows(page.html).get('Date of check')).toBe('4 May 2026');
    expect(page.html).not.toMatch(/<h3 class="govuk-heading-s">Date of check<\/h3>/);
  });
});

describe('PDF delivery', () => {
  const filenames = {
    rightToWork: 'right_to_work_check.pdf',
    rightToRent: 'right_to_rent_check.pdf',
    immigrationStatus: 'immigration_status_check.pdf',
  } as const;

  it.each(KINDS)('%s: attachment, inline, or a new tab (target=_blank, shown inline)', async (kind) => {
    for (const [pdf, disposition, target] of [
      ['attachment', 'attachment', false],
      ['inline', 'inline', false],
      ['new-tab', 'inline', true],
    ] as const) {
      sim.setVariants({ pdf });
      const { client, page } = await result(kind);
      expect(page.html.includes('target="_blank"')).toBe(target);
      const file = await downloadPdf(client, page);
      expect(file.headers.get('content-disposition')).toBe(`${disposition}; filename="${filenames[kind]}"`);
      expect((await pdfText(file.bytes)).text).toContain(PEOPLE[kind].name);
    }
  });

  it('the right-to-work control is an <input> inside the result form', async () => {
    const { page } = await result('rightToWork');
    expect(page.html).toMatch(
      /<form method="post" action="\/right-to-work\/rtw-view\/profile\/pdf" novalidate>[\s\S]*<input type="submit" id="downloadPdf"[^>]*value="Download PDF">\s*<\/form>/,
    );
  });
});

describe('photo', () => {
  const photoId = {
    rightToWork: 'profileImage',
    rightToRent: 'profileImage',
    immigrationStatus: 'photo',
  } as const;

  it.each(KINDS)('%s: a data: URI by default, or a URL that needs the session', async (kind) => {
    const inline = await result(kind);
    expect(attributeOf(inline.page.html, photoId[kind], 'src')).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    sim.setVariants({ photo: 'session-url' });
    const { client, page } = await result(kind);
    const src = attributeOf(page.html, photoId[kind], 'src') ?? '';
    expect(src).toMatch(/^\/[a-z-]+\/[a-z-/]+\/profile\/photo$/);
    const image = await client.get(src);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect([...image.bytes.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const stranger = await new Client(sim.url).get(src);
    expect(stranger.headers.get('content-type')).toContain('text/html');
  });
});

describe('submit text', () => {
  it.each(['Continue', 'Submit'] as const)('"%s" on every form step of every service', async (text) => {
    sim.setVariants({ submitText: text });
    const client = new Client(sim.url);
    const rtw = await client.get(sim.entryUrls.rightToWork);
    expect(rtw.html).toContain(
      `<button type="submit" class="govuk-button" data-module="govuk-button" id="submit" aria-label="${text}">${text}</button>`,
    );
    for (const entry of [
      `${sim.baseUrls.rightToRent}/rtr-view`,
      `${sim.baseUrls.immigrationStatus}/view/start`,
    ]) {
      const page = await client.get(entry);
      expect(main(page.html)).toContain(text);
      expect(main(page.html)).not.toContain(text === 'Continue' ? 'Submit' : 'Continue');
    }
  });
});

describe('lookup failures', () => {
  it('right to work: ONE page for an unknown code and a wrong date of birth (default)', async () => {
    const unknown = await walk(new Client(sim.url), sim.entryUrls.rightToWork, 'W0000000A', '1990-04-27');
    const wrongDob = await walk(new Client(sim.url), sim.entryUrls.rightToWork, 'W7K2M9P4Q', '1990-04-28');
    for (const page of [unknown, wrongDob]) {
      expect(page.url).toMatch(/^\/auth\/realms\/AUK\/login-actions\/authenticate/);
      expect(page.html).toContain('<h1 class="govuk-heading-xl">Details do not match our records</h1>');
    }
    expect(main(unknown.html)).toBe(main(wrongDob.html));
  });

  it('separate pages: "Share code not found" apart from the mismatch', async () => {
    sim.setVariants({ lookupErrors: 'separate-pages' });
    const unknown = await walk(new Client(sim.url), sim.entryUrls.rightToWork, 'W0000000A', '1990-04-27');
    expect(h1(unknown.html)).toBe('Share code not found');
    const wrongDob = await walk(new Client(sim.url), sim.entryUrls.rightToWork, 'W7K2M9P4Q', '1990-04-28');
    expect(h1(wrongDob.html)).toBe('Details do not match our records');
  });

  it('long wording: "Details you entered do not match our records", on every service', async () => {
    sim.setVariants({ errorWording: 'long' });
    const rtw = await walk(new Client(sim.url), sim.entryUrls.rightToWork, 'W7K2M9P4Q', '1990-04-28');
    expect(h1(rtw.html)).toBe('Details you entered do not match our records');
    const rtr = await walk(new Client(sim.url), sim.entryUrls.rightToRent, 'R0000000A', '1990-04-28');
    expect(h1(rtr.html)).toBe('Details you entered do not match our records');
    const vis = await walk(new Client(sim.url), sim.entryUrls.immigrationStatus, 'S3F7J1K9M', '1983-03-22');
    expect(main(vis.html)).toContain('The share code and date of birth you entered do not match our records');
  });

  it('unseen wording (INVENTED): an error summary on the date page of every service, in words no source records', async () => {
    sim.setVariants({ errorWording: 'unseen' });
    const pages = [
      await walk(new Client(sim.url), sim.entryUrls.rightToWork, 'W7K2M9P4Q', '1990-04-28'),
      await walk(new Client(sim.url), sim.entryUrls.rightToWork, 'W0000000A', '1990-04-27'),
      await walk(new Client(sim.url), sim.entryUrls.rightToRent, 'R0000000A', '1990-04-28'),
      await walk(new Client(sim.url), sim.entryUrls.immigrationStatus, 'S3F7J1K9M', '1983-03-22'),
    ];
    for (const page of pages) {
      expect(h1(page.html)).toMatch(/date of birth\?$/);
      expect(main(page.html)).toContain('We cannot show a record for what you gave us');
      expect(main(page.html)).not.toMatch(/match|not found|incorrect|expired|locked/i);
    }
  });

  it('a person can carry their own wording (seed variants)', async () => {
    const own = await startPortalSim({
      seed: [
        {
          kind: 'right_to_work',
          shareCode: 'W1A2B3C4D',
          dateOfBirth: '1980-01-01',
          name: 'Per Son',
          nationality: 'Danish',
          variants: { errorWording: 'long', pdf: 'inline', checkDetails: 'summary-list' },
          details: { outcome: 'permitted' },
        },
      ],
    });
    try {
      const wrong = await walk(new Client(own.url), own.entryUrls.rightToWork, 'W1A2B3C4D', '1980-01-02');
      expect(h1(wrong.html)).toBe('Details you entered do not match our records');
      const client = new Client(own.url);
      const page = await walk(client, own.entryUrls.rightToWork, 'W1A2B3C4D', '1980-01-01');
      expect(summaryRows(page.html).get('Company name')).toBe('Acme Widgets Ltd');
      const pdf = await downloadPdf(client, page);
      expect(pdf.headers.get('content-disposition')).toMatch(/^inline;/);
    } finally {
      await own.close();
    }
  });

  it('refuses per-run-only variants and unknown values in a seed person', async () => {
    await expect(
      startPortalSim({
        seed: [
          {
            kind: 'right_to_work',
            shareCode: 'W1A2B3C4D',
            dateOfBirth: '1980-01-01',
            name: 'Per Son',
            nationality: 'Danish',
            variants: { signIn: 'service-host', pdf: 'fax' } as never,
            details: { outcome: 'permitted' },
          },
        ],
      }),
    ).rejects.toMatchObject({
      code: 'SEED_INVALID',
      problems: ['people[0].variants.pdf: must be one of "attachment", "inline", "new-tab"'],
    });
    await expect(
      startPortalSim({
        seed: [
          {
            kind: 'right_to_work',
            shareCode: 'W1A2B3C4D',
            dateOfBirth: '1980-01-01',
            name: 'Per Son',
            nationality: 'Danish',
            variants: { signIn: 'service-host' },
            details: { outcome: 'permitted' },
          },
        ],
      }),
    ).rejects.toMatchObject({
      problems: [
        'people[0].variants.signIn: applies before the person is known, so it is chosen per run only',
      ],
    });
  });
});

describe('entry paths', () => {
  it('right to rent: /rtr-view by default, or /landlord-check (both INVENTED)', async () => {
    expect(sim.entryUrls.rightToRent).toBe(`${sim.url}/right-to-rent/rtr-view`);
    sim.setVariants({ rightToRentEntry: 'landlord-check' });
    expect(sim.entryUrls.rightToRent).toBe(`${sim.url}/right-to-rent/landlord-check`);
    const { page } = await result('rightToRent');
    expect(page.url).toBe('/right-to-rent/landlord-check/profile');
    expect(page.html).not.toContain('/rtr-view');
    expect((await new Client(sim.url).get('/right-to-rent/rtr-view')).status).toBe(404);
  });

  it('immigration status: the GOV.UK start page, /view/checker-details or /view/start', async () => {
    expect(sim.entryUrls.immigrationStatus).toBe(sim.startPages.immigrationStatus);
    const start = await new Client(sim.url).get(sim.entryUrls.immigrationStatus);
    expect(h1(start.html)).toBe("Check someone's immigration status: use their share code");
    sim.setVariants({ immigrationStatusEntry: 'checker-details' });
    expect(sim.entryUrls.immigrationStatus).toBe(`${sim.url}/view-immigration-status/view/checker-details`);
    const landed = await new Client(sim.url).get(sim.entryUrls.immigrationStatus);
    expect(landed.url).toBe('/view-immigration-status/view/start');
    expect(landed.html).toContain('id="shareCode" name="shareCode"');
    sim.setVariants({ immigrationStatusEntry: 'view-start' });
    expect(sim.entryUrls.immigrationStatus).toBe(`${sim.url}/view-immigration-status/view/start`);
  });
});

describe('entryPage "redesigned" (INVENTED, for the operator canary)', () => {
  it.each([
    ['rightToWork', 'sign-in-host'],
    ['rightToWork', 'service-host'],
    ['rightToRent', 'sign-in-host'],
    ['immigrationStatus', 'sign-in-host'],
  ] as const)('%s (%s): no known heading or field is left on the entry page', async (kind, signIn) => {
    sim.setVariants({ entryPage: 'redesigned', signIn });
    const client = new Client(sim.url);
    const page = await walk(client, sim.entryUrls[kind], PEOPLE[kind].code, PEOPLE[kind].dob);
    expect(h1(page.html)).toBe('Verify a digital immigration record');
    expect(page.html).toContain('name="accessCode"');
    expect(page.html).not.toContain('name="shareCode"');
    expect(main(page.html)).not.toMatch(/share code/i);
    expect(main(page.html)).toContain('Next step');
  });
});

describe('evidence facts on the service pages', () => {
  it('right to work: the "problem with the service" page has its h1 inside a form', async () => {
    sim.setFaults({ services: { rightToWork: { error: { kind: 'problem-page', on: 'result' } } } });
    try {
      const { page } = await result('rightToWork');
      expect(page.url).toBe('/right-to-work/rtw-view/profile');
      expect(page.html).toMatch(
        /<form[^>]*>\s*<h1 class="govuk-heading-l">Sorry, there is a problem with the service<\/h1>/,
      );
    } finally {
      sim.resetFaults();
    }
  });

  it('immigration status: check* ids, and "Things they cannot do" as a heading and a paragraph', async () => {
    const client = new Client(sim.url);
    const page = await walk(client, sim.entryUrls.immigrationStatus, 'S5N2P8R4X', '2001-05-04');
    for (const id of [
      'checkCompanyName',
      'checkJobTitle',
      'checkDate',
      'checkReferenceNumber',
      'checkPurpose',
    ]) {
      expect(page.html).toContain(`id="${id}"`);
    }
    expect(page.html).toMatch(
      /<h3 class="govuk-heading-s">Things they cannot do<\/h3>\s*<p class="govuk-body">/,
    );
    expect(page.html).toContain('aria-label="Download PDF"');
  });

  it('the timeout dialog has its own h1, outside <main>', async () => {
    const { page } = await result('immigrationStatus');
    const outside = page.html.replace(/<main[\s\S]*?<\/main>/, '');
    expect(outside).toMatch(/<dialog id="timeout-warning"[\s\S]*<h1 [^>]*>You will be signed out soon<\/h1>/);
    expect(page.html.split(/<main/)[1]?.split('</main>')[0]).not.toContain('You will be signed out soon');
    expect(h1(page.html)).not.toBe('You will be signed out soon');
  });
});
