// Bad input of every rule answers 400 INVALID_INPUT naming the field, on the synchronous and the
// asynchronous endpoints alike; asynchronous-only rules (callback_url, client_reference,
// Idempotency-Key) on the asynchronous ones.
import type { CheckKind } from '@sharecode/core';
import { CHECK_KINDS } from '@sharecode/core';
import { sandboxShareCode } from '@sharecode/core/sandbox';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { templates, validBody } from './check-bodies.js';
import { call, expectContract, expectError, useSandboxServer } from './sandbox-harness.js';

const harness = useSandboxServer();
const NOW = new Date('2025-06-15T12:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

type Edit = (body: Record<string, unknown>) => void;
interface Rule {
  name: string;
  field: string;
  edit: Edit;
}

const set =
  (field: string, value: unknown): Edit =>
  (body) => {
    body[field] = value;
  };
const drop =
  (field: string): Edit =>
  (body) => {
    delete body[field];
  };
const long = 'x'.repeat(201);

const COMMON: Rule[] = [
  { name: 'share_code missing', field: 'share_code', edit: drop('share_code') },
  { name: 'share_code not a string', field: 'share_code', edit: set('share_code', 123456789) },
  { name: 'share_code too short', field: 'share_code', edit: set('share_code', 'WACPT001') },
  { name: 'share_code too long', field: 'share_code', edit: set('share_code', 'WACPT00011') },
  { name: 'share_code with punctuation', field: 'share_code', edit: set('share_code', 'WACPT-001') },
  { name: 'share_code of an unknown letter', field: 'share_code', edit: set('share_code', 'XACPT0001') },
  { name: 'date_of_birth missing', field: 'date_of_birth', edit: drop('date_of_birth') },
  {
    name: 'date_of_birth in another format',
    field: 'date_of_birth',
    edit: set('date_of_birth', '01/01/1990'),
  },
  { name: 'date_of_birth not a real day', field: 'date_of_birth', edit: set('date_of_birth', '1990-02-30') },
  { name: 'date_of_birth before 1900', field: 'date_of_birth', edit: set('date_of_birth', '1899-12-31') },
  { name: 'date_of_birth in the future', field: 'date_of_birth', edit: set('date_of_birth', '2030-01-01') },
  { name: 'date_of_birth under 16', field: 'date_of_birth', edit: set('date_of_birth', '2009-06-16') },
  { name: 'check of another kind', field: 'check', edit: set('check', 'something_else') },
  { name: 'an unknown field', field: 'nickname', edit: set('nickname', 'Pat') },
];

const BY_KIND: Record<CheckKind, Rule[]> = {
  right_to_work: [
    { name: 'share_code of right to rent', field: 'share_code', edit: set('share_code', 'RACPT0001') },
    { name: 'company_name missing', field: 'company_name', edit: drop('company_name') },
    { name: 'company_name empty', field: 'company_name', edit: set('company_name', '  ') },
    { name: 'company_name too long', field: 'company_name', edit: set('company_name', long) },
    { name: 'company_name not a string', field: 'company_name', edit: set('company_name', ['Acme']) },
    { name: 'company_name with a line break', field: 'company_name', edit: set('company_name', 'Acme\nLtd') },
    { name: 'checker_name sent', field: 'checker_name', edit: set('checker_name', 'Acme') },
    { name: 'purpose sent', field: 'purpose', edit: set('purpose', 'travel') },
  ],
  right_to_rent: [
    { name: 'share_code of right to work', field: 'share_code', edit: set('share_code', 'WACPT0001') },
    { name: 'checker_name missing', field: 'checker_name', edit: drop('checker_name') },
    { name: 'checker_name too long', field: 'checker_name', edit: set('checker_name', long) },
    { name: 'checker_type missing', field: 'checker_type', edit: drop('checker_type') },
    { name: 'checker_type unknown', field: 'checker_type', edit: set('checker_type', 'tenant') },
    { name: 'company_name sent', field: 'company_name', edit: set('company_name', 'Acme') },
  ],
  immigration_status: [
    { name: 'share_code of right to work', field: 'share_code', edit: set('share_code', 'WACPT0001') },
    { name: 'company_name missing', field: 'company_name', edit: drop('company_name') },
    { name: 'job_title missing', field: 'job_title', edit: drop('job_title') },
    { name: 'job_title too long', field: 'job_title', edit: set('job_title', long) },
    { name: 'purpose missing', field: 'purpose', edit: drop('purpose') },
    { name: 'purpose unknown', field: 'purpose', edit: set('purpose', 'curiosity') },
    {
      name: 'other_purpose missing when purpose is other',
      field: 'other_purpose',
      edit: set('purpose', 'other'),
    },
    {
      name: 'other_purpose with another purpose',
      field: 'other_purpose',
      edit: set('other_purpose', 'Audit'),
    },
    {
      name: 'other_purpose too long',
      field: 'other_purpose',
      edit: (body) => {
        body.purpose = 'other';
        body.other_purpose = long;
      },
    },
    { name: 'checker_type sent', field: 'checker_type', edit: set('checker_type', 'agent') },
  ],
};

const ASYNC_ONLY: Rule[] = [
  {
    name: 'callback_url over http',
    field: 'callback_url',
    edit: set('callback_url', 'http://hooks.example.com/x'),
  },
  {
    name: 'callback_url to a private address',
    field: 'callback_url',
    edit: set('callback_url', 'https://10.0.0.8/x'),
  },
  {
    name: 'callback_url to localhost',
    field: 'callback_url',
    edit: set('callback_url', 'https://localhost/x'),
  },
  {
    name: 'callback_url with a password',
    field: 'callback_url',
    edit: set('callback_url', 'https://user:pw@hooks.example.com/x'),
  },
  {
    name: 'callback_url too long',
    field: 'callback_url',
    edit: set('callback_url', `https://hooks.example.com/${'a'.repeat(2048)}`),
  },
  { name: 'callback_url not a string', field: 'callback_url', edit: set('callback_url', 42) },
  { name: 'client_reference too long', field: 'client_reference', edit: set('client_reference', long) },
  { name: 'client_reference not a string', field: 'client_reference', edit: set('client_reference', 7) },
];

function cases(kind: CheckKind, async: boolean): Rule[] {
  return [...COMMON, ...BY_KIND[kind], ...(async ? ASYNC_ONLY : [])];
}

describe.each(CHECK_KINDS)('%s', (kind) => {
  const paths = templates(kind);
  const code = sandboxShareCode(kind, 'ACPT0001');

  it.each(cases(kind, false))('sync: $name answers 400 naming $field', async ({ field, edit }) => {
    harness.use();
    const body = validBody(kind, code);
    edit(body);
    const answer = await call('POST', paths.sync, { body });
    expectContract('POST', paths.sync, answer);
    expect(expectError(answer, 400, 'INVALID_INPUT').message).toContain(field);
  });

  it.each(cases(kind, true))(
    'async: $name answers 400 naming $field, and queues nothing',
    async ({ field, edit }) => {
      const sandbox = harness.use();
      const body = validBody(kind, code);
      edit(body);
      const answer = await call('POST', paths.async, { body });
      expectContract('POST', paths.async, answer);
      expect(expectError(answer, 400, 'INVALID_INPUT').message).toContain(field);
      expect(sandbox.pendingTimers).toBe(0);
    },
  );

  it.each([
    ['callback_url', { callback_url: 'https://hooks.example.com/x' }],
    ['client_reference', { client_reference: 'ref-1' }],
  ])('sync: the asynchronous-only %s answers 400 naming it and the async path', async (field, extra) => {
    harness.use();
    const answer = await call('POST', paths.sync, { body: { ...validBody(kind, code), ...extra } });
    const message = expectError(answer, 400, 'INVALID_INPUT').message;
    expect(message).toContain(field);
  });
});

describe('Idempotency-Key', () => {
  it.each([
    ['longer than 255 characters', 'k'.repeat(256)],
    ['blank', '   '],
    ['with a non-ASCII character', 'clé-1'],
  ])('refuses a key %s with 400 naming Idempotency-Key', async (_label, key) => {
    const sandbox = harness.use();
    const answer = await call('POST', '/api/check/async', {
      body: validBody('right_to_work', 'WACPT0001'),
      headers: { 'idempotency-key': key },
    });
    expectContract('POST', '/api/check/async', answer);
    expect(expectError(answer, 400, 'INVALID_INPUT').message).toContain('Idempotency-Key');
    expect(sandbox.pendingTimers).toBe(0);
  });
});
