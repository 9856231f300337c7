import { describe, expect, it } from 'vitest';
import type { ApplicantFieldError } from './applicant-form.js';
import { APPLICANT_PAGE_HEADERS, renderApplicantPage } from './applicant-page.js';
import type { ApplicantRequestSummary, ApplicantView } from './applicant-view.js';

const EXPIRES = new Date('2026-12-12T10:31:00Z');
const RTW: ApplicantRequestSummary = {
  kind: 'right_to_work',
  mode: 'live',
  asker: 'Acme Ltd',
  expiresAt: EXPIRES,
};
const ACTION = '/r/AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const EMPTY = { share_code: '', dob_day: '', dob_month: '', dob_year: '' };

function form(over: Partial<Extract<ApplicantView, { page: 'form' }>> = {}): ApplicantView {
  return {
    page: 'form',
    request: RTW,
    action: ACTION,
    csrf: 'nonce-mac',
    values: EMPTY,
    errors: [],
    attemptsLeft: 3,
    ...over,
  };
}

const EVERY_VIEW: ApplicantView[] = [
  form(),
  form({ errors: [{ field: 'share_code', message: 'Enter your share code' }] }),
  { page: 'checking', request: RTW, action: ACTION, refreshSeconds: 3 },
  { page: 'sent', request: RTW },
  { page: 'closed', reason: 'submitted', asker: 'Acme Ltd' },
  { page: 'closed', reason: 'locked', asker: null },
  { page: 'not_found' },
  { page: 'unavailable', retryAfterSeconds: 30 },
  { page: 'too_many', retryAfterSeconds: 600 },
];

/** Every id="..." in the page. */
function ids(html: string): string[] {
  return [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1] ?? '');
}

function text(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

describe('renderApplicantPage: statuses and headers', () => {
  it.each([
    ['form', 200],
    ['checking', 200],
    ['sent', 200],
    ['closed', 410],
    ['not_found', 404],
    ['unavailable', 503],
    ['too_many', 429],
  ])('answers %s with %i', (page, status) => {
    const view = EVERY_VIEW.find((v) => v.page === page);
    expect(view).toBeDefined();
    expect(renderApplicantPage(view as ApplicantView).status).toBe(status);
  });

  it('sends the security headers on every page, and Retry-After only when it says to wait', () => {
    for (const view of EVERY_VIEW) {
      const { headers } = renderApplicantPage(view);
      expect(headers).toMatchObject({
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy':
          "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        'Referrer-Policy': 'no-referrer',
        'Cache-Control': 'no-store',
        'X-Robots-Tag': 'noindex',
        'X-Content-Type-Options': 'nosniff',
      });
      const waits = view.page === 'unavailable' || view.page === 'too_many';
      expect(Object.hasOwn(headers, 'Retry-After')).toBe(waits);
    }
    expect(renderApplicantPage({ page: 'unavailable', retryAfterSeconds: 29.2 }).headers['Retry-After']).toBe(
      '30',
    );
    expect(renderApplicantPage({ page: 'too_many', retryAfterSeconds: 0 }).headers['Retry-After']).toBe('1');
    expect(APPLICANT_PAGE_HEADERS).not.toHaveProperty('Retry-After');
  });
});

describe('renderApplicantPage: a page that loads and runs nothing', () => {
  it.each(EVERY_VIEW.map((v) => [v.page, v] as const))(
    '%s: one h1, a main landmark, English, phone-sized',
    (_, view) => {
      const { html } = renderApplicantPage(view);
      expect(html.startsWith('<!doctype html>')).toBe(true);
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
      expect(html.match(/<main[\s>]/g)).toHaveLength(1);
      expect(html).toMatch(/<title>[^<]+<\/title>/);
    },
  );

  it.each(EVERY_VIEW.map((v) => [v.page, v] as const))(
    '%s: no script, no loaded resource, links only to GOV.UK or the page',
    (_, view) => {
      const { html } = renderApplicantPage(view);
      expect(html).not.toMatch(/<script|<link|<img|<iframe|<object|<embed|\son[a-z]+=/i);
      expect(html).not.toMatch(/\ssrc=/i);
      expect(html).not.toMatch(/url\(/i);
      // Every href is on a plain <a>, to the page itself, an id on it, or GOV.UK's start pages.
      for (const tag of html.match(/<[a-z]+\s[^>]*href=[^>]*>/gi) ?? []) {
        expect(tag).toMatch(/^<a\s/);
        const href = /href="([^"]*)"/.exec(tag)?.[1] ?? '';
        expect(href === ACTION || href.startsWith('#') || href.startsWith('https://www.gov.uk/')).toBe(true);
      }
    },
  );
});

