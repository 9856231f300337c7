// The applicant's side of a check request: the helper that plays the applicant in tests, and the
// page at the link (GET and POST over MSW), answered from the sandbox's test codes.
import type { CheckKind } from '@sharecode/core';
import { CHECK_KINDS, kindInfo } from '@sharecode/core';
import { describe, expect, it } from 'vitest';
import { requestBody } from './check-bodies.js';
import { BASE, call, useSandboxServer } from './sandbox-harness.js';

const FAST = { delays: { startMs: 0, runMs: 0, retryScheduleMs: [0, 0] } };
const harness = useSandboxServer(FAST);
const DOB = '1990-01-01';

type Created = { id: string; url: string; status: string };

async function make(kind: CheckKind, extra: Record<string, unknown> = {}): Promise<Created> {
  const answer = await call('POST', '/api/check-requests', { body: { ...requestBody(kind), ...extra } });
  expect(answer.status, answer.text).toBe(201);
  return answer.body as Created;
}

interface ReadRequest {
  status: string;
  failed_attempts: number;
  check: { result: { share_code: string } } | null;
}
const read = async (id: string) => (await call('GET', `/api/check-requests/${id}`)).body as ReadRequest;
const code = (kind: CheckKind, suffix: string) => `${kindInfo(kind).shareCodeLetter}${suffix}`;
const otherKindCode = (kind: CheckKind) => (kind === 'right_to_work' ? 'RACPT0001' : 'WACPT0001');

describe.each(CHECK_KINDS)('submitAsApplicant, %s', (kind) => {
  it('a correct code and date of birth: sent, and the request is submitted with the result', async () => {
    const sandbox = harness.use();
    const created = await make(kind);
    const outcome = await sandbox.submitAsApplicant(created.url, {
      shareCode: code(kind, 'ACPT0001'),
      dateOfBirth: DOB,
    });
    expect(outcome).toEqual({ outcome: 'sent', status: 200, asker: expect.any(String) });
    const request = await read(created.id);
    expect(request).toMatchObject({
      status: 'submitted',
      failed_attempts: 0,
      check: { status: 'succeeded' },
    });
    expect(request.check?.result.share_code).toBe(code(kind, 'ACPT0001'));
    // The link is used: a second submission is closed.
    expect(
      await sandbox.submitAsApplicant(created, { shareCode: code(kind, 'ACPT0001'), dateOfBirth: DOB }),
    ).toEqual({
      outcome: 'closed',
      status: 410,
      reason: 'submitted',
    });
  });

  it('a wrong date of birth, a code of another kind and an unknown code each let the applicant correct it', async () => {
    const sandbox = harness.use();
    const created = await make(kind);
    const wrongDob = await sandbox.submitAsApplicant(created.url, {
      shareCode: code(kind, 'ACPT0001'),
      dateOfBirth: '1985-06-15',
    });
    expect(wrongDob).toMatchObject({ outcome: 'error', attemptsLeft: 2, errors: [{ field: 'dob_day' }] });
    const other = await sandbox.submitAsApplicant(created.url, {
      shareCode: otherKindCode(kind),
      dateOfBirth: DOB,
    });
    expect(other).toMatchObject({ outcome: 'error', attemptsLeft: 1, errors: [{ field: 'share_code' }] });
    expect(other.outcome === 'error' && other.errors[0]?.message).toMatch(/This is a share code for a/);
    expect((await read(created.id)).failed_attempts).toBe(2);
    // The third failure (an unknown code) locks the link.
    const unknown = await sandbox.submitAsApplicant(created.url, {
      shareCode: code(kind, 'NFND0001'),
      dateOfBirth: DOB,
    });
    expect(unknown).toEqual({ outcome: 'locked', status: 410 });
    expect(await read(created.id)).toMatchObject({ status: 'locked', failed_attempts: 3 });
  });

  it('an unknown code, then the right one: submitted', async () => {
    const sandbox = harness.use();
    const created = await make(kind);
    const unknown = await sandbox.submitAsApplicant(created.url, {
      shareCode: code(kind, 'NFND0001'),
      dateOfBirth: DOB,
    });
    expect(unknown).toMatchObject({ outcome: 'error', attemptsLeft: 2, errors: [{ field: 'share_code' }] });
    expect(
      await sandbox.submitAsApplicant(created.url, { shareCode: code(kind, 'ACPT0001'), dateOfBirth: DOB }),
    ).toMatchObject({ outcome: 'sent' });
    expect(await read(created.id)).toMatchObject({ status: 'submitted', failed_attempts: 1 });
  });
});

