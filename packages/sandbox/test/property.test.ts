// No request, however odd, makes the sandbox throw or answer 500 (other than the FAIL0001 scenario,
// whose 500 is the point): every answer is JSON, carries X-Request-Id, and an error answer has the
// error body of spec 2.6. Requests go through msw/node and the global fetch.
import { CHECK_KINDS } from '@sharecode/core';
import { SANDBOX_SCENARIOS, sandboxShareCode } from '@sharecode/core/sandbox';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { ROUTES } from '../src/routes.js';
import { validBody } from './check-bodies.js';
import { BASE, contract, KEY, useSandboxServer } from './sandbox-harness.js';

const harness = useSandboxServer();

const printable = (max: number) => fc.stringMatching(new RegExp(`^[\\x20-\\x7e]{0,${max}}$`));

const shareCodes = fc.oneof(
  fc.constantFrom(
    ...SANDBOX_SCENARIOS.flatMap((s) => CHECK_KINDS.map((k) => sandboxShareCode(k, s.suffix))),
    ' wac pt0 001 ',
    'S ACPT 0001',
  ),
  fc.string({ maxLength: 20 }),
  fc.anything(),
);
const dates = fc.oneof(
  fc.constantFrom('1990-01-01', '2000-02-29', '2001-02-29', '1899-12-31', '2999-01-01', ''),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.anything(),
);
const text = fc.oneof(
  fc.string({ maxLength: 220 }),
  fc.constantFrom('', ' ', 'a\nb', 'x'.repeat(201)),
  fc.anything(),
);

const fieldValues = {
  share_code: shareCodes,
  date_of_birth: dates,
  company_name: text,
  checker_name: text,
  checker_type: fc.oneof(fc.constantFrom('landlord', 'agent', 'tenant'), fc.anything()),
  job_title: text,
  purpose: fc.oneof(fc.constantFrom('travel', 'other', 'personal_finance', 'nope'), fc.anything()),
  other_purpose: text,
  check: fc.oneof(fc.constantFrom('right_to_work', 'right_to_rent', 'immigration_status'), fc.anything()),
  callback_url: fc.oneof(
    fc.constantFrom(
      'https://hooks.example.com/x',
      'http://a.example.com',
      'https://127.0.0.1/',
      'https://[::1]/',
    ),
    fc.webUrl(),
    fc.anything(),
  ),
  client_reference: text,
};
type Field = keyof typeof fieldValues;

// Any subset of the fields, each with a plausible or odd value.
const checkBody = fc.record(fieldValues, { requiredKeys: [] });
// One field set (or removed) to a plausible or odd value.
const override = fc
  .constantFrom(...(Object.keys(fieldValues) as Field[]))
  .chain((field) =>
    fc.option(fieldValues[field] as fc.Arbitrary<unknown>).map((value) => [field, value] as const),
  );

const bodies = fc.oneof(
  checkBody.map((b) => JSON.stringify(b) ?? ''),
  fc.jsonValue().map((v) => JSON.stringify(v) ?? ''),
  fc.string({ maxLength: 200 }),
  fc.constant(undefined),
);

const paths = fc.oneof(
  fc.constantFrom(...ROUTES.map((r) => r.template)),
  fc
    .tuple(
      fc.constantFrom(...ROUTES.map((r) => r.template)),
      fc.oneof(fc.stringMatching(/^chk_[A-Za-z0-9]{32}$/), printable(40)),
    )
    .map(([template, id]) => template.replace('{check_id}', encodeURIComponent(id))),
  fc.webPath(),
);

const chaotic = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
  path: paths,
  authorization: fc.option(
    fc.oneof(
      fc.constant(`Bearer ${KEY}`),
      fc.constant('Bearer rtw_live_aaaaaaaaaaaaaaaaaaaaaaaa0000000000000000'),
      printable(60),
    ),
  ),
  contentType: fc.option(
    fc.oneof(
      fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-8'),
      printable(40),
    ),
  ),
  idempotencyKey: fc.option(printable(300)),
  body: bodies,
});

// Well-formed envelopes around a valid body of the endpoint's kind with at most two fields changed, so
// most runs reach the body rules, core's scenarios, idempotency and the asynchronous runner.
const checkRoutes = ROUTES.flatMap((route) =>
  route.operation.type === 'sync-check' || route.operation.type === 'create-check'
    ? [{ template: route.template, kind: route.operation.kind }]
    : [],
);
const plausible = fc
  .record({
    route: fc.constantFrom(...checkRoutes),
    suffix: fc.constantFrom(...SANDBOX_SCENARIOS.map((s) => s.suffix), 'ZZZZ0000'),
    overrides: fc.array(override, { maxLength: 2 }),
    idempotencyKey: fc.option(fc.constantFrom('k1', 'k2', 'k3')),
  })
  .map(({ route, suffix, overrides, idempotencyKey }) => {
    const body: Record<string, unknown> = validBody(route.kind, sandboxShareCode(route.kind, suffix));
    for (const [field, value] of overrides) {
      if (value === null) delete body[field];
      else body[field] = value;
    }
    return {
      method: 'POST',
      path: route.template,
      authorization: `Bearer ${KEY}` as string | null,
      contentType: 'application/json' as string | null,
      idempotencyKey,
      body: JSON.stringify(body) ?? '',
    };
  });

const requests = fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 1, arbitrary: chaotic });

it('answers every request without throwing or a 500 of its own', async () => {
  // Webhooks of checks finishing meanwhile go to a handler, not the network.
  const sandbox = harness.use({ webhookHandler: () => undefined });
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(requests, async (req) => {
      const headers = new Headers();
      if (req.authorization !== null) headers.set('authorization', req.authorization);
      if (req.contentType !== null) headers.set('content-type', req.contentType);
      if (req.idempotencyKey !== null) headers.set('idempotency-key', req.idempotencyKey);
      const path = req.path.startsWith('/') ? req.path : `/${req.path}`;
      const hasBody = req.body !== undefined && req.method !== 'GET';
      const response = await fetch(`${BASE}${path}`, {
        method: req.method,
        headers,
        ...(hasBody ? { body: req.body } : {}),
      });
      const text = await response.text();
      const body = JSON.parse(text) as { error?: { code: string } };
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      expect(response.headers.get('x-request-id')).toMatch(/^req_/);
      if (response.status >= 400) {
        expect(contract.validateSchema('ErrorBody', body).errors).toEqual([]);
      }
      if (response.status === 500) {
        // Only the sandbox's own INTERNAL scenario may answer 500.
        expect(body.error?.code).toBe('INTERNAL');
        expect(typeof req.body === 'string' && /fail\s*0\s*0\s*0\s*1/i.test(req.body)).toBe(true);
      }
    }),
    { numRuns: 400 },
  );
  sandbox.reset();
  // The runs did reach core's scenarios, not only the error paths.
  expect((statuses.get(200) ?? 0) + (statuses.get(202) ?? 0)).toBeGreaterThan(0);
}, 120_000);