describe('renderApplicantPage: the form', () => {
  it('says who is asking, for which kind, where the code comes from, and until when', () => {
    const page = text(renderApplicantPage(form()).html);
    expect(page).toContain('Acme Ltd has asked you to prove your right to work in the UK.');
    expect(page).toContain('Prove your right to work to an employer');
    expect(page).toContain('starts with W');
    expect(page).toContain('This link works until 10:31am on 12 December 2026.');
    const rtr = renderApplicantPage(
      form({ request: { kind: 'right_to_rent', mode: 'live', asker: 'Pat Landlord', expiresAt: EXPIRES } }),
    );
    expect(text(rtr.html)).toContain('Pat Landlord has asked you to prove your right to rent in England.');
    expect(text(rtr.html)).toContain('9 letters and numbers, like R12 3AB C45');
  });

  it('gives an immigration-status request its job title and purpose in words', () => {
    const request: ApplicantRequestSummary = {
      kind: 'immigration_status',
      mode: 'live',
      asker: 'Big Bank plc',
      jobTitle: 'Loans officer',
      purpose:
        'Personal finance (including bank and building society accounts, loans, credit cards and mortgages)',
      expiresAt: EXPIRES,
    };
    const page = text(renderApplicantPage(form({ request })).html);
    expect(page).toContain('Big Bank plc has asked you to prove your immigration status in the UK.');
    expect(page).toContain('Loans officer');
    expect(page).toContain('Personal finance (including bank');
    expect(page).toContain('View and prove your immigration status');
    expect(page).toContain('like S12 3AB C45');
  });

  it('asks for the share code and the date of birth by GOV.UK labels, with the csrf field', () => {
    const { html } = renderApplicantPage(form());
    expect(html).toContain('<form method="post" action="/r/AbCdEfGhIjKlMnOpQrStUvWxYz012345" novalidate>');
    expect(html).toContain('<input type="hidden" name="csrf" value="nonce-mac">');
    expect(html).toContain('<label for="share_code">Share code</label>');
    expect(html).toMatch(
      /<fieldset role="group" aria-describedby="dob-hint">\s*<legend>Date of birth<\/legend>/,
    );
    expect(html).toContain('<p class="hint" id="dob-hint">For example, 27 3 1990</p>');
    for (const [id, label, auto] of [
      ['dob_day', 'Day', 'bday-day'],
      ['dob_month', 'Month', 'bday-month'],
      ['dob_year', 'Year', 'bday-year'],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      const input = new RegExp(`<input[^>]* id="${id}" name="${id}"[^>]*>`).exec(html)?.[0] ?? '';
      expect(input).toContain('inputmode="numeric"');
      expect(input).toContain(`autocomplete="${auto}"`);
    }
    expect(html).toMatch(/<button type="submit">Send<\/button>/);
  });

  it('labels every visible input, and every aria-describedby names ids on the page', () => {
    const views = [
      form(),
      form({
        errors: [
          { field: 'share_code', message: 'Enter your share code' },
          { field: 'dob_month', message: 'Date of birth must include a month' },
        ],
      }),
    ];
    for (const view of views) {
      const { html } = renderApplicantPage(view);
      const pageIds = ids(html);
      const inputs = [...html.matchAll(/<input\s[^>]*>/g)]
        .map((m) => m[0])
        .filter((i) => !i.includes('type="hidden"'));
      expect(inputs).toHaveLength(4);
      for (const input of inputs) {
        const id = /\sid="([^"]+)"/.exec(input)?.[1];
        expect(html).toContain(`<label for="${id}">`);
      }
      for (const m of html.matchAll(/aria-describedby="([^"]+)"/g)) {
        for (const id of (m[1] ?? '').split(' ')) expect(pageIds).toContain(id);
      }
      expect(new Set(pageIds).size).toBe(pageIds.length);
    }
  });

  it('shows errors as the GOV.UK error summary: title, alert, links to the fields, inline messages', () => {
    const errors: ApplicantFieldError[] = [
      { field: 'share_code', message: 'Share code must be 9 letters and numbers, like W12 3AB C45' },
      { field: 'dob_year', message: 'Date of birth must include a year' },
    ];
    const { html, status } = renderApplicantPage(form({ errors, values: { ...EMPTY, share_code: 'W12' } }));
    expect(status).toBe(200);
    expect(html).toContain('<title>Error: Share your right to work details – Right to work check</title>');
    const summary = /<div class="error-summary" role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
    expect(summary).toContain('<h2 id="error-summary-title">There is a problem</h2>');
    const links = [...summary.matchAll(/<a href="#([^"]+)">([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual([
      ['share_code', 'Share code must be 9 letters and numbers, like W12 3AB C45'],
      ['dob_year', 'Date of birth must include a year'],
    ]);
    for (const [id] of links) expect(ids(html)).toContain(id);
    // The summary comes before the h1; each message is also beside its field, marked for screen readers.
    expect(html.indexOf('error-summary')).toBeLessThan(html.indexOf('<h1>'));
    expect(html).toContain(
      '<p class="error-message" id="share_code-error"><span class="visually-hidden">Error:</span> Share code must be',
    );
    expect(html).toContain(
      '<p class="error-message" id="dob-error"><span class="visually-hidden">Error:</span> Date of birth must include a year',
    );
    expect(html).toContain('aria-describedby="share_code-hint share_code-error"');
    expect(html).toContain('aria-describedby="dob-hint dob-error"');
    expect(/<input[^>]*id="dob_year"[^>]*>/.exec(html)?.[0]).toContain('aria-invalid="true"');
    expect(/<input[^>]*id="dob_day"[^>]*>/.exec(html)?.[0]).not.toContain('aria-invalid');
    expect(html).toContain('value="W12"');
  });

  it('marks the whole date when the date as a whole is wrong', () => {
    const { html } = renderApplicantPage(
      form({ errors: [{ field: 'dob_day', message: 'The date of birth does not match the share code.' }] }),
    );
    for (const id of ['dob_day', 'dob_month', 'dob_year'])
      expect(new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0]).toContain('aria-invalid="true"');
    expect(/<input[^>]*id="share_code"[^>]*>/.exec(html)?.[0]).not.toContain('aria-invalid');
  });

  it('has no error summary and no "Error:" title without errors', () => {
    const { html } = renderApplicantPage(form());
    expect(html).not.toContain('error-summary"');
    expect(html).not.toContain('There is a problem');
    expect(html).toContain('<title>Share your right to work details – Right to work check</title>');
  });

  it('shows the attempts left once one is spent', () => {
    expect(text(renderApplicantPage(form({ attemptsLeft: 3 })).html)).not.toContain(
      'before this link stops working',
    );
    expect(text(renderApplicantPage(form({ attemptsLeft: 2 })).html)).toContain(
      'You have 2 more tries before this link stops working.',
    );
    expect(text(renderApplicantPage(form({ attemptsLeft: 1 })).html)).toContain(
      'You have 1 more try before this link stops working.',
    );
  });

  it('says "not now" neutrally when the check could not be made', () => {
    const page = text(renderApplicantPage(form({ notice: 'not_now' })).html);
    expect(page).toContain(
      'We could not check your details just now. Nothing you entered was wrong. Try again in a few minutes.',
    );
    expect(page).not.toContain('There is a problem');
    expect(text(renderApplicantPage(form()).html)).not.toContain('We could not check your details');
  });
});