describe('submitAsApplicant, the rest', () => {
  it('a typo costs no attempt', async () => {
    const sandbox = harness.use();
    const created = await make('right_to_work');
    const typo = await sandbox.submitAsApplicant(created.url, {
      shareCode: 'WACPT001',
      dateOfBirth: { day: '31', month: '2', year: '1990' },
    });
    expect(typo).toMatchObject({ outcome: 'error', attemptsLeft: 3 });
    expect(typo.outcome === 'error' && typo.errors.map((e) => e.field)).toEqual(['share_code', 'dob_day']);
    expect(await read(created.id)).toMatchObject({ status: 'waiting', failed_attempts: 0, check: null });
  });

  it('a check the portal times out on costs no attempt: try later, the request stays waiting', async () => {
    const sandbox = harness.use();
    const created = await make('right_to_work');
    const outcome = await sandbox.submitAsApplicant(created.url, {
      shareCode: 'WTIME0001',
      dateOfBirth: DOB,
    });
    expect(outcome).toEqual({ outcome: 'try_later', status: 200, attemptsLeft: 3 });
    expect(await read(created.id)).toMatchObject({
      status: 'waiting',
      failed_attempts: 0,
      check: { status: 'failed', error: { code: 'TIMEOUT' }, attempts: 3 },
    });
  });

  it('a cancelled request is closed; a link of no request is not found', async () => {
    const sandbox = harness.use();
    const created = await make('right_to_rent');
    await call('DELETE', `/api/check-requests/${created.id}`);
    const details = { shareCode: 'RACPT0001', dateOfBirth: DOB };
    expect(await sandbox.submitAsApplicant(created.url, details)).toEqual({
      outcome: 'closed',
      status: 410,
      reason: 'cancelled',
    });
    expect(await sandbox.submitAsApplicant(`${BASE}/r/${'A'.repeat(32)}`, details)).toEqual({
      outcome: 'not_found',
      status: 404,
    });
  });

  it('refuses what is not a link of this sandbox, or a date it cannot type, naming what to pass', async () => {
    const sandbox = harness.use();
    const created = await make('right_to_work');
    const details = { shareCode: 'WACPT0001', dateOfBirth: DOB };
    await expect(sandbox.submitAsApplicant({ url: null }, details)).rejects.toThrow(
      /createCheckRequest answered/,
    );
    await expect(sandbox.submitAsApplicant('https://elsewhere.example/r/x', details)).rejects.toThrow(
      /not under this sandbox's base URL/,
    );
    await expect(
      sandbox.submitAsApplicant(created.url, { shareCode: 'WACPT0001', dateOfBirth: '01/01/1990' }),
    ).rejects.toThrow(/YYYY-MM-DD/);
    for (const dateOfBirth of [
      { day: 1, month: 1 },
      { day: 1.5, month: 1, year: 1990 },
      { d: 1, m: 1, y: 1990 },
    ]) {
      await expect(
        sandbox.submitAsApplicant(created.url, {
          shareCode: 'WACPT0001',
          dateOfBirth: dateOfBirth as unknown as { day: number; month: number; year: number },
        }),
      ).rejects.toThrow(/each a string or a whole number \(such as \{ day: 1, month: 1, year: 1990 \}\)/);
    }
    expect((await read(created.id)).failed_attempts).toBe(0);
  });

  it('takes the date of birth as numbers too, as the form would read them', async () => {
    const sandbox = harness.use();
    const created = await make('right_to_work');
    expect(
      await sandbox.submitAsApplicant(created.url, {
        shareCode: 'WACPT0001',
        dateOfBirth: { day: 1, month: 1, year: 1990 },
      }),
    ).toMatchObject({ outcome: 'sent' });
  });
});

/** The hidden csrf value of a form page. */
function csrfOf(html: string): string {
  return /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
}

