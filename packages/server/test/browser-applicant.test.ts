import { existsSync } from 'node:fs';
import type { CheckKind } from '@sharecode/core';
import type { CheckRequest } from '@sharecode/core/check-requests';
import { sandboxShareCode } from '@sharecode/core/sandbox';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, submitApplicantForm } from '../../../test/support/applicant-browser.js';
import { call } from './support/api.js';
import { newKey, startTestServer, type TestServer } from './support/test-server.js';

// Issue 35's applicant, in Debian's Chromium, by the page's labels: a test key's request of each kind
// against rtw-server in this process; mistakes the applicant can fix, the lock, the closed and
// unknown links, and axe-core on the form, the form with errors and a closed page.

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].find((path) => existsSync(path));

const CHECKERS: Record<CheckKind, { fields: Record<string, string>; asker: string }> = {
  right_to_work: { fields: { company_name: 'Acme <Trading> Ltd' }, asker: 'Acme <Trading> Ltd' },
  right_to_rent: {
    fields: { checker_name: 'Pat Landlord', checker_type: 'landlord' },
    asker: 'Pat Landlord',
  },
  immigration_status: {
    fields: { company_name: 'Big Bank plc', job_title: 'Loans officer', purpose: 'personal_finance' },
    asker: 'Big Bank plc',
  },
};
const OTHER_KIND: Record<CheckKind, CheckKind> = {
  right_to_work: 'right_to_rent',
  right_to_rent: 'immigration_status',
  immigration_status: 'right_to_work',
};

let ctx: TestServer;
let key: string;
let browser: Browser;

beforeAll(async () => {
  ctx = await startTestServer('pglite');
  key = (await newKey(ctx.admin, 'pro', 'test')).key;
  if (!CHROMIUM) throw new Error('Chromium is needed: apt-get install chromium');
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
});

afterAll(async () => {
  await browser?.close();
  await ctx?.close();
});

async function createRequest(kind: CheckKind, extra: Record<string, unknown> = {}): Promise<CheckRequest> {
  const created = await call(ctx.url, 'POST', '/api/check-requests', {
    key,
    json: { kind, ...CHECKERS[kind].fields, ...extra },
  });
  expect(created.status, created.text).toBe(201);
  return created.body as CheckRequest;
}

async function readRequest(id: string): Promise<CheckRequest> {
  const read = await call(ctx.url, 'GET', `/api/check-requests/${id}`, { key });
  expect(read.status).toBe(200);
  return read.body as CheckRequest;
}

async function newPage(): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

async function expectErrorFor(page: Page, field: string, words: string) {
  await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
  expect(await page.title()).toMatch(/^Error: /);
  const link = page.locator('.error-summary a', { hasText: words });
  expect(await link.getAttribute('href')).toBe(`#${field}`);
  expect(await page.locator(`#${field}`).count()).toBe(1);
}

