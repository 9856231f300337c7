import { Writable } from 'node:stream';
import { ok } from '@sharecode/core';
import { type CheckRequestState, checkRequestRecord } from '@sharecode/core/check-requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/support/webhook-smtp.js';
import { createLogger } from '../logger.js';
import { createSmtpMailer } from '../webhooks/give-up-mail.js';
import { summaryOfRecord, withApplicantLinkMail } from './applicant-link-mail.js';

const NOW = new Date('2026-11-28T10:00:00Z');
const URL = 'https://checks.example.com/r/AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const EMAIL = 'sam.applicant@example.com';

function state(over: Partial<CheckRequestState> = {}): CheckRequestState {
  return {
    id: `creq_${'B'.repeat(32)}`,
    kind: 'right_to_work',
    mode: 'test',
    status: 'waiting',
    checker: { company_name: 'Acme Ltd' },
    client_reference: null,
    callback_url: null,
    applicant_email: EMAIL,
    applicant_email_status: 'sending',
    failed_attempts: 0,
    expires_at: new Date('2026-12-12T10:00:00Z'),
    created_at: NOW,
    ended_at: null,
    check_pending: false,
    ...over,
  } as CheckRequestState;
}

function capturedLog() {
  const lines: string[] = [];
  const out = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: createLogger('info', out), lines };
}

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

describe('withApplicantLinkMail', () => {
  it('e-mails the link to applicant_email, naming the checker, and answers as create did', async () => {
    const record = checkRequestRecord(state(), null, NOW, URL);
    const pending: Promise<void>[] = [];
    const recorded: [string, string][] = [];
    const { log, lines } = capturedLog();
    const create = withApplicantLinkMail(async () => ok({ record, location: '/x' }), {
      mailer: createSmtpMailer(smtp.url, 'checks@example.com'),
      log,
      track: (send) => {
        const p = send();
        pending.push(p);
        return p;
      },
      recordStatus: async (id, status) => void recorded.push([id, status]),
    });
    const before = smtp.mails.length;
    const created = await create();
    expect(created).toEqual(ok({ record, location: '/x' }));
    await Promise.all(pending);
    const mail = smtp.mails.at(-1);
    expect(smtp.mails.length).toBe(before + 1);
    expect(mail?.to).toEqual([EMAIL]);
    expect(mail?.from).toBe('checks@example.com');
    expect(mail?.raw).toContain('Subject: Acme Ltd has asked you to prove your right to work in the UK');
    expect(mail?.raw).toContain(URL);
    expect(mail?.raw).toMatch(/Content-Type: text\/plain/i);
    expect(lines.join('')).toContain('link e-mailed to the applicant');
    expect(recorded).toEqual([[record.id, 'sent']]);
    expect(lines.join('')).not.toContain(EMAIL);
  });

  it('still answers when the mail server is away, and logs the failure without the address', async () => {
    const record = checkRequestRecord(state(), null, NOW, URL);
    const pending: Promise<void>[] = [];
    const recorded: [string, string][] = [];
    const { log, lines } = capturedLog();
    const create = withApplicantLinkMail(async () => ok({ record }), {
      mailer: createSmtpMailer('smtp://127.0.0.1:9', 'checks@example.com'),
      log,
      track: (send) => {
        const p = send();
        pending.push(p);
        return p;
      },
      recordStatus: async (id, status) => void recorded.push([id, status]),
    });
    expect((await create()).ok).toBe(true);
    await Promise.all(pending);
    const logged = lines.join('');
    expect(logged).toContain('the link e-mail could not be sent');
    expect(recorded).toEqual([[record.id, 'failed']]);
    expect(logged).toContain(record.id);
    expect(logged).not.toContain(EMAIL);
    expect(logged).not.toContain(URL);
  });

  it('sends nothing without applicant_email, without a link, or without SMTP settings', async () => {
    const before = smtp.mails.length;
    const sent: string[] = [];
    const recorded: string[] = [];
    const { log, lines } = capturedLog();
    const deps = {
      mailer: { send: async (m: { to: string }) => void sent.push(m.to) },
      log,
      track: (send: () => Promise<void>) => send(),
      recordStatus: async (_id: string, status: string) => void recorded.push(status),
    };
    await withApplicantLinkMail(
      async () => ok({ record: checkRequestRecord(state({ applicant_email: null }), null, NOW, URL) }),
      deps,
    )();
    await withApplicantLinkMail(async () => ok({ record: checkRequestRecord(state(), null, NOW) }), deps)();
    expect(sent).toEqual([]);
    expect(lines.join('')).toBe('');
    const record = checkRequestRecord(state({ applicant_email_status: 'not_sent' }), null, NOW, URL);
    const created = await withApplicantLinkMail(async () => ok({ record }), { ...deps, mailer: null })();
    expect(created).toEqual(ok({ record }));
    expect(sent).toEqual([]);
    expect(recorded).toEqual([]);
    expect(smtp.mails.length).toBe(before);
  });

  it('logs a warning, without the address, when applicant_email is not sent for want of mail settings', async () => {
    const { log, lines } = capturedLog();
    const record = checkRequestRecord(state({ applicant_email_status: 'not_sent' }), null, NOW, URL);
    const deps = {
      mailer: null,
      log,
      track: (send: () => Promise<void>) => send(),
      recordStatus: async () => {},
    };
    await withApplicantLinkMail(async () => ok({ record }), deps)();
    const logged = lines.join('');
    expect(logged).toContain('"level":40');
    expect(logged).toContain('applicant_email was not sent');
    expect(logged).toContain('RTW_SMTP_URL');
    expect(logged).toContain(record.id);
    expect(logged).not.toContain(EMAIL);
    expect(logged).not.toContain(URL);
  });
});

describe('summaryOfRecord', () => {
  it('reads who asks and why from each kind of record', () => {
    expect(summaryOfRecord(checkRequestRecord(state(), null, NOW))).toMatchObject({
      kind: 'right_to_work',
      asker: 'Acme Ltd',
    });
    const rtr = state({
      kind: 'right_to_rent',
      checker: { checker_name: 'Pat Landlord', checker_type: 'landlord' },
    } as Partial<CheckRequestState>);
    expect(summaryOfRecord(checkRequestRecord(rtr, null, NOW)).asker).toBe('Pat Landlord');
    const is = state({
      kind: 'immigration_status',
      checker: { company_name: 'Big Bank plc', job_title: 'Loans officer', purpose: 'travel' },
    } as Partial<CheckRequestState>);
    expect(summaryOfRecord(checkRequestRecord(is, null, NOW))).toEqual({
      kind: 'immigration_status',
      mode: 'test',
      asker: 'Big Bank plc',
      jobTitle: 'Loans officer',
      purpose: 'Travel',
      expiresAt: new Date('2026-12-12T10:00:00Z'),
    });
  });
});
