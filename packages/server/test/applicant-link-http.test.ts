import { type CheckRequest, SESSION_TIMED_OUT } from '@sharecode/core/check-requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICANT_CLIENT_LIMIT, APPLICANT_LINK_LIMIT } from '../src/applicant-page/applicant-throttle.js';
import { call } from './support/api.js';
import { eventually } from './support/async-server.js';
import { newKey } from './support/test-server.js';
import { startWebhookTestServer, type WebhookTestServer } from './support/webhook-server.js';
import { startTestSmtpServer, type TestSmtpServer } from './support/webhook-smtp.js';

// The applicant's link over HTTP against rtw-server with SMTP settings: the link e-mailed to
// applicant_email, the CSRF cookie and field, the post throttles, and logs without tokens or addresses.

const EMAIL = 'sam.applicant@example.com';
let smtp: TestSmtpServer;
let ctx: WebhookTestServer;
let key: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await startWebhookTestServer('pglite', {
    RTW_SMTP_URL: smtp.url,
    RTW_MAIL_FROM: 'checks@example.com',
  });
  key = (await newKey(ctx.server.admin, 'pro', 'test')).key;
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

async function createRequest(extra: Record<string, unknown> = {}): Promise<CheckRequest> {
  const created = await call(ctx.server.url, 'POST', '/api/check-requests', {
    key,
    json: { kind: 'right_to_work', company_name: 'Acme Ltd', ...extra },
  });
  expect(created.status, created.text).toBe(201);
  return created.body as CheckRequest;
}

async function openForm(url: string) {
  const page = await fetch(url);
  const cookie = (page.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
  return { page, cookie, csrf };
}

const post = (url: string, fields: Record<string, string>, cookie = '') =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });

describe('the applicant link over HTTP', () => {
  it('e-mails the link to applicant_email, naming the checker; the 201 is unchanged', async () => {
    const before = smtp.mails.length;
    const request = await createRequest({ applicant_email: EMAIL });
    expect(request.applicant_email).toBe(EMAIL);
    expect(request.applicant_email_status).toBe('sending');
    const mail = await eventually(async () => smtp.mails[before], 'the link e-mail');
    expect(mail.to).toEqual([EMAIL]);
    expect(mail.raw).toContain('Subject: Acme Ltd has asked you to prove your right to work in the UK');
    expect(mail.raw).toContain(request.url ?? 'no url');
    const read = async (id: string) =>
      (await call(ctx.server.url, 'GET', `/api/check-requests/${id}`, { key })).body as CheckRequest;
    await eventually(
      async () => ((await read(request.id)).applicant_email_status === 'sent' ? true : undefined),
      'applicant_email_status sent',
    );
    // Without an address, no e-mail.
    expect((await createRequest()).applicant_email_status).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails.length).toBe(before + 1);
    const logged = ctx.logs.join('');
    expect(logged).toContain('link e-mailed to the applicant');
    expect(logged).not.toContain(EMAIL);
  });

  it("shows a test key's link as a test, first on its page, naming who is testing", async () => {
    const request = await createRequest();
    const html = await (await fetch(request.url ?? '')).text();
    const main = html.slice(html.indexOf('<main id="main">'));
    expect(main).toMatch(/^<main id="main">\s*<div class="warning test-link" id="test-link-warning">/);
    expect(main).toContain(
      'This is a test link. Do not enter your real share code: Acme Ltd is testing their system.',
    );
  });

  it('sets the CSRF cookie on the link only, and spends no attempt on a mismatched form', async () => {
    const request = await createRequest();
    const url = request.url ?? '';
    const { page, cookie, csrf } = await openForm(url);
    expect(page.status).toBe(200);
    expect(page.headers.getSetCookie()[0]).toMatch(
      /^rtw_applicant_csrf=[^;]+; Path=\/r\/; Max-Age=86400; HttpOnly; SameSite=Strict$/,
    );
    const wrong = { share_code: 'WACPT0001', dob_day: '2', dob_month: '2', dob_year: '1991' };
    const forged = await post(url, { ...wrong, csrf: 'x'.repeat(43) }, cookie);
    expect(await forged.text()).toContain(SESSION_TIMED_OUT);
    const read = async () =>
      (await call(ctx.server.url, 'GET', `/api/check-requests/${request.id}`, { key })).body as CheckRequest;
    expect((await read()).failed_attempts).toBe(0);
    const counted = await post(url, { ...wrong, csrf }, cookie);
    expect(counted.status).toBe(200);
    expect(await counted.text()).toContain('The date of birth does not match the share code');
    expect((await read()).failed_attempts).toBe(1);
  });

  it(`holds a link after ${APPLICANT_LINK_LIMIT.posts} posts, and a client address after ${APPLICANT_CLIENT_LIMIT.posts}, with 429 and Retry-After`, async () => {
    // The windows are fixed 10-minute ones on the real clock: start well inside one.
    const intoWindow = (Date.now() / 1000) % APPLICANT_LINK_LIMIT.seconds;
    if (intoWindow > APPLICANT_LINK_LIMIT.seconds - 15) {
      await new Promise((resolve) =>
        setTimeout(resolve, (APPLICANT_LINK_LIMIT.seconds - intoWindow + 1) * 1000),
      );
    }
    // Posts without a valid form are cheap and spend no attempt, but they count.
    const links = await Promise.all([1, 2, 3, 4].map(() => createRequest()));
    const urls = links.map((l) => l.url ?? '');
    const first = urls[0] ?? '';
    for (let i = 0; i < APPLICANT_LINK_LIMIT.posts; i += 1) {
      expect((await post(first, { csrf: 'x' })).status).toBe(200);
    }
    const held = await post(first, { csrf: 'x' });
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await held.text()).toContain('Wait before you try again');
    // The other links still answer, until this address has posted its share.
    let sent = APPLICANT_LINK_LIMIT.posts + 1;
    let status = 200;
    for (const url of urls.slice(1)) {
      for (let i = 0; i < APPLICANT_LINK_LIMIT.posts && sent < APPLICANT_CLIENT_LIMIT.posts + 1; i += 1) {
        status = (await post(url, { csrf: 'x' })).status;
        sent += 1;
      }
    }
    expect(sent).toBe(APPLICANT_CLIENT_LIMIT.posts + 1);
    expect(status).toBe(429);
    // A GET is never held: the applicant can still read the page.
    expect((await fetch(urls[3] ?? '')).status).toBe(200);
  });

  it('says failed when the mail server refuses the message, and logs it without the address', async () => {
    smtp.refuseNext();
    const request = await createRequest({ applicant_email: EMAIL });
    expect(request.applicant_email_status).toBe('sending');
    await eventually(async () => {
      const read = await call(ctx.server.url, 'GET', `/api/check-requests/${request.id}`, { key });
      return (read.body as CheckRequest).applicant_email_status === 'failed' ? true : undefined;
    }, 'applicant_email_status failed');
    expect(ctx.logs.join('')).toContain('the link e-mail could not be sent');
  });

  it('never wrote a token or an applicant address to the log', () => {
    const logged = ctx.logs.join('');
    expect(logged).toContain('/r/[redacted]');
    expect(logged).not.toMatch(/\/r\/[A-Za-z0-9]{32}/);
    expect(logged).not.toContain(EMAIL);
  });
});
