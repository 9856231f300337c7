// Every row of core's sandbox table, for each kind, through the SDK against the MSW sandbox:
// synchronously (the result, or the typed error) and asynchronously (create, waitForCheck, the final
// record), with the async outcome identical to the synchronous one.
import type { CheckKind } from '@sharecode/core';
import { CHECK_KINDS, kindInfo } from '@sharecode/core';
import type { ScenarioAnswer } from '@sharecode/core/sandbox';
import {
  runSandboxCheck,
  SANDBOX_DATE_OF_BIRTH,
  SANDBOX_SCENARIOS,
  SANDBOX_UPGRADE_URL,
  sandboxShareCode,
} from '@sharecode/core/sandbox';
import { validateCheckRequest } from '@sharecode/core/validation';
import { setupSandboxServer } from '@sharecode/sandbox/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isShareCodeApiError, ShareCodeApiError, ShareCodeClient } from '../src/index.js';
import {
  API_KEY,
  BASE,
  createCheck,
  REQUEST_ID,
  rejectionOf,
  requestBody,
  STATUS_OF,
  syncCheck,
} from './sandbox-helpers.js';

// A fixed sandbox clock: results carry checked_at and dates derived from it, so the synchronous and
// the asynchronous results of one code are byte for byte the same object.
const NOW = new Date('2025-06-02T10:00:00.000Z');
const { server, sandbox } = setupSandboxServer({
  now: () => new Date(NOW),
  delays: { startMs: 5, runMs: 5, retrySchedule: [0.02, 0.04] },
});
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sandbox.reset();
});
afterAll(() => server.close());

// maxRetries 0: the synchronous answer of the table, not the SDK's own retries of it.
const client = new ShareCodeClient({ apiKey: API_KEY, baseUrl: BASE, maxRetries: 0 });
const WAIT = { interval: 5, maxInterval: 20, timeout: 15_000 } as const;
const WRONG_DATE_OF_BIRTH = '1990-01-02';

// Spec section 3: TIMEOUT, BUSY and INTERNAL run up to 3 attempts in all, UPSTREAM_UNEXPECTED 2;
// every other error, and a result, ends the check at once.
const SPEC_MAX_ATTEMPTS: Readonly<Record<string, number>> = {
  TIMEOUT: 3,
  BUSY: 3,
  INTERNAL: 3,
  UPSTREAM_UNEXPECTED: 2,
};

/** How an asynchronous check of these per-attempt answers ends, by the spec's retry rules. */
function asyncEnd(answers: readonly ScenarioAnswer[]): { attempts: number; answer: ScenarioAnswer } {
  for (let attempt = 1; ; attempt++) {
    const answer = answers[Math.min(attempt, answers.length) - 1];
    if (answer === undefined) throw new Error('a scenario without answers');
    if (answer.type === 'result') return { attempts: attempt, answer };
    if (attempt >= (SPEC_MAX_ATTEMPTS[answer.code] ?? 1)) return { attempts: attempt, answer };
  }
}

/** What core's sandbox run answers for this request and attempt (the sandbox must say the same). */
async function coreAnswer(kind: CheckKind, shareCode: string, attempt: number, dateOfBirth: string) {
  const validated = validateCheckRequest(kind, requestBody(kind, shareCode, dateOfBirth), {
    async: false,
    now: NOW,
  });
  if (!validated.ok) throw new Error(`test body refused: ${validated.error.message}`);
  return runSandboxCheck(validated.value, { attempt, now: NOW });
}

interface Case {
  label: string;
  kind: CheckKind;
  code: string;
  dateOfBirth: string;
  /** Per-attempt answers of an asynchronous check of this request. */
  answers: readonly ScenarioAnswer[];
}

const NOT_FOUND: readonly ScenarioAnswer[] = [{ type: 'error', code: 'NOT_FOUND' }];