describe('renderApplicantPage: escaping', () => {
  const hostile = '<script>alert(1)</script>"\'&';

  it('renders a hostile asker, job title, purpose, values, csrf and action inert', () => {
    const views: ApplicantView[] = [
      form({
        request: {
          kind: 'immigration_status',
          mode: 'live',
          asker: hostile,
          jobTitle: hostile,
          purpose: hostile,
          expiresAt: EXPIRES,
        },
        values: { share_code: hostile, dob_day: hostile, dob_month: hostile, dob_year: hostile },
        errors: [{ field: 'share_code', message: hostile }],
        csrf: `"><script>x</script>`,
        action: `/r/x"><script>y</script>`,
      }),
      {
        page: 'checking',
        request: { ...RTW, asker: hostile },
        action: `/r/x";url=https://evil.example/`,
        refreshSeconds: 2,
      },
      { page: 'sent', request: { ...RTW, asker: hostile } },
      { page: 'closed', reason: 'locked', asker: hostile },
      { page: 'closed', reason: 'submitted', asker: hostile },
    ];
    for (const view of views) {
      const { html } = renderApplicantPage(view);
      expect(html).not.toMatch(/<script/i);
      // The checking page names nobody; every other one shows the asker, escaped.
      if (view.page !== 'checking')
        expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;');
      expect(html).not.toMatch(/"><script|" ?url=https:\/\/evil/);
    }
  });
});

