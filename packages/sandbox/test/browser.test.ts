// Issue 35's applicant against the sandbox over real HTTP (`rtw sandbox serve`, built), in Debian's
// Chromium, by the page's labels, for each kind: mistakes the applicant can fix, the lock, reuse,
// cancellation and unknown links; axe-core on the form, the form with errors and closed pages.
// Expiry needs the injected clock: the last test serves an in-process sandbox whose clock it moves,
// the browser's requests answered by its handlers. Needs `npm run build` (CLI and sandbox).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CheckKind } from '@sharecode/core';
import { sandboxShareCode } from '@sharecode/core/sandbox';
import { getResponse } from 'msw';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, submitApplicantForm } from '../../../test/support/applicant-browser.js';
import { createSandbox } from '../src/index.js';
import { requestBody } from './check-bodies.js';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].find((path) => existsSync(path));
const RTW_BIN = fileURLToPath(new URL('../../cli/dist/bin.js', import.meta.url));
const KEY = `rtw_test_${'4'.repeat(40)}`;
const ASKER: Record<CheckKind, string> = {
  right_to_work: 'Acme Staffing Ltd',
  right_to_rent: 'Hill Lettings',
  immigration_status: 'Acme Bank',
};
const OTHER_KIND: Record<CheckKind, CheckKind> = {
  right_to_work: 'right_to_rent',
  right_to_rent: 'immigration_status',
  immigration_status: 'right_to_work',
};

let serve: ChildProcess | undefined;
let baseUrl = '';
let browser: Browser;

/** `rtw sandbox serve --port 0`; resolves with the address it prints first. */
function startServe(): Promise<string> {
  if (!existsSync(RTW_BIN)) throw new Error('run `npm run build` first: the test starts the built rtw');
  const child = spawn(process.execPath, [RTW_BIN, 'sandbox', 'serve', '--port', '0'], {
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  serve = child;
  let stdout = '';
  child.stdout?.setEncoding('utf8');
  return new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: string) => {
      stdout += chunk;
      const line = stdout.split('\n')[0];
      if (stdout.includes('\n') && line) resolve(line.trim());
    });
    child.once('exit', (code) => reject(new Error(`rtw sandbox serve exited with ${code}`)));
  });
}

beforeAll(async () => {
  if (!CHROMIUM) throw new Error('Chromium is needed: apt-get install chromium');
  baseUrl = await startServe();
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (serve && serve.exitCode === null) {
    const exited = new Promise((resolve) => serve?.once('exit', resolve));
    serve.kill('SIGINT');
    await exited;
  }
});

interface ApiAnswer {
  status: number;
  body: { id: string; url: string; status: string; check: { result: { name: string } } | null };
}

async function api(method: string, path: string, body?: unknown): Promise<ApiAnswer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${KEY}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as ApiAnswer['body'] };
}

async function createRequest(kind: CheckKind): Promise<ApiAnswer['body']> {
  const created = await api('POST', '/api/check-requests', requestBody(kind));
  expect(created.status).toBe(201);
  return created.body;
}

async function newPage(): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

async function expectErrorFor(page: Page, field: string, words: string) {
  await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
  const link = page.locator('.error-summary a', { hasText: words });
  expect(await link.getAttribute('href')).toBe(`#${field}`);
}

