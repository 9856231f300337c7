import { describe, expect, it } from 'vitest';
import { CHECK_PATHS, call, errorOf, validBody } from '../support/api.js';
import type { SuiteContext } from '../support/context.js';
import { newKey } from '../support/test-server.js';

type Body = Record<string, unknown>;
interface Rule {
  readonly name: string;
  /** The field the message must name. */
  readonly field: string;
  readonly body: (valid: Body) => unknown;
}

const without = (body: Body, field: string): Body => {
  const copy = { ...body };
  delete copy[field];
  return copy;
};
const LONG = 'x'.repeat(201);

/** Rules every endpoint applies (spec 2.1, 8.5). */
const COMMON: readonly Rule[] = [
  { name: 'body is an array', field: 'body', body: () => [] },
  { name: 'body is a string', field: 'body', body: () => 'WACPT0001' },
  { name: 'body is null', field: 'body', body: () => null },
  { name: 'unknown field', field: 'favourite_colour', body: (v) => ({ ...v, favourite_colour: 'blue' }) },
  { name: 'share_code missing', field: 'share_code', body: (v) => without(v, 'share_code') },
  { name: 'share_code not a string', field: 'share_code', body: (v) => ({ ...v, share_code: 123456789 }) },
  {
    name: 'share_code too short',
    field: 'share_code',
    body: (v) => ({ ...v, share_code: `${String(v.share_code).slice(0, 5)}` }),
  },
  {
    name: 'share_code too long',
    field: 'share_code',
    body: (v) => ({ ...v, share_code: `${String(v.share_code)}1` }),
  },
  {
    name: 'share_code punctuation',
    field: 'share_code',
    body: (v) => ({ ...v, share_code: `${String(v.share_code).slice(0, 8)}-` }),
  },
  { name: 'date_of_birth missing', field: 'date_of_birth', body: (v) => without(v, 'date_of_birth') },
  {
    name: 'date_of_birth not YYYY-MM-DD',
    field: 'date_of_birth',
    body: (v) => ({ ...v, date_of_birth: '01/01/1990' }),
  },
  {
    name: 'date_of_birth not a real day',
    field: 'date_of_birth',
    body: (v) => ({ ...v, date_of_birth: '1990-02-30' }),
  },
  {
    name: 'date_of_birth not a string',
    field: 'date_of_birth',
    body: (v) => ({ ...v, date_of_birth: 19900101 }),
  },
  {
    name: 'applicant under 16',
    field: 'date_of_birth',
    body: (v) => ({ ...v, date_of_birth: '2015-06-01' }),
  },
  {
    name: 'date_of_birth in the future',
    field: 'date_of_birth',
    body: (v) => ({ ...v, date_of_birth: '2030-01-01' }),
  },
  {
    name: 'callback_url on a synchronous endpoint',
    field: 'callback_url',
    body: (v) => ({ ...v, callback_url: 'https://example.com/hook' }),
  },
  {
    name: 'client_reference on a synchronous endpoint',
    field: 'client_reference',
    body: (v) => ({ ...v, client_reference: 'abc' }),
  },
];

const text = (field: string): Rule[] => [
  { name: `${field} missing`, field, body: (v) => without(v, field) },
  { name: `${field} empty`, field, body: (v) => ({ ...v, [field]: '' }) },
  { name: `${field} over 200 characters`, field, body: (v) => ({ ...v, [field]: LONG }) },
  { name: `${field} not a string`, field, body: (v) => ({ ...v, [field]: 42 }) },
];

const RIGHT_TO_WORK: readonly Rule[] = [
  ...text('company_name'),
  {
    name: 'a right-to-rent share code',
    field: 'share_code',
    body: (v) => ({ ...v, share_code: 'RACPT0001' }),
  },
  {
    name: 'an immigration-status share code',
    field: 'share_code',
    body: (v) => ({ ...v, share_code: 'SACPT0001' }),
  },
  { name: 'check of another kind', field: 'check', body: (v) => ({ ...v, check: 'right_to_rent' }) },
  {
    name: 'checker_name (right to rent only)',
    field: 'checker_name',
    body: (v) => ({ ...v, checker_name: 'A' }),
  },
  { name: 'purpose (immigration status only)', field: 'purpose', body: (v) => ({ ...v, purpose: 'travel' }) },
];

const RIGHT_TO_RENT: readonly Rule[] = [
  ...text('checker_name'),
  { name: 'checker_type missing', field: 'checker_type', body: (v) => without(v, 'checker_type') },
  {
    name: 'checker_type not landlord or agent',
    field: 'checker_type',
    body: (v) => ({ ...v, checker_type: 'tenant' }),
  },
  {
    name: 'a right-to-work share code',
    field: 'share_code',
    body: (v) => ({ ...v, share_code: 'WACPT0001' }),
  },
  { name: 'check other than right_to_rent', field: 'check', body: (v) => ({ ...v, check: 'right_to_work' }) },
  {
    name: 'company_name (right to work field)',
    field: 'company_name',
    body: (v) => ({ ...v, company_name: 'A' }),
  },
];