describe.each(['right_to_work', 'right_to_rent', 'immigration_status'] as const)(
  'the applicant of a %s request',
  (kind) => {
    it('corrects a code not found and a code of another kind, then sends; the result only through the API', async () => {
      const request = await createRequest(kind);
      expect(request.url).toMatch(/\/r\/[A-Za-z0-9]{32}$/);
      const page = await newPage();
      const opened = await page.goto(request.url ?? '');
      expect(opened?.status()).toBe(200);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.locator('main').innerText()).toContain(
        `${CHECKERS[kind].asker} has asked you to prove`,
      );
      if (kind === 'immigration_status') {
        expect(await page.locator('main').innerText()).toContain('Loans officer');
      }
      if (kind === 'right_to_work') expect(await axeViolations(page, ['meta-viewport'])).toEqual([]);

      await submitApplicantForm(page, sandboxShareCode(kind, 'NFND0001'));
      await expectErrorFor(page, 'share_code', 'We could not find this share code');
      expect(await page.locator('main').innerText()).toContain(
        'You have 2 more tries before this link stops working.',
      );
      if (kind === 'right_to_work') expect(await axeViolations(page, ['meta-viewport'])).toEqual([]);

      await submitApplicantForm(page, sandboxShareCode(OTHER_KIND[kind], 'ACPT0001'));
      await expectErrorFor(page, 'share_code', 'This is a share code for');
      expect(await page.locator('main').innerText()).toContain(
        'You have 1 more try before this link stops working.',
      );

      await submitApplicantForm(page, sandboxShareCode(kind, 'ACPT0001'));
      await page
        .getByRole('heading', { name: `Your details have been sent to ${CHECKERS[kind].asker}` })
        .waitFor();
      const sentText = await page.locator('main').innerText();
      expect(sentText).toContain('You can close this page.');
      expect(sentText).not.toMatch(/accepted|rejected|sponsor|visa|settled|1990/i);

      const after = await readRequest(request.id);
      expect(after).toMatchObject({ status: 'submitted', failed_attempts: 2, url: null });
      expect(after.check).toMatchObject({ status: 'succeeded', check_request_id: request.id });
      expect(after.check?.result).not.toBeNull();

      // Used: the link says so, 410, and never shows the form again.
      const reused = await page.goto(request.url ?? '');
      expect(reused?.status()).toBe(410);
      expect(await page.locator('main').innerText()).toContain('You have already sent your details to');
      expect(await page.locator('form').count()).toBe(0);
      await page.context().close();
    });

    it('corrects a date of birth that does not match', async () => {
      const request = await createRequest(kind);
      const page = await newPage();
      await page.goto(request.url ?? '');
      await submitApplicantForm(page, sandboxShareCode(kind, 'ACPT0001'), [2, 2, 1991]);
      await expectErrorFor(page, 'dob_day', 'The date of birth does not match the share code');
      // What was typed is not kept once a check ran: the applicant types it again.
      expect(await page.getByLabel('Share code', { exact: true }).inputValue()).toBe('');
      await submitApplicantForm(page, sandboxShareCode(kind, 'ACPT0001'));
      await page.getByRole('heading', { name: /^Your details have been sent to/ }).waitFor();
      expect((await readRequest(request.id)).status).toBe('submitted');
      await page.context().close();
    });
  },
);

