import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FormatsPlugin } from 'ajv-formats';
import formatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { sandboxTestEventRecord } from '../sandbox/test-event.js';
import {
  type CheckRequestState,
  checkRequestRecord,
  initialApplicantEmailStatus,
} from './check-request-record.js';

const contract = JSON.parse(readFileSync(new URL('../../../../openapi.json', import.meta.url), 'utf8'));
const addFormats: FormatsPlugin =
  typeof formatsModule === 'function' ? formatsModule : (formatsModule as { default: FormatsPlugin }).default;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(contract, 'openapi.json');

function contractSays(name: string, value: unknown): string {
  const validate = ajv.getSchema(`openapi.json#/components/schemas/${name}`);
  if (!validate) throw new Error(`no schema ${name}`);
  return validate(value) ? 'valid' : ajv.errorsText(validate.errors);
}

const CREATED = new Date('2026-11-28T10:00:00Z');
const EXPIRES = new Date('2026-12-12T10:00:00Z');
const ID = `creq_${'A'.repeat(32)}`;

const BASE = {
  id: ID,
  mode: 'test' as const,
  status: 'waiting' as const,
  client_reference: 'cand-42',
  callback_url: 'https://hr.example.com/hooks',
  applicant_email: 'sam@example.com',
  applicant_email_status: 'sent' as const,
  failed_attempts: 0,
  expires_at: EXPIRES,
  created_at: CREATED,
  ended_at: null,
  check_pending: false,
};

const STATES: CheckRequestState[] = [
  { ...BASE, kind: 'right_to_work', checker: { company_name: 'Acme Ltd' } },
  { ...BASE, kind: 'right_to_rent', checker: { checker_name: 'Pat Landlord', checker_type: 'landlord' } },
  {
    ...BASE,
    kind: 'immigration_status',
    checker: {
      company_name: 'Big Bank plc',
      job_title: 'Loans officer',
      purpose: 'other',
      other_purpose: 'Vetting',
    },
  },
];

describe('checkRequestRecord', () => {
  it.each(STATES.map((s) => [s.kind, s] as const))(
    '%s: the wire record, as the contract describes it',
    (_, state) => {
      const url = 'https://checks.example.com/r/abc';
      const record = checkRequestRecord(state, null, CREATED, url);
      expect(contractSays('CheckRequest', record)).toBe('valid');
      expect(record).toMatchObject({
        id: ID,
        kind: state.kind,
        status: 'waiting',
        mode: 'test',
        url,
        ...state.checker,
        client_reference: 'cand-42',
        callback_url: 'https://hr.example.com/hooks',
        applicant_email: 'sam@example.com',
        applicant_email_status: 'sent',
        failed_attempts: 0,
        expires_at: '2026-12-12T10:00:00.000Z',
        created_at: '2026-11-28T10:00:00.000Z',
        ended_at: null,
        check: null,
      });
      expect(record).not.toHaveProperty('check_pending');
      expect(record).not.toHaveProperty('checker');
    },
  );

  it.each([null, 'not_sent', 'sending', 'failed'] as const)(
    'carries applicant_email_status %s, valid for the contract',
    (status) => {
      const [state] = STATES;
      if (!state) throw new Error('no state');
      const record = checkRequestRecord({ ...state, applicant_email_status: status }, null, CREATED);
      expect(record.applicant_email_status).toBe(status);
      expect(contractSays('CheckRequest', record)).toBe('valid');
    },
  );

  it('starts applicant_email_status at null without an address, else sending or not_sent by mail settings', () => {
    expect(initialApplicantEmailStatus(null, true)).toBeNull();
    expect(initialApplicantEmailStatus(null, false)).toBeNull();
    expect(initialApplicantEmailStatus('sam@example.com', true)).toBe('sending');
    expect(initialApplicantEmailStatus('sam@example.com', false)).toBe('not_sent');
  });

  it('has no url unless given one (only the answer that creates the request has it)', () => {
    const [state] = STATES;
    if (!state) throw new Error('no state');
    expect(checkRequestRecord(state, null, CREATED).url).toBeNull();
  });

  it('reads a waiting request past its expiry as expired, ended at the expiry', () => {
    const [state] = STATES;
    if (!state) throw new Error('no state');
    const record = checkRequestRecord(state, null, new Date(EXPIRES.getTime() + 1000));
    expect(record.status).toBe('expired');
    expect(record.ended_at).toBe('2026-12-12T10:00:00.000Z');
    expect(contractSays('CheckRequest', record)).toBe('valid');
  });

  it('keeps a pending check deciding a request past its expiry', () => {
    const [state] = STATES;
    if (!state) throw new Error('no state');
    const record = checkRequestRecord(
      { ...state, check_pending: true },
      null,
      new Date(EXPIRES.getTime() + 1000),
    );
    expect(record.status).toBe('waiting');
    expect(record.ended_at).toBeNull();
  });

  it('carries the latest check and the recorded end of a submitted request', async () => {
    const [state] = STATES;
    if (!state) throw new Error('no state');
    const check = await sandboxTestEventRecord(CREATED);
    const ended = new Date('2026-11-29T09:00:00Z');
    const record = checkRequestRecord({ ...state, status: 'submitted', ended_at: ended }, check, EXPIRES);
    expect(record.status).toBe('submitted');
    expect(record.ended_at).toBe('2026-11-29T09:00:00.000Z');
    expect(record.check).toEqual(check);
    expect(contractSays('CheckRequest', record)).toBe('valid');
  });

  it('shows personal data as deleted once the store has removed it', () => {
    const [state] = STATES;
    if (!state) throw new Error('no state');
    const gone = { ...state, status: 'locked' as const, failed_attempts: 3, ended_at: CREATED };
    const record = checkRequestRecord(
      { ...gone, client_reference: null, callback_url: null, applicant_email: null },
      null,
      EXPIRES,
    );
    expect(record).toMatchObject({
      status: 'locked',
      failed_attempts: 3,
      client_reference: null,
      applicant_email: null,
    });
    expect(contractSays('CheckRequest', record)).toBe('valid');
  });
});