const IMMIGRATION_STATUS: readonly Rule[] = [
  ...text('company_name'),
  ...text('job_title'),
  { name: 'purpose missing', field: 'purpose', body: (v) => without(v, 'purpose') },
  { name: 'purpose not in the list', field: 'purpose', body: (v) => ({ ...v, purpose: 'shopping' }) },
  {
    name: 'other_purpose missing when purpose is other',
    field: 'other_purpose',
    body: (v) => ({ ...v, purpose: 'other' }),
  },
  {
    name: 'other_purpose empty when purpose is other',
    field: 'other_purpose',
    body: (v) => ({ ...v, purpose: 'other', other_purpose: '' }),
  },
  {
    name: 'other_purpose over 200 characters',
    field: 'other_purpose',
    body: (v) => ({ ...v, purpose: 'other', other_purpose: LONG }),
  },
  {
    name: 'other_purpose without purpose other',
    field: 'other_purpose',
    body: (v) => ({ ...v, other_purpose: 'why not' }),
  },
  {
    name: 'checker_type sent to immigration status',
    field: 'checker_type',
    body: (v) => ({ ...v, checker_type: 'landlord' }),
  },
  {
    name: 'a right-to-work share code',
    field: 'share_code',
    body: (v) => ({ ...v, share_code: 'WACPT0001' }),
  },
  {
    name: 'a right-to-rent share code',
    field: 'share_code',
    body: (v) => ({ ...v, share_code: 'RACPT0001' }),
  },
  {
    name: 'check other than immigration_status',
    field: 'check',
    body: (v) => ({ ...v, check: 'right_to_work' }),
  },
];

const RULES: Readonly<Record<(typeof CHECK_PATHS)[number], readonly Rule[]>> = {
  '/api/check': [...COMMON, ...RIGHT_TO_WORK],
  '/api/check/right-to-work': [...COMMON, ...RIGHT_TO_WORK],
  '/api/check/right-to-rent': [...COMMON, ...RIGHT_TO_RENT],
  '/api/check/immigration-status': [...COMMON, ...IMMIGRATION_STATUS],
};

/** Bodies at the edges of the rules that must be accepted. */
const ACCEPTED: Readonly<Record<(typeof CHECK_PATHS)[number], ReadonlyArray<(v: Body) => Body>>> = {
  '/api/check': [
    (v) => ({ ...v, share_code: 'w acpt 0001', company_name: 'x'.repeat(200) }),
    (v) => ({ ...v, check: 'right_to_work' }),
  ],
  '/api/check/right-to-work': [(v) => ({ ...v, share_code: ' WACPT 0001 ' })],
  '/api/check/right-to-rent': [
    (v) => ({ ...v, checker_type: 'landlord', checker_name: 'x'.repeat(200), check: 'right_to_rent' }),
  ],
  '/api/check/immigration-status': [
    (v) => ({ ...v, purpose: 'other', other_purpose: 'x'.repeat(200), check: 'immigration_status' }),
    (v) => ({ ...v, job_title: 'x'.repeat(200) }),
  ],
};

export function validationSuite(ctx: SuiteContext): void {
  describe('validation by the core rules', () => {
    for (const path of CHECK_PATHS) {
      it(`${path}: every rule refuses with 400 INVALID_INPUT naming the field`, async () => {
        const { key } = await newKey(ctx.server.admin, 'free', 'test');
        for (const rule of RULES[path]) {
          ctx.server.clock.advance(1000);
          const response = await call(ctx.server.url, 'POST', path, {
            key,
            json: rule.body(validBody(path)),
          });
          expect(response.status, rule.name).toBe(400);
          expect(errorOf(response).code, rule.name).toBe('INVALID_INPUT');
          expect(errorOf(response).message, rule.name).toContain(rule.field);
        }
      });

      it(`${path}: accepts bodies at the edges of the rules`, async () => {
        const { key } = await newKey(ctx.server.admin, 'free', 'test');
        for (const make of ACCEPTED[path]) {
          ctx.server.clock.advance(1000);
          const response = await call(ctx.server.url, 'POST', path, { key, json: make(validBody(path)) });
          expect(response.status, response.text.slice(0, 200)).toBe(200);
        }
      });
    }

    it('names every invalid field in one 400, the first field first (sync and async)', async () => {
      const { key } = await newKey(ctx.server.admin, 'free', 'test');
      const bad = { share_code: 'W12', date_of_birth: '31/01/1990', company_name: '' };
      for (const [path, body] of [
        ['/api/check', bad],
        ['/api/check/async', { ...bad, callback_url: 'ftp://hooks.example.com' }],
      ] as const) {
        ctx.server.clock.advance(1000);
        const response = await call(ctx.server.url, 'POST', path, { key, json: body });
        expect(response.status).toBe(400);
        const { code, message } = errorOf(response);
        expect(code).toBe('INVALID_INPUT');
        expect(message).toMatch(/^share_code\b/);
        const named = ['share_code', 'date_of_birth', 'company_name'];
        if (path === '/api/check/async') named.push('callback_url');
        const at = named.map((field) => message.indexOf(field));
        expect(
          at.every((i) => i >= 0),
          message,
        ).toBe(true);
        expect(
          [...at].sort((a, b) => a - b),
          message,
        ).toEqual(at);
        expect(message.split(' Also: '), message).toHaveLength(named.length);
      }
    });

    it('validates live requests by the same rules, and refusals are not charged', async () => {
      const { key, accountId } = await newKey(ctx.server.admin, 'free', 'live');
      const calls = ctx.liveRunner.calls.length;
      ctx.server.clock.advance(1000);
      const response = await call(ctx.server.url, 'POST', '/api/check', {
        key,
        json: { ...validBody('/api/check'), company_name: '' },
      });
      expect(response.status).toBe(400);
      expect(errorOf(response).message).toContain('company_name');
      expect(response.headers.get('x-ratelimit-remaining')).toBe('10');
      expect(ctx.liveRunner.calls.length).toBe(calls);
      const usage = await ctx.server.admin.usage(accountId);
      expect(usage.ok && usage.value.used).toBe(0);
    });
  });
}