describe('while a check runs, and when it cannot be made', () => {
  it('shows "Checking your details", reloads itself, then says the details were sent', async () => {
    const request = await createRequest('right_to_work');
    const page = await newPage();
    await page.goto(request.url ?? '');
    // Attempt 1 fails UPSTREAM_UNEXPECTED and is retried later: the check is still pending.
    await submitApplicantForm(page, 'WRTRY0001');
    await page.getByRole('heading', { level: 1, name: 'Checking your details' }).waitFor();
    expect(await page.locator('meta[http-equiv="refresh"]').getAttribute('content')).toMatch(
      /^\d+;url=\/r\//,
    );
    ctx.clock.advance(60 * 60 * 1000);
    await page.getByRole('heading', { name: /^Your details have been sent to/ }).waitFor({ timeout: 30_000 });
    expect((await readRequest(request.id)).status).toBe('submitted');
    await page.context().close();
  });

  it('asks the applicant to try again later when the check could not be made, spending no attempt', async () => {
    const request = await createRequest('right_to_rent');
    const page = await newPage();
    await page.goto(request.url ?? '');
    await submitApplicantForm(page, 'RBUSY0001');
    // BUSY is retried: move the clock on until the check has given up.
    for (
      let i = 0;
      i < 20 && !(await page.getByText('We could not check your details just now').count());
      i += 1
    ) {
      ctx.clock.advance(60 * 60 * 1000);
      await page.waitForTimeout(1500);
    }
    expect(await page.locator('main').innerText()).toContain(
      'We could not check your details just now. Nothing you entered was wrong. Try again in a few minutes.',
    );
    expect(await page.locator('.error-summary').count()).toBe(0);
    expect(await readRequest(request.id)).toMatchObject({ status: 'waiting', failed_attempts: 0 });
    await page.context().close();
  });

  it('fits a phone: no sideways scrolling, touch targets of 44 pixels', async () => {
    const request = await createRequest('immigration_status');
    const context = await browser.newContext({ viewport: { width: 320, height: 640 }, isMobile: true });
    const page = await context.newPage();
    await page.goto(request.url ?? '');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 0);
    for (const target of [
      page.getByRole('button', { name: 'Send' }),
      page.getByLabel('Share code', { exact: true }),
      page.getByLabel('Day', { exact: true }),
      page.getByLabel('Year', { exact: true }),
    ]) {
      expect((await target.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    await context.close();
  });
});

describe('links that cannot be used', () => {
  it('locks after the third failure (410), with the lock page accessible', async () => {
    const request = await createRequest('right_to_work');
    const page = await newPage();
    await page.goto(request.url ?? '');
    await submitApplicantForm(page, 'W99999999');
    await expectErrorFor(page, 'share_code', 'We could not find this share code');
    await submitApplicantForm(page, 'WACPT0001', [3, 3, 1993]);
    await expectErrorFor(page, 'dob_day', 'The date of birth does not match');
    await submitApplicantForm(page, 'RACPT0001');
    await page.getByRole('heading', { level: 1, name: 'This link has been locked' }).waitFor();
    expect(await page.locator('main').innerText()).toContain(
      'This link has been locked after 3 attempts. Ask Acme <Trading> Ltd for a new link.',
    );
    expect(await readRequest(request.id)).toMatchObject({ status: 'locked', failed_attempts: 3 });
    const again = await page.goto(request.url ?? '');
    expect(again?.status()).toBe(410);
    expect(await axeViolations(page, ['meta-viewport'])).toEqual([]);
    await page.context().close();
  });

  it('answers a typing mistake without spending an attempt', async () => {
    const request = await createRequest('right_to_rent');
    const page = await newPage();
    await page.goto(request.url ?? '');
    await page.getByRole('button', { name: 'Send' }).click();
    await expectErrorFor(page, 'share_code', 'Enter your share code');
    expect(await page.locator('.error-summary a').count()).toBe(2);
    await submitApplicantForm(page, 'R12', [31, 2, 1990]);
    await expectErrorFor(page, 'share_code', 'Share code must be 9 letters and numbers');
    expect((await readRequest(request.id)).failed_attempts).toBe(0);
    // What was typed stays in the form to be corrected.
    expect(await page.getByLabel('Share code', { exact: true }).inputValue()).toBe('R12');
    await page.context().close();
  });

  it('answers 410 for a cancelled request', async () => {
    const request = await createRequest('immigration_status');
    const cancelled = await call(ctx.url, 'DELETE', `/api/check-requests/${request.id}`, { key });
    expect(cancelled.status).toBe(200);
    const page = await newPage();
    const response = await page.goto(request.url ?? '');
    expect(response?.status()).toBe(410);
    expect(await page.locator('h1').innerText()).toBe('This link has been cancelled');
    await page.context().close();
  });

  it('answers 404 for an unknown link and 410 once a link has expired', async () => {
    const page = await newPage();
    const unknown = await page.goto(`${ctx.url}/r/${'Z'.repeat(32)}`);
    expect(unknown?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toBe('Page not found');
    const request = await createRequest('right_to_work', { expires_in_days: 1 });
    ctx.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const expired = await page.goto(request.url ?? '');
    expect(expired?.status()).toBe(410);
    expect(await page.locator('h1').innerText()).toBe('This link has expired');
    expect((await readRequest(request.id)).status).toBe('expired');
    await page.context().close();
  });

  it('never wrote a link token to the log', () => {
    const logged = ctx.logs.join('');
    expect(logged).toContain('/r/[redacted]');
    expect(logged).not.toMatch(/\/r\/[A-Za-z0-9]{32}/);
  });
});
