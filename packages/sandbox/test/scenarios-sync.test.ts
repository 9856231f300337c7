// Every row of core's sandbox table, for each kind, through the synchronous endpoints.
import type { CheckKind } from '@sharecode/core';
import { CHECK_KINDS, httpStatusOf, kindInfo } from '@sharecode/core';
import {
  SANDBOX_BUSY_RETRY_AFTER_SECONDS,
  SANDBOX_PEOPLE,
  SANDBOX_SCENARIOS,
  SANDBOX_UPGRADE_URL,
  sandboxShareCode,
} from '@sharecode/core/sandbox';
import { describe, expect, it } from 'vitest';
import { templates, validBody } from './check-bodies.js';
import { call, expectContract, expectError, useSandboxServer } from './sandbox-harness.js';

const harness = useSandboxServer();

const cases = SANDBOX_SCENARIOS.flatMap((scenario) =>
  CHECK_KINDS.map((kind) => ({ scenario, kind, code: sandboxShareCode(kind, scenario.suffix) })),
);

describe.each(cases)('$code ($kind) synchronously', ({ scenario, kind, code }) => {
  const path = templates(kind).sync;

  it('answers as the table says, with a contract-valid body', async () => {
    harness.use();
    const answer = await call('POST', path, { body: validBody(kind, code) });
    expectContract('POST', path, answer);
    expect(answer.headers.get('x-request-id')).toMatch(/^req_/);
    expect(answer.headers.get('x-ratelimit-limit')).toBeNull();
    const expected = scenario.kinds.includes(kind)
      ? scenario.sync
      : ({ type: 'error', code: 'NOT_FOUND' } as const);
    if (expected.type === 'error') {
      expectError(answer, httpStatusOf(expected.code), expected.code);
      expect(answer.headers.get('retry-after')).toBe(
        expected.code === 'BUSY' || expected.code === 'RATE_LIMITED'
          ? String(SANDBOX_BUSY_RETRY_AFTER_SECONDS)
          : null,
      );
      if (httpStatusOf(expected.code) === 402) {
        expect(answer.body).toMatchObject({ error: { upgrade_url: SANDBOX_UPGRADE_URL } });
      }
      return;
    }
    expect(answer.status).toBe(200);
    const result = answer.body as { title: string; name: string; share_code: string; outcome: string };
    expect(result.title).toBe(kindInfo(kind).title);
    expect(result.name).toBe(SANDBOX_PEOPLE[expected.person].name);
    expect(result.share_code).toBe(code);
    expect(result.outcome).toBe(expected.person === 'REJT0001' ? 'REJECTED' : 'ACCEPTED');
  });
});

describe.each(CHECK_KINDS)('%s synchronously', (kind: CheckKind) => {
  const path = templates(kind).sync;

  it('answers DOB_MISMATCH for a found code with another date of birth', async () => {
    harness.use();
    const answer = await call('POST', path, {
      body: validBody(kind, sandboxShareCode(kind, 'ACPT0001'), '1991-02-03'),
    });
    expectContract('POST', path, answer);
    expectError(answer, 404, 'DOB_MISMATCH');
  });

  it('answers NOT_FOUND for a code outside the table', async () => {
    harness.use();
    const answer = await call('POST', path, { body: validBody(kind, sandboxShareCode(kind, 'ZZZZ9999')) });
    expectError(answer, 404, 'NOT_FOUND');
  });

  it('normalises spaces and lower case in the share code', async () => {
    harness.use();
    const spaced = sandboxShareCode(kind, 'ACPT0001')
      .toLowerCase()
      .replace(/(...)(...)(...)/, '$1 $2 $3');
    const answer = await call('POST', path, { body: validBody(kind, spaced) });
    expect(answer.status).toBe(200);
    expect((answer.body as { share_code: string }).share_code).toBe(sandboxShareCode(kind, 'ACPT0001'));
  });
});

describe('the right-to-work alias', () => {
  it('POST /api/check/right-to-work answers exactly as POST /api/check', async () => {
    harness.use();
    const body = validBody('right_to_work', 'WNOEX0001');
    const alias = await call('POST', '/api/check/right-to-work', { body });
    const main = await call('POST', '/api/check', { body });
    expectContract('POST', '/api/check/right-to-work', alias);
    const { checked_at: _a, ...aliasResult } = alias.body as Record<string, unknown>;
    const { checked_at: _b, ...mainResult } = main.body as Record<string, unknown>;
    expect(aliasResult).toEqual(mainResult);
  });
});