describe('renderApplicantPage: after the form', () => {
  it('checking: refreshes itself to the link, with a plain link to do it now', () => {
    const { html, status } = renderApplicantPage({
      page: 'checking',
      request: RTW,
      action: ACTION,
      refreshSeconds: 3,
    });
    expect(status).toBe(200);
    expect(html).toContain(`<meta http-equiv="refresh" content="3;url=${ACTION}">`);
    expect(html).toContain('<h1>Checking your details</h1>');
    expect(html).toContain(`<a href="${ACTION}">`);
  });

  it('sent: names who the details went to, and shows no result', () => {
    const page = text(renderApplicantPage({ page: 'sent', request: RTW }).html);
    expect(page).toContain('Your details have been sent to Acme Ltd');
    expect(page).toContain('You can close this page.');
    expect(page).not.toMatch(/right to work (is|was)|status:/i);
  });

  it.each([
    [
      'submitted',
      'Acme Ltd',
      'You have already sent your details to Acme Ltd. This link cannot be used again.',
    ],
    ['submitted', null, 'You have already sent your details. This link cannot be used again.'],
    ['expired', 'Acme Ltd', 'Ask Acme Ltd for a new link'],
    ['expired', null, 'Ask the person who sent you this link for a new link'],
    ['cancelled', 'Acme Ltd', 'Acme Ltd cancelled this request'],
    ['locked', 'Acme Ltd', 'This link has been locked after 3 attempts. Ask Acme Ltd for a new link.'],
    [
      'locked',
      null,
      'This link has been locked after 3 attempts. Ask the person who sent you this link for a new link.',
    ],
  ] as const)('closed (%s, asker %s): 410 and says so', (reason, asker, words) => {
    const page = renderApplicantPage({ page: 'closed', reason, asker });
    expect(page.status).toBe(410);
    expect(text(page.html)).toContain(words);
    expect(page.html).not.toContain('<form');
  });

  it('not found, unavailable and too many: plain words and the wait', () => {
    expect(text(renderApplicantPage({ page: 'not_found' }).html)).toContain('Check the link you were sent');
    expect(text(renderApplicantPage({ page: 'not_found' }).html)).toContain('Page not found');
    expect(text(renderApplicantPage({ page: 'unavailable', retryAfterSeconds: 30 }).html)).toContain(
      'Try again in 1 minute.',
    );
    expect(text(renderApplicantPage({ page: 'too_many', retryAfterSeconds: 600 }).html)).toContain(
      'Try again in 10 minutes.',
    );
    expect(text(renderApplicantPage({ page: 'too_many', retryAfterSeconds: 7200 }).html)).toContain(
      'Try again in 2 hours.',
    );
  });
});
