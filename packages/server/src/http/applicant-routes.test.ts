import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import {
  type ApplicantFormInput,
  newApplicantToken,
  SESSION_TIMED_OUT,
} from '@sharecode/core/check-requests';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createApplicantCsrf } from '../applicant-page/applicant-csrf.js';
import type { ApplicantAllowance } from '../applicant-page/applicant-throttle.js';
import { DatabaseUnavailableError } from '../database-unavailable.js';
import { createLogger } from '../logger.js';
import type { ApplicantAnswer } from '../requests/applicant-service.js';
import { tokenHashOf } from '../requests/request-token.js';
import { registerApplicantRoutes } from './applicant-routes.js';

const NOW = new Date('2026-11-28T10:00:00Z');
const REQUEST = {
  kind: 'right_to_work' as const,
  mode: 'live' as const,
  asker: 'Acme Ltd',
  expiresAt: new Date('2026-12-12T10:00:00Z'),
};
const FORM: ApplicantAnswer = {
  phase: {
    page: 'form',
    request: REQUEST,
    values: { share_code: '', dob_day: '', dob_month: '', dob_year: '' },
    errors: [],
    attemptsLeft: 3,
  },
  requestId: `creq_${'C'.repeat(32)}`,
};

interface Harness {
  app: FastifyInstance;
  logs: string[];
  submitted: ApplicantFormInput[];
}

let open: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(open.map((app) => app.close()));
  open = [];
});

async function harness(
  options: {
    openByToken?: (token: string, now: Date, opts?: { peek?: boolean }) => Promise<ApplicantAnswer>;
    submit?: () => Promise<ApplicantAnswer>;
    allowance?: ApplicantAllowance;
    secure?: boolean;
  } = {},
): Promise<Harness> {
  const logs: string[] = [];
  const log = createLogger(
    'debug',
    new Writable({
      write(chunk, _enc, done) {
        logs.push(String(chunk));
        done();
      },
    }),
  );
  const submitted: ApplicantFormInput[] = [];
  const loggerInstance: FastifyBaseLogger = log;
  const app = Fastify({ loggerInstance });
  registerApplicantRoutes(app, {
    service: {
      openByToken: options.openByToken ?? (async () => FORM),
      submitByToken: async (_token, form) => {
        submitted.push(form);
        return (options.submit ?? (async () => FORM))();
      },
    },
    csrf: createApplicantCsrf([randomBytes(32)]),
    throttle: async () => options.allowance ?? { allowed: true },
    clock: () => NOW,
    alwaysSecureCookies: options.secure ?? false,
  });
  await app.ready();
  open.push(app);
  return { app, logs, submitted };
}

const cookieOf = (setCookie: string | string[] | undefined) =>
  String(Array.isArray(setCookie) ? setCookie[0] : (setCookie ?? '')).split(';')[0] ?? '';
const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const URLENCODED = { 'content-type': 'application/x-www-form-urlencoded' };