async function post(
  url: string,
  fields: Record<string, string>,
): Promise<{ status: number; html: string; headers: Headers }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, html: await response.text(), headers: response.headers };
}

describe('the page at the link', () => {
  it('GET shows the form with its labels and a CSRF field; POST with it answers sent, then the link is 410', async () => {
    harness.use();
    const created = await make('immigration_status');
    const page = await fetch(created.url);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('set-cookie')).toBeNull();
    for (const label of ['Share code', 'Day', 'Month', 'Year']) expect(html).toContain(`>${label}<`);
    expect(html).toContain('Acme Bank');
    const csrf = csrfOf(html);
    expect(csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const action = new URL(created.url).pathname;
    expect(html).toContain(`action="${action}"`);

    const sent = await post(created.url, {
      share_code: 'SACPT 0001',
      dob_day: '1',
      dob_month: '1',
      dob_year: '1990',
      csrf,
    });
    expect(sent.status).toBe(200);
    expect(sent.html).toContain('Acme Bank');
    expect(sent.html).not.toContain('SACPT0001');
    expect(sent.html).not.toMatch(/PRIYA|SHARMA/);
    expect((await read(created.id)).status).toBe('submitted');
    const again = await fetch(created.url);
    expect(again.status).toBe(410);
  });

  it('a form without its CSRF value, or one made for another link, is refused and spends nothing', async () => {
    harness.use();
    const one = await make('right_to_work');
    const two = await make('right_to_work');
    const csrfOfTwo = csrfOf(await (await fetch(two.url)).text());
    const fields = { share_code: 'WNFND0001', dob_day: '1', dob_month: '1', dob_year: '1990' };
    for (const csrf of ['', csrfOfTwo]) {
      const refused = await post(one.url, { ...fields, csrf });
      expect(refused.status).toBe(200);
      expect(refused.html).toContain('Your session timed out. Enter your details again');
      expect(csrfOf(refused.html)).not.toBe('');
    }
    expect(await read(one.id)).toMatchObject({ failed_attempts: 0, check: null });
  });

  it('a wrong date of birth shows the error with the attempts left, and the third failure is 410', async () => {
    harness.use();
    const created = await make('right_to_work');
    const wrong = { share_code: 'WACPT0001', dob_day: '2', dob_month: '2', dob_year: '1990' };
    for (const left of [2, 1]) {
      const csrf = csrfOf(await (await fetch(created.url)).text());
      const answer = await post(created.url, { ...wrong, csrf });
      expect(answer.status).toBe(200);
      expect(answer.html).toContain('The date of birth does not match the share code');
      expect(answer.html).toMatch(new RegExp(`${left} (more )?attempts? left|${left} more`));
    }
    const csrf = csrfOf(await (await fetch(created.url)).text());
    expect((await post(created.url, { ...wrong, csrf })).status).toBe(410);
  });

  it('answers checking (refreshing itself) while a slow check runs, then its verdict', async () => {
    harness.use({ delays: { startMs: 0, runMs: 0, retryScheduleMs: [4000, 0] } });
    const created = await make('right_to_work');
    const csrf = csrfOf(await (await fetch(created.url)).text());
    const answer = await post(created.url, {
      share_code: 'WRTRY0001',
      dob_day: '1',
      dob_month: '1',
      dob_year: '1990',
      csrf,
    });
    expect(answer.status).toBe(200);
    expect(answer.html).toMatch(/<meta http-equiv="refresh" content="2;url=\/r\/[A-Za-z0-9]{32}">/);
    await expect.poll(async () => (await read(created.id)).status, { timeout: 8000 }).toBe('submitted');
    expect((await fetch(created.url)).status).toBe(200); // "sent", once
    expect((await fetch(created.url)).status).toBe(410);
  }, 20_000);

  it('an unknown token, or one of another shape, is 404', async () => {
    harness.use();
    expect((await fetch(`${BASE}/r/${'B'.repeat(32)}`)).status).toBe(404);
    const odd = await fetch(`${BASE}/r/short`);
    expect(odd.status).toBe(404);
    expect(odd.headers.get('content-type')).toMatch(/^text\/html/);
  });
});