describe.each(['right_to_work', 'right_to_rent', 'immigration_status'] as const)(
  'the applicant of a %s request',
  (kind) => {
    it('corrects a wrong date of birth, a code of another kind; sends; reuse is 410; the result only through the API', async () => {
      const request = await createRequest(kind);
      expect(request.url.startsWith(`${baseUrl}/r/`)).toBe(true);
      const page = await newPage();
      expect((await page.goto(request.url))?.status()).toBe(200);
      expect(await page.locator('main').innerText()).toContain(`${ASKER[kind]} has asked you to prove`);
      expect(await axeViolations(page)).toEqual([]);

      await submitApplicantForm(page, sandboxShareCode(kind, 'ACPT0001'), [2, 3, 1985]);
      await expectErrorFor(page, 'dob_day', 'The date of birth does not match');
      expect(await axeViolations(page)).toEqual([]);

      await submitApplicantForm(page, sandboxShareCode(OTHER_KIND[kind], 'ACPT0001'));
      await expectErrorFor(page, 'share_code', 'This is a share code for');

      await submitApplicantForm(page, sandboxShareCode(kind, 'ACPT0001'));
      await page.getByRole('heading', { name: `Your details have been sent to ${ASKER[kind]}` }).waitFor();
      const sentText = await page.locator('main').innerText();
      expect(sentText).not.toContain('PRIYA');
      expect(sentText).not.toContain(sandboxShareCode(kind, 'ACPT0001'));

      const read = await api('GET', `/api/check-requests/${request.id}`);
      expect(read.body).toMatchObject({
        status: 'submitted',
        failed_attempts: 2,
        check: { status: 'succeeded' },
      });
      expect(read.body.check?.result.name).toBe('PRIYA ANJALI SHARMA');

      const reused = await newPage();
      expect((await reused.goto(request.url))?.status()).toBe(410);
      expect(await axeViolations(reused)).toEqual([]);
    });

    it('the third failure (an unknown code) locks the link', async () => {
      const request = await createRequest(kind);
      const page = await newPage();
      await page.goto(request.url);
      for (let i = 0; i < 2; i++) {
        await submitApplicantForm(page, sandboxShareCode(kind, 'NFND0001'));
        await expectErrorFor(page, 'share_code', 'We could not find this share code');
      }
      const response = page.waitForResponse((r) => r.request().method() === 'POST');
      await submitApplicantForm(page, sandboxShareCode(kind, 'NFND0001'));
      expect((await response).status()).toBe(410);
      expect((await api('GET', `/api/check-requests/${request.id}`)).body).toMatchObject({
        status: 'locked',
      });
    });
  },
);

describe('closed and unknown links', () => {
  it('a cancelled link is 410, an unknown one 404', async () => {
    const request = await createRequest('right_to_work');
    expect((await api('DELETE', `/api/check-requests/${request.id}`)).status).toBe(200);
    const page = await newPage();
    expect((await page.goto(request.url))?.status()).toBe(410);
    expect((await page.goto(`${baseUrl}/r/${'Z'.repeat(32)}`))?.status()).toBe(404);
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('an expired link', () => {
  it('is 410 once the sandbox clock passes expires_at, as a page that says so', async () => {
    let now = new Date('2026-11-28T09:00:00Z');
    const sandbox = createSandbox({ now: () => now });
    const call = (method: string, path: string, body?: unknown) =>
      getResponse(
        sandbox.handlers,
        new Request(`${sandbox.baseUrl}${path}`, {
          method,
          headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
    const created = await call('POST', '/api/check-requests', {
      ...requestBody('right_to_work'),
      expires_in_days: 1,
    });
    const request = (await created?.json()) as { id: string; url: string };
    const context = await browser.newContext();
    // The page's requests are answered by this sandbox's handlers, as `rtw sandbox serve` answers them.
    await context.route(`${sandbox.baseUrl}/**`, async (route) => {
      const asked = route.request();
      const answered = await getResponse(
        sandbox.handlers,
        new Request(asked.url(), {
          method: asked.method(),
          headers: asked.headers(),
          body: asked.postData() ?? undefined,
        }),
      );
      if (!answered) return route.abort();
      await route.fulfill({
        status: answered.status,
        headers: Object.fromEntries(answered.headers),
        body: Buffer.from(await answered.arrayBuffer()),
      });
    });
    const page = await context.newPage();
    expect((await page.goto(request.url))?.status()).toBe(200);
    now = new Date(now.getTime() + 86_400_000);
    expect((await page.reload())?.status()).toBe(410);
    expect(await page.locator('main').innerText()).toMatch(/expired/i);
    expect(await axeViolations(page)).toEqual([]);
    expect(await (await call('GET', `/api/check-requests/${request.id}`))?.json()).toMatchObject({
      status: 'expired',
    });
    await context.close();
  });
});