describe('GET /r/:token', () => {
  it('reads the link without side effects on HEAD (a link checker never uses up the "sent" page)', async () => {
    const peeks: (boolean | undefined)[] = [];
    const { app } = await harness({
      openByToken: async (_token, _now, opts) => {
        peeks.push(opts?.peek);
        return FORM;
      },
    });
    const url = `/r/${newApplicantToken()}`;
    expect((await app.inject({ method: 'HEAD', url })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect(peeks).toEqual([true, false]);
  });

  it('answers the form with its headers, a nonce cookie and the CSRF field bound to the link', async () => {
    const { app } = await harness();
    const token = newApplicantToken();
    const response = await app.inject({ method: 'GET', url: `/r/${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^rtw_applicant_csrf=[A-Za-z0-9_-]{22}; Path=\/r\/; Max-Age=86400; HttpOnly; SameSite=Strict$/,
    );
    expect(response.body).toContain(`action="/r/${token}"`);
    expect(csrfOf(response.body)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The same browser keeps its nonce: no new cookie.
    const again = await app.inject({
      method: 'GET',
      url: `/r/${token}`,
      headers: { cookie: cookieOf(setCookie) },
    });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(csrfOf(again.body)).toBe(csrfOf(response.body));
  });

  it('answers HEAD as GET, without a body', async () => {
    const { app } = await harness();
    const response = await app.inject({ method: 'HEAD', url: `/r/${newApplicantToken()}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe('');
  });

  it('sets the cookie Secure when the service is reached over https, and only then', async () => {
    const plain = await harness();
    const overHttp = await plain.app.inject({
      method: 'GET',
      url: `/r/${newApplicantToken()}`,
      // Not from a trusted proxy: the request is plain http whatever it claims.
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(String(overHttp.headers['set-cookie'])).not.toContain('Secure');
    const secure = await harness({ secure: true });
    const overHttps = await secure.app.inject({ method: 'GET', url: `/r/${newApplicantToken()}` });
    expect(String(overHttps.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
  });

  it('answers a pending check with the page that reloads itself to the link, and a closed link with 410', async () => {
    const token = newApplicantToken();
    const checking = await harness({
      openByToken: async () => ({
        phase: { page: 'checking', request: REQUEST, refreshSeconds: 5 },
        requestId: FORM.requestId,
      }),
    });
    const response = await checking.app.inject({ method: 'GET', url: `/r/${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<meta http-equiv="refresh" content="5;url=/r/${token}">`);
    expect(response.headers['set-cookie']).toBeUndefined();
    const closed = await harness({
      openByToken: async () => ({
        phase: { page: 'closed', reason: 'expired', asker: 'Acme Ltd' },
        requestId: FORM.requestId,
      }),
    });
    const gone = await closed.app.inject({ method: 'GET', url: `/r/${token}` });
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('This link has expired');
  });

  it.each(['short', `${'a'.repeat(31)}!`, 'a'.repeat(33)])(
    'answers 404 for %s without a lookup',
    async (token) => {
      let looked = false;
      const { app } = await harness({
        openByToken: async () => {
          looked = true;
          return FORM;
        },
      });
      const response = await app.inject({ method: 'GET', url: `/r/${encodeURIComponent(token)}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('Page not found');
      expect(looked).toBe(false);
    },
  );

  it('answers 503 with Retry-After while the database is away, and 500 for a fault, as pages', async () => {
    const away = await harness({
      openByToken: async () => {
        throw new Error('wrapped', { cause: new DatabaseUnavailableError('down') });
      },
    });
    const token = newApplicantToken();
    const response = await away.app.inject({ method: 'GET', url: `/r/${token}` });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.body).toContain('Sorry, the service is unavailable');
    const broken = await harness({
      openByToken: async () => {
        throw new TypeError(`no such thing ${token}`);
      },
    });
    const failed = await broken.app.inject({ method: 'GET', url: `/r/${token}` });
    expect(failed.statusCode).toBe(500);
    expect(failed.headers['retry-after']).toBeUndefined();
    expect(failed.headers['content-type']).toBe('text/html; charset=utf-8');
    for (const logs of [away.logs, broken.logs]) {
      expect(logs.join('')).toContain('"path":"/r/[redacted]"');
      expect(logs.join('')).not.toContain(token);
    }
  });
});

describe('POST /r/:token', () => {
  async function formPage(app: FastifyInstance, token: string) {
    const page = await app.inject({ method: 'GET', url: `/r/${token}` });
    return { cookie: cookieOf(page.headers['set-cookie']), csrf: csrfOf(page.body) };
  }

  it('hands the fields to the service when the CSRF field matches the cookie and the link', async () => {
    const { app, submitted, logs } = await harness();
    const token = newApplicantToken();
    const { cookie, csrf } = await formPage(app, token);
    const fields = { share_code: 'W98 7ZY X65', dob_day: '1', dob_month: '1', dob_year: '1990', csrf };
    const response = await app.inject({
      method: 'POST',
      url: `/r/${token}`,
      headers: { ...URLENCODED, cookie },
      payload: form(fields),
    });
    expect(response.statusCode).toBe(200);
    expect(submitted).toEqual([
      { share_code: 'W98 7ZY X65', dob_day: '1', dob_month: '1', dob_year: '1990' },
    ]);
    const logged = logs.join('');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain('W98 7ZY X65');
    expect(logged).not.toContain(tokenHashOf(token));
  });

  it.each([
    ['no cookie', (c: { cookie: string; csrf: string }) => ({ cookie: '', csrf: c.csrf })],
    [
      'another browser',
      (c: { cookie: string; csrf: string }) => ({
        cookie: 'rtw_applicant_csrf=AAAAAAAAAAAAAAAAAAAAAA',
        csrf: c.csrf,
      }),
    ],
    ['no field', (c: { cookie: string; csrf: string }) => ({ cookie: c.cookie, csrf: '' })],
  ])('refuses %s: the form again, "session timed out", nothing checked', async (_, spoil) => {
    const { app, submitted } = await harness();
    const token = newApplicantToken();
    const { cookie, csrf } = spoil(await formPage(app, token));
    const response = await app.inject({
      method: 'POST',
      url: `/r/${token}`,
      headers: { ...URLENCODED, ...(cookie ? { cookie } : {}) },
      payload: form({ share_code: 'W98 7ZY X65', dob_day: '1', dob_month: '1', dob_year: '1990', csrf }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(SESSION_TIMED_OUT);
    expect(response.body).toContain('<title>Error: ');
    expect(response.body).not.toContain('W98 7ZY X65');
    expect(String(response.headers['set-cookie'])).toMatch(/^rtw_applicant_csrf=/);
    expect(submitted).toEqual([]);
  });

  it('refuses a form made for another link', async () => {
    const { app, submitted } = await harness();
    const { cookie, csrf } = await formPage(app, newApplicantToken());
    const response = await app.inject({
      method: 'POST',
      url: `/r/${newApplicantToken()}`,
      headers: { ...URLENCODED, cookie },
      payload: form({ share_code: 'W123ABC45', csrf }),
    });
    expect(response.body).toContain(SESSION_TIMED_OUT);
    expect(submitted).toEqual([]);
  });

  it('answers 429 with Retry-After when throttled, before reading the form', async () => {
    const { app, submitted } = await harness({ allowance: { allowed: false, retryAfterSeconds: 321 } });
    const response = await app.inject({
      method: 'POST',
      url: `/r/${newApplicantToken()}`,
      headers: URLENCODED,
      payload: form({ share_code: 'W123ABC45' }),
    });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('321');
    expect(response.body).toContain('Try again in 6 minutes.');
    expect(submitted).toEqual([]);
  });

  it('answers a body it cannot read (JSON, too large) with the page as it stands', async () => {
    const { app, submitted } = await harness();
    const token = newApplicantToken();
    const json = await app.inject({
      method: 'POST',
      url: `/r/${token}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"share_code":"W123ABC45"}',
    });
    expect(json.statusCode).toBe(200);
    expect(json.body).toContain('<form method="post"');
    const large = await app.inject({
      method: 'POST',
      url: `/r/${token}`,
      headers: URLENCODED,
      payload: `share_code=${'W'.repeat(40_000)}`,
    });
    expect(large.statusCode).toBe(200);
    expect(submitted).toEqual([]);
  });

  it('answers 503 with Retry-After when the database is away during the throttle', async () => {
    const logs: string[] = [];
    const loggerInstance: FastifyBaseLogger = createLogger(
      'debug',
      new Writable({
        write(chunk, _enc, done) {
          logs.push(String(chunk));
          done();
        },
      }),
    );
    const app = Fastify({ loggerInstance });
    registerApplicantRoutes(app, {
      service: { openByToken: async () => FORM, submitByToken: async () => FORM },
      csrf: createApplicantCsrf([randomBytes(32)]),
      throttle: async () => {
        throw new DatabaseUnavailableError('down');
      },
      clock: () => NOW,
      alwaysSecureCookies: true,
    });
    open.push(app);
    const token = newApplicantToken();
    const response = await app.inject({
      method: 'POST',
      url: `/r/${token}`,
      headers: URLENCODED,
      payload: 'csrf=x',
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(logs.join('')).toContain('the database cannot be reached');
    expect(logs.join('')).not.toContain(token);
  });
});