const cases: Case[] = [
  ...SANDBOX_SCENARIOS.flatMap((scenario) =>
    CHECK_KINDS.map((kind) => {
      const code = sandboxShareCode(kind, scenario.suffix);
      // A suffix the table does not list for a kind (SREJT0001) is an unknown code there.
      const answers = scenario.kinds.includes(kind) ? scenario.attempts : NOT_FOUND;
      return { label: code, kind, code, dateOfBirth: SANDBOX_DATE_OF_BIRTH, answers };
    }),
  ),
  // Another date of birth on a found person: DOB_MISMATCH, never retried.
  ...CHECK_KINDS.map((kind) => ({
    label: `${sandboxShareCode(kind, 'ACPT0001')} with another date of birth`,
    kind,
    code: sandboxShareCode(kind, 'ACPT0001'),
    dateOfBirth: WRONG_DATE_OF_BIRTH,
    answers: [{ type: 'error', code: 'DOB_MISMATCH' }] as const,
  })),
];

it('core table ends asynchronous checks after the attempts the issue lists', () => {
  const byCode = (suffix: string, dateOfBirth = SANDBOX_DATE_OF_BIRTH) => {
    const found = cases.find((c) => c.code === `W${suffix}` && c.dateOfBirth === dateOfBirth);
    if (!found) throw new Error(`W${suffix} is missing from core's table`);
    const end = asyncEnd(found.answers);
    return { attempts: end.attempts, ends: end.answer.type === 'result' ? 'result' : end.answer.code };
  };
  expect(byCode('RTRY0001')).toEqual({ attempts: 2, ends: 'result' });
  expect(byCode('RTRY0002')).toEqual({ attempts: 3, ends: 'result' });
  expect(byCode('TIME0001')).toEqual({ attempts: 3, ends: 'TIMEOUT' });
  expect(byCode('BUSY0001')).toEqual({ attempts: 3, ends: 'BUSY' });
  expect(byCode('FAIL0001')).toEqual({ attempts: 3, ends: 'INTERNAL' });
  expect(byCode('UPEX0001')).toEqual({ attempts: 2, ends: 'UPSTREAM_UNEXPECTED' });
  expect(byCode('NFND0001')).toEqual({ attempts: 1, ends: 'NOT_FOUND' });
  expect(byCode('ACPT0001', WRONG_DATE_OF_BIRTH)).toEqual({ attempts: 1, ends: 'DOB_MISMATCH' });
  // Every kind has the whole table (less REJT0001 for immigration status, which is NOT_FOUND there).
  expect(cases.filter((c) => c.dateOfBirth === SANDBOX_DATE_OF_BIRTH)).toHaveLength(
    SANDBOX_SCENARIOS.length * CHECK_KINDS.length,
  );
});

describe.each(cases)('$label ($kind)', ({ kind, code, dateOfBirth, answers }) => {
  it('synchronously: the result, or the typed error with its code, status and request id', async () => {
    const expected = await coreAnswer(kind, code, 1, dateOfBirth);
    const first = answers[0];
    if (first === undefined) throw new Error('a case without answers');

    if (first.type === 'result') {
      expect(expected.ok).toBe(true);
      const result = await syncCheck(client, kind, code, undefined, dateOfBirth);
      if (expected.ok) expect(result).toEqual(expected.value);
      expect(result).toMatchObject({
        title: kindInfo(kind).title,
        share_code: code,
        date_of_birth: SANDBOX_DATE_OF_BIRTH,
        checked_at: NOW.toISOString(),
      });
      return;
    }

    const error = await rejectionOf(syncCheck(client, kind, code, undefined, dateOfBirth));
    expect(error).toBeInstanceOf(ShareCodeApiError);
    if (!(error instanceof ShareCodeApiError)) return;
    expect(isShareCodeApiError(error, first.code)).toBe(true);
    expect(error.code).toBe(first.code);
    expect(error.status).toBe(STATUS_OF[first.code]);
    expect(error.requestId).toMatch(REQUEST_ID);
    expect(error.attempts).toBe(1);
    expect(error.idempotencyKey).toBeUndefined();
    // Only BUSY and RATE_LIMITED carry Retry-After (1 s in the sandbox); the 402s carry upgrade_url.
    expect(error.retryAfter).toBe(first.code === 'BUSY' || first.code === 'RATE_LIMITED' ? 1 : undefined);
    if (error.status === 402) expect(error.upgradeUrl).toBe(SANDBOX_UPGRADE_URL);
    expect(expected.ok).toBe(false);
    if (!expected.ok) expect(error.message).toBe(expected.error.message);
  });

  it('asynchronously: create, waitForCheck, and the final record matches the synchronous answer', async () => {
    const end = asyncEnd(answers);
    const created = await createCheck(client, kind, code, { client_reference: 'case-7' }, {}, dateOfBirth);
    expect(created.replayed).toBe(false);
    expect(created.requestId).toMatch(REQUEST_ID);
    expect(created.location).toBe(`${BASE}${kindInfo(kind).locationPrefix}${created.check.id}`);
    expect(created.check).toMatchObject({
      status: 'queued',
      attempts: 0,
      result: null,
      error: null,
      mode: 'test',
      client_reference: 'case-7',
      callback_url: null,
    });

    const seen: string[] = [];
    const final = await client.waitForCheck(created.check.id, {
      ...WAIT,
      onProgress: (check) => seen.push(`${check.status}/${check.attempts}`),
    });
    expect(final).toEqual(await client.getCheck(created.check.id));
    expect(seen.at(-1)).toBe(`${final.status}/${final.attempts}`);
    expect(final).toMatchObject({
      id: created.check.id,
      attempts: end.attempts,
      mode: 'test',
      client_reference: 'case-7',
      created_at: NOW.toISOString(),
      completed_at: NOW.toISOString(),
      result_expires_at: new Date(NOW.getTime() + 7 * 86_400_000).toISOString(),
      result_expired: false,
    });

    const expected = await coreAnswer(kind, code, end.attempts, dateOfBirth);
    const sync = syncCheck(client, kind, code, undefined, dateOfBirth);
    if (end.answer.type === 'result') {
      expect(final.status).toBe('succeeded');
      expect(final.error).toBeNull();
      if (expected.ok) expect(final.result).toEqual(expected.value);
      else expect.fail(`core answered ${expected.error.code} for the last attempt`);
      // Where the synchronous call succeeds too (not the RTRY codes), the objects are identical.
      if (answers[0]?.type === 'result') expect(final.result).toEqual(await sync);
      else await expect(sync).rejects.toBeInstanceOf(ShareCodeApiError);
      return;
    }

    expect(final.status).toBe('failed');
    expect(final.result).toBeNull();
    const syncError = await rejectionOf(sync);
    if (!(syncError instanceof ShareCodeApiError)) return expect.fail('the sync call did not fail');
    expect(syncError.code).toBe(end.answer.code);
    expect(final.error).toEqual({ code: syncError.code, message: syncError.message });

    // throwOnFailure: the error the synchronous call threw, with the failed check attached.
    const thrown = await rejectionOf(
      client.waitForCheck(created.check.id, { ...WAIT, throwOnFailure: true }),
    );
    if (!(thrown instanceof ShareCodeApiError)) return expect.fail('waitForCheck did not throw an API error');
    expect({ code: thrown.code, status: thrown.status, message: thrown.message }).toEqual({
      code: syncError.code,
      status: syncError.status,
      message: syncError.message,
    });
    expect(thrown.check).toEqual(final);
  });
});

describe('a code that is no sandbox scenario (a real share code sent with a test key)', () => {
  it.each(CHECK_KINDS)(
    '%s: 404 NOT_FOUND saying it is a test key and where the test codes are',
    async (kind) => {
      const code = sandboxShareCode(kind, '9Z8Y7X6V');
      const error = await rejectionOf(syncCheck(client, kind, code));
      if (!isShareCodeApiError(error, 'NOT_FOUND'))
        return expect.fail(`expected NOT_FOUND, got ${String(error)}`);
      expect(error.status).toBe(404);
      expect(error.message).toMatch(/This is a test key/);
      expect(error.message).toContain(`such as ${sandboxShareCode(kind, 'ACPT0001')}`);
      expect(error.message).toMatch(/`rtw sandbox codes`.*sandbox README/);
      expect(error.message).not.toContain(code);
    },
  );
});
